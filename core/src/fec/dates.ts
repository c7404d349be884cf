const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** "2025-01-31" from its parts, or null when they make no calendar date. */
export const isoDate = (year: string, month: string, day: string): string | null => {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${year}-${month}-${day}`;
};

/** True for a real calendar date written YYYY-MM-DD. */
export const isIsoDate = (text: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m !== null && isoDate(m[1] ?? "", m[2] ?? "", m[3] ?? "") !== null;
};
