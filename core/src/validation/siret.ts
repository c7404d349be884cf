import { compactIdentifier, isValidSiren } from "../identifiers.ts";

const laPosteSiren = "356000000";

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

const digitSum = (digits: string): number => [...digits].reduce((sum, digit) => sum + Number(digit), 0);

/** The SIRET without the spaces and dots people type (`732 829 320 00074` -> `73282932000074`). */
export const normaliseSiret = (value: string): string => compactIdentifier(value);

/**
 * SIRET: 14 digits, a valid SIREN followed by the establishment number (NIC), the whole passing Luhn.
 * La Poste's establishments (SIREN 356000000) outgrew the Luhn keys: theirs are valid when the sum
 * of the 14 digits is a multiple of 5 (its head office, 356 000 000 00048, passes Luhn and is kept).
 */
export const validateSiret = (value: string): "validation.invalidSiret" | null => {
  const siret = normaliseSiret(value);
  if (!/^[0-9]{14}$/.test(siret) || !isValidSiren(siret.slice(0, 9))) return "validation.invalidSiret";
  if (luhn(siret)) return null;
  if (siret.startsWith(laPosteSiren) && digitSum(siret) % 5 === 0) return null;
  return "validation.invalidSiret";
};
