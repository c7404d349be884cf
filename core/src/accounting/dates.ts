/** Accounting dates are calendar dates "YYYY-MM-DD": no time, no zone. */
export type IsoDate = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const parts = (date: IsoDate): [number, number, number] => {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

const format = (y: number, m: number, d: number): IsoDate =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

export const isIsoDate = (value: unknown): value is IsoDate => {
  if (typeof value !== "string" || !DATE.test(value)) return false;
  const [y, m, d] = parts(value);
  return y >= 1900 && y <= 2999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
};

/** "2025-01-31" -> "2025-01". */
export const monthOf = (date: IsoDate): string => date.slice(0, 7);

export const isFirstOfMonth = (date: IsoDate): boolean => date.endsWith("-01");

export const isLastOfMonth = (date: IsoDate): boolean => {
  const [y, m, d] = parts(date);
  return d === daysInMonth(y, m);
};

export const addDays = (date: IsoDate, days: number): IsoDate => {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
};

/** The last day of the month `months` months after the one of `date` (0 = that month). */
export const endOfMonth = (date: IsoDate, months = 0): IsoDate => {
  const [y, m] = parts(date);
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  const ty = t.getUTCFullYear();
  const tm = t.getUTCMonth() + 1;
  return format(ty, tm, daysInMonth(ty, tm));
};

/** Whole months from the month of `start` to the month of `end`, both included: ["2025-01", …]. */
export const monthsBetween = (start: IsoDate, end: IsoDate): string[] => {
  const out: string[] = [];
  for (let d = `${monthOf(start)}-01`; d <= end; d = addDays(endOfMonth(d), 1)) out.push(monthOf(d));
  return out;
};

/** Made once: building a formatter costs some 0.3 ms, and every validated entry asks for today. */
const parisDays = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date of an instant in France (accounting days are French days). */
export const parisDate = (instant: string | Date): IsoDate =>
  parisDays.format(typeof instant === "string" ? new Date(instant) : instant);
