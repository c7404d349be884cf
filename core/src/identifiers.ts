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

/** The SIREN a French VAT number carries (FR, a two-character key, the SIREN), else null. */
export const sirenOfVatNumber = (vatNumber: string | null | undefined): string | null =>
  /^FR[0-9A-Z]{2}(\d{9})$/.exec(compactIdentifier(vatNumber ?? ""))?.[1] ?? null;

/**
 * Whether a party (a supplier) is the organisation itself: its SIREN, given or within its French VAT
 * number, is the organisation's. A purchase from oneself is most often a mistake (one's own sales
 * invoice imported as a purchase, the wrong contact chosen): said, never refused.
 */
export const hasOwnSiren = (
  ownSiren: string,
  party: { readonly siren?: string | null; readonly vatNumber?: string | null },
): boolean => {
  const own = compactIdentifier(ownSiren);
  if (!/^\d{9}$/.test(own)) return false;
  return compactIdentifier(party.siren ?? "") === own || sirenOfVatNumber(party.vatNumber) === own;
};
