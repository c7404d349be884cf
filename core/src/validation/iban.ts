import { electronicFormatIBAN, isValidIBAN } from "ibantools";

/** The IBAN in electronic format (no separators, upper case) when it is valid, `undefined` otherwise. */
export const normaliseIban = (value: string): string | undefined => {
  // ibantools strips spaces and hyphens; French typing also brings non-breaking spaces and tabs.
  const electronic = electronicFormatIBAN(value.replace(/\s/g, ""));
  return electronic && isValidIBAN(electronic) ? electronic : undefined;
};

/** An IBAN with the length and BBAN format of its country and a correct mod-97 check (ibantools). */
export const validateIban = (value: string): "validation.invalidIban" | null =>
  normaliseIban(value) === undefined ? "validation.invalidIban" : null;
