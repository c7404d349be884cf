/** SIREN helpers for the e2e tests: random numbers avoid collisions with organisations left by other runs. */

const luhnSum = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
};

export const isValidSiren = (siren: string): boolean => /^\d{9}$/.test(siren) && luhnSum(siren) % 10 === 0;

/** A random 9-digit SIREN whose Luhn check digit is right. */
export const randomSiren = (): string => {
  const body = String(Math.floor(Math.random() * 1e8))
    .padStart(8, "0")
    .replace(/^0/, "9");
  for (let check = 0; check <= 9; check++) {
    const candidate = `${body}${check}`;
    if (isValidSiren(candidate)) return candidate;
  }
  throw new Error("unreachable: one check digit always satisfies Luhn");
};

/** A 9-digit number whose check digit is wrong. */
export const invalidSiren = (): string => {
  const valid = randomSiren();
  const last = Number(valid[8]);
  return `${valid.slice(0, 8)}${(last + 1) % 10}`;
};

/** « 732829320 » → « 732 829 320 », as a user would type it. */
export const spacedSiren = (siren: string): string => siren.replace(/(\d{3})(\d{3})(\d{3})/, "$1 $2 $3");
