import type { FecLineInput } from "@registre/core";

/** Entries of 2 to 4 lines over a year: sales with VAT, purchases, bank, some customer lettering. */
export const generate = (count: number): FecLineInput[] => {
  const out: FecLineInput[] = [];
  let n = 0;
  while (out.length < count) {
    n += 1;
    const day = `2025-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 28) + 1).padStart(2, "0")}`;
    const base = (n * 7919) % 100_000;
    const amount = 1_000 + base;
    const vat = Math.round(amount / 5);
    const line = (account: string, debit: number, credit: number, extra: Partial<FecLineInput> = {}) =>
      out.push({
        journalCode: n % 3 === 0 ? "HA" : n % 3 === 1 ? "VT" : "BQ",
        journalLib: n % 3 === 0 ? "Achats" : n % 3 === 1 ? "Ventes" : "Banque",
        ecritureNum: String(n),
        ecritureDate: day,
        compteNum: account,
        compteLib: `Compte ${account}`,
        compAuxNum: "",
        compAuxLib: "",
        pieceRef: `P${n}`,
        pieceDate: day,
        ecritureLib: `Opération ${n}`,
        debit,
        credit,
        ecritureLet: "",
        dateLet: "",
        validDate: day,
        montantDevise: null,
        idevise: "",
        ...extra,
      });
    const customer = { compAuxNum: `C${String(n % 200).padStart(4, "0")}`, compAuxLib: `Client ${n % 200}` };
    const supplier = {
      compAuxNum: `F${String(n % 50).padStart(4, "0")}`,
      compAuxLib: `Fournisseur ${n % 50}`,
    };
    if (n % 3 === 1) {
      line("411000", amount + vat, 0, customer);
      line("706000", 0, amount);
      line("445710", 0, vat);
    } else if (n % 3 === 0) {
      line("607000", amount, 0);
      line("445660", vat, 0);
      line("401000", 0, amount + vat, supplier);
    } else {
      line("512000", amount, 0);
      line("411000", 0, amount, customer);
    }
  }
  return out;
};
