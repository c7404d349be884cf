/**
 * A CDAR's dates: format 204 (`yyyyMMddHHmmss`) is a French business's local time — the examples of
 * XP Z12-012 state their instants in Paris time —, format 102 (`yyyyMMdd`) a calendar day. Pure: the
 * time zone's rules come from `Intl`, no clock is read.
 */

const parisParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const fields = (instant: Date) => {
  const parts = Object.fromEntries(parisParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    y: Number(parts.year),
    mo: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    mi: Number(parts.minute),
    s: Number(parts.second),
  };
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant (ISO-8601) as CDAR's format 204 in Paris time: `2025-07-01T16:10:00Z` → `20250701181000`. */
export const cdarDateTime = (instant: string): string => {
  const f = fields(new Date(instant));
  return `${pad(f.y, 4)}${pad(f.mo)}${pad(f.d)}${pad(f.h)}${pad(f.mi)}${pad(f.s)}`;
};

/** A day `YYYY-MM-DD` as format 102: `20250701`. */
export const cdarDay = (day: string): string => day.replaceAll("-", "");

/**
 * Format 204 (Paris time) back to an ISO-8601 instant; null when it is not 14 digits of a real time.
 * The offset is Paris's at that moment (+01:00 or +02:00), found by trying both.
 */
export const instantOfCdarDateTime = (value: string): string | null => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  for (const offsetHours of [2, 1]) {
    const instant = new Date(asUtc - offsetHours * 3_600_000);
    const f = fields(instant);
    if (f.y === y && f.mo === mo && f.d === d && f.h === h && f.mi === mi && f.s === s)
      return instant.toISOString();
  }
  // An hour the clocks skipped (the spring change): read as winter time.
  return new Date(asUtc - 3_600_000).toISOString();
};

/** Format 102 back to `YYYY-MM-DD`; null when it is not a real day. */
export const dayOfCdarDate = (value: string): string | null => {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
};
