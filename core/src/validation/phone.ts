import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";

export type { CountryCode } from "libphonenumber-js";

/** The number in E.164 (`+33612345678`) when it is a valid number, national numbers read in `defaultCountry`. */
export const normalisePhone = (value: string, defaultCountry: CountryCode = "FR"): string | undefined => {
  const phone = parsePhoneNumberFromString(value, { defaultCountry, extract: false });
  return phone?.isValid() ? phone.number : undefined;
};

/** A phone number libphonenumber-js holds valid (length and prefix for its country), national or international. */
export const validatePhone = (
  value: string,
  defaultCountry: CountryCode = "FR",
): "validation.invalidPhone" | null =>
  normalisePhone(value, defaultCountry) === undefined ? "validation.invalidPhone" : null;
