/**
 * Money as integer cents (euros): never a float. Amounts are read and written exactly, as French
 * documents and FEC files write them.
 */
export type Cents = number;

export class AmountError extends Error {
  override readonly name = "AmountError";
  readonly code = "validation.invalidAmount";
  constructor(readonly text: string) {
    super(`Not an amount: "${text}"`);
  }
}

/** One line of an entry or a document: at most 100 billion euros. */
export const MAX_LINE_CENTS = 10 ** 13;
/** The debits (or the credits) of one entry: at most 10 trillion euros. */
export const MAX_ENTRY_CENTS = 10 ** 15;
/**
 * Every amount an organisation ever writes, added up: while it stays a safe integer, so does every
 * total any report or list makes of a part of them. About 90 trillion euros.
 */
export const MAX_VOLUME_CENTS = Number.MAX_SAFE_INTEGER;

/** Asserts a whole number of cents within the safe integer range. */
export const cents = (value: number): Cents => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
};

// Optional sign (before or after, as some software writes "12,50-"), digits with optional thousands
// groups (space, no-break space, narrow no-break space, dot or apostrophe), comma decimals (at most 2).
const AMOUNT = /^([+-])?(\d{1,3}(?:[ \u00a0\u202f.']\d{3})+|\d+)(?:,(\d{1,2}))?([+-])?$/;

/**
 * Reads an amount written the French way ("1 234,56", "1.234,56", "0000012,50", "-12,5", "12,50-",
 * "+3") into cents, exactly. A dot as decimal separator ("12.50") is refused rather than guessed:
 * in a French file it is a thousands separator.
 */
export const parseAmount = (text: string): Cents => {
  const trimmed = text.trim();
  const m = AMOUNT.exec(trimmed);
  if (!m || (m[1] && m[4])) throw new AmountError(text);
  const whole = (m[2] ?? "").replace(/[ \u00a0\u202f.']/g, "");
  const fraction = (m[3] ?? "").padEnd(2, "0");
  const value = Number(whole) * 100 + Number(fraction || "0");
  if (!Number.isSafeInteger(value)) throw new AmountError(text);
  const negative = m[1] === "-" || m[4] === "-";
  return negative && value !== 0 ? -value : value;
};

/** "1234,56", "-0,05", "0,00": the FEC's form (comma decimals, no thousands separator, never a dot). */
export const formatFecAmount = (value: Cents): string => {
  cents(value);
  const abs = Math.abs(value);
  const text = `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
  return value < 0 ? `-${text}` : text;
};

/**
 * Splits an amount across ratios without losing or creating a cent: each share is rounded down,
 * then the cents left go one each to the shares that lost the most in rounding (largest remainder;
 * ties to the first), so every share stays within a cent of its exact part.
 */
export const allocate = (total: Cents, ratios: readonly number[]): Cents[] => {
  cents(total);
  if (ratios.length === 0) throw new RangeError("allocate needs at least one ratio");
  if (ratios.some((r) => !Number.isSafeInteger(r) || r < 0))
    throw new RangeError("ratios are whole numbers >= 0");
  const sum = ratios.reduce((a, b) => a + b, 0);
  if (sum === 0) throw new RangeError("ratios add up to zero");
  const sign = total < 0 ? -1 : 1;
  const abs = BigInt(Math.abs(total));
  const divisor = BigInt(sum);
  // Whole-number arithmetic: a float quotient a hair below an integer may round up to it.
  const exact = ratios.map((r) => abs * BigInt(r));
  const shares = exact.map((e) => Number(e / divisor));
  const rest = Number(abs) - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, index) => ({ index, remainder: e % divisor }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder.slice(0, rest)) shares[index] = (shares[index] ?? 0) + 1;
  return shares.map((s) => (s === 0 ? 0 : s * sign));
};
