/**
 * Field validation with the spec's messages (section 5). A rule answers null when the value is
 * acceptable, or the message to show: a key of the `validation` namespace and its values; the
 * field label is added when the message is rendered.
 */

export type ValidationKey =
  | "required"
  | "boolean"
  | "number"
  | "string"
  | "integer"
  | "object"
  | "notNull"
  | "min"
  | "max"
  | "minLength"
  | "maxLength"
  | "invalidEmail"
  | "invalidPassword"
  | "invalidPhone"
  | "invalidIban"
  | "invalidVat"
  | "onlyNumbers"
  | "exactDigits"
  | "companyName"
  | "paymentMethodMissing"
  | "fileInvalid"
  | "missingToken"
  | "missingTo"
  | "sirenDigits"
  | "sirenLength"
  | "sirenKey"
  | "amountInvalid"
  | "amountNegative"
  | "amountDecimals"
  | "amountTooLarge";

export type ValidationMessage = { key: ValidationKey; values?: Record<string, string | number> };
export type Rule = (value: string) => ValidationMessage | null;

const message = (key: ValidationKey, values?: Record<string, string | number>): ValidationMessage =>
  values ? { key, values } : { key };

const blank = (value: string): boolean => value.trim() === "";
/** Removes the spaces, dots and dashes people type to group digits. */
export const compact = (value: string): string => value.replace(/[\s.\-\u00a0\u202f]/g, "");

export const required: Rule = (value) => (blank(value) ? message("required") : null);

export const minLength =
  (min: number): Rule =>
  (value) =>
    !blank(value) && value.trim().length < min ? message("minLength", { min }) : null;

export const maxLength =
  (max: number): Rule =>
  (value) =>
    value.trim().length > max ? message("maxLength", { max }) : null;

export const numberRule: Rule = (value) =>
  blank(value) || Number.isFinite(Number(value.replace(",", "."))) ? null : message("number");

export const integer: Rule = (value) =>
  blank(value) || /^-?\d+$/.test(value.trim()) ? null : message("integer");

export const min =
  (bound: number): Rule =>
  (value) =>
    !blank(value) && Number(value.replace(",", ".")) < bound ? message("min", { min: bound }) : null;

export const max =
  (bound: number): Rule =>
  (value) =>
    !blank(value) && Number(value.replace(",", ".")) > bound ? message("max", { max: bound }) : null;

export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
export const email: Rule = (value) => (blank(value) || isEmail(value) ? null : message("invalidEmail"));

/** At least 10 characters, with a letter and a digit (the identity API's rule). */
export const isStrongPassword = (value: string): boolean =>
  value.length >= 10 && /\p{L}/u.test(value) && /\d/.test(value);
export const password: Rule = (value) =>
  value === "" || isStrongPassword(value) ? null : message("invalidPassword");

export const isPhone = (value: string): boolean => {
  const digits = value.replace(/\D/g, "");
  return /^\+?[\d\s.()-]+$/.test(value.trim()) && digits.length >= 6 && digits.length <= 15;
};
export const phone: Rule = (value) => (blank(value) || isPhone(value) ? null : message("invalidPhone"));

/** ISO 13616 check: letters to numbers, remainder modulo 97 equal to 1. */
export const isIban = (value: string): boolean => {
  const iban = compact(value).toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
};
export const iban: Rule = (value) => (blank(value) || isIban(value) ? null : message("invalidIban"));

/** An EU VAT number; a French one has its key checked against the SIREN. */
export const isVatNumber = (value: string): boolean => {
  const vat = compact(value).toUpperCase();
  if (vat.startsWith("FR")) {
    const match = /^FR(\d{2})(\d{9})$/.exec(vat);
    if (!match) return /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/.test(vat);
    return Number(match[1]) === (12 + 3 * (Number(match[2]) % 97)) % 97;
  }
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vat);
};
export const vatNumber: Rule = (value) => (blank(value) || isVatNumber(value) ? null : message("invalidVat"));

export const onlyNumbers: Rule = (value) =>
  blank(value) || /^\d+$/.test(compact(value)) ? null : message("onlyNumbers");

export const exactDigits =
  (count: number): Rule =>
  (value) =>
    blank(value) || new RegExp(`^\\d{${count}}$`).test(compact(value))
      ? null
      : message("exactDigits", { count });

export const companyName: Rule = (value) => (blank(value) ? message("companyName") : null);

/** The first message of the rules, in order. */
export const validate = (value: string, rules: readonly Rule[]): ValidationMessage | null => {
  for (const rule of rules) {
    const result = rule(value);
    if (result) return result;
  }
  return null;
};

/** Validates every field of a form: the message of each field that fails. */
export const validateAll = <K extends string>(
  values: Record<K, string>,
  rules: Partial<Record<K, readonly Rule[]>>,
): Partial<Record<K, ValidationMessage>> => {
  const errors: Partial<Record<K, ValidationMessage>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const result = validate(values[key] ?? "", rules[key] ?? []);
    if (result) errors[key] = result;
  }
  return errors;
};

/**
 * The core's identifier rules, here because the web reaches the core only for the documents' live totals
 * (tests/layers.test.ts); `validation.test.ts` checks that they agree with the core's on random numbers.
 */
const compactIdentifier = (value: string): string => value.replace(/[\s.]/g, "").toUpperCase();

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** La Poste's SIREN: the one documented exception to the key, and its SIRETs' own rule (digits sum to 5k). */
const LA_POSTE = "356000000";

export const isValidSiren = (siren: string): boolean =>
  /^\d{9}$/.test(siren) && (siren === LA_POSTE || luhn(siren));

export const isValidSiret = (siret: string): boolean =>
  /^\d{14}$/.test(siret) &&
  isValidSiren(siret.slice(0, 9)) &&
  (luhn(siret) ||
    (siret.startsWith(LA_POSTE) && [...siret].reduce((sum, d) => sum + Number(d), 0) % 5 === 0));

/**
 * What is wrong with a SIREN as typed (spaces and dots allowed), said once and precisely (issue 23):
 * its length, or its check key (the core's Luhn rule, La Poste's exception included). `null` when valid.
 */
export const sirenProblem = (
  value: string,
): { key: "sirenDigits" | "sirenLength" | "sirenKey"; count?: number } | null => {
  const siren = compactIdentifier(value);
  if (/\D/.test(siren)) return { key: "sirenDigits" };
  if (!/^\d{9}$/.test(siren)) return { key: "sirenLength", count: siren.length };
  return isValidSiren(siren) ? null : { key: "sirenKey" };
};

/** `sirenProblem` as a form's rule: blank is left to `required`. */
export const siren: Rule = (value) => {
  if (blank(value)) return null;
  const problem = sirenProblem(value);
  if (!problem) return null;
  return problem.count === undefined ? message(problem.key) : message(problem.key, { count: problem.count });
};

/** The same for a SIRET: its 14 digits, its key, and its first nine being the SIREN typed beside it. */
export const siretProblem = (
  value: string,
  siren = "",
): { key: "siretDigits" | "siretLength" | "siretKey" | "siretOtherSiren"; count?: number } | null => {
  const siret = compactIdentifier(value);
  if (/\D/.test(siret)) return { key: "siretDigits" };
  if (!/^\d{14}$/.test(siret)) return { key: "siretLength", count: siret.length };
  if (!isValidSiret(siret)) return { key: "siretKey" };
  const typed = compactIdentifier(siren);
  return /^\d{9}$/.test(typed) && !siret.startsWith(typed) ? { key: "siretOtherSiren" } : null;
};
