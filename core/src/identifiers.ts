/** SIREN: 9 digits whose Luhn sum is a multiple of 10 (La Poste's 356000000 is the one documented exception). */
export const isValidSiren = (siren: string): boolean => {
  if (!/^\d{9}$/.test(siren)) return false;
  if (siren === "356000000") return true;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(siren[8 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** Strips the spaces and dots people type inside identifiers. */
export const compactIdentifier = (value: string): string => value.replace(/[\s.]/g, "").toUpperCase();
