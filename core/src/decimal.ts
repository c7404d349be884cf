/**
 * Decimal strings ("12.5", "0.0450", "-3") as whole numbers of a fixed scale, in bigint: unit prices,
 * rates and percentages are computed exactly and rounded once, half away from zero. Never a float.
 */

/** A decimal read at `scale` decimals: `units / 10^scale`. */
export type Scaled = { readonly units: bigint; readonly scale: number };

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * The value of `text` in units of 10^-scale, or `undefined` when it is not a plain decimal (a dot as
 * the separator, no exponent, no thousands groups) or has more than `scale` decimals.
 */
export const decimalUnits = (text: string, scale: number): bigint | undefined => {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const fraction = m[3] ?? "";
  if (fraction.length > scale) return undefined;
  const units = BigInt(m[2] ?? "0") * pow10(scale) + BigInt(fraction.padEnd(scale, "0") || "0");
  return m[1] === "-" ? -units : units;
};

/**
 * `units / 10^scale` as a decimal string with at least `minDecimals` decimals and no trailing zero
 * beyond them: 123450 at scale 4 -> "12.345", 120000 -> "12.00".
 */
export const formatUnits = (units: bigint, scale: number, minDecimals = 2): string => {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / pow10(scale);
  let fraction = (abs % pow10(scale)).toString().padStart(scale, "0");
  while (fraction.length > minDecimals && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const text = fraction.length > 0 ? `${whole}.${fraction}` : `${whole}`;
  return negative && abs !== 0n ? `-${text}` : text;
};

/** `numerator / denominator` rounded half away from zero (the commercial "half up"). */
export const divideRounded = (numerator: bigint, denominator: bigint): bigint => {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
};

/** Units at one scale expressed at another, rounded half away from zero when decimals are dropped. */
export const rescale = (units: bigint, from: number, to: number): bigint =>
  to >= from ? units * pow10(to - from) : divideRounded(units, pow10(from - to));
