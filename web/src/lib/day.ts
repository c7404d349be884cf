/** Calendar days as people type them and as the API exchanges them ("YYYY-MM-DD"). */

const pad = (value: string) => value.padStart(2, "0");

/** A real calendar day "YYYY-MM-DD", or null (31/02 is no day). */
const isoDay = (year: string, month: string, day: string): string | null => {
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
};

/**
 * Reads a day typed by a person: « 31/12/2026 », « 31.12.2026 », « 31-12-2026 », « 3/1/2026 »,
 * « 31122026 », or the ISO « 2026-12-31 ». The year has its four digits, so that a day half typed
 * (« 31/12/202 ») is not taken for another.
 */
export const parseDay = (text: string): string | null => {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return isoDay(iso[1] ?? "", iso[2] ?? "", iso[3] ?? "");
  const typed =
    /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  return typed ? isoDay(typed[3] ?? "", typed[2] ?? "", typed[1] ?? "") : null;
};

/** Today in Paris, as the API counts days ("2026-05-12"): not the UTC date, a day behind after midnight in France. */
export const today = (): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
