import type { EParty } from "./model.ts";

/**
 * Which of the organisation's contacts sent an e-invoice: the same SIREN first, then the same VAT
 * number, then the same name (case, accents, punctuation and legal form aside); among equals a
 * supplier before another contact. Null when none matches: the import proposes to create it.
 */
export type SupplierCandidate = {
  readonly id: string;
  readonly name: string;
  readonly siren: string | null;
  readonly vatNumber: string | null;
  readonly isSupplier: boolean;
};

export type SupplierMatch = {
  readonly id: string;
  readonly name: string;
  readonly by: "siren" | "vatNumber" | "name";
};

const LEGAL_FORMS = /\b(sarl|sas|sasu|sa|eurl|sci|snc|scop|ei|eirl|gmbh|ltd|inc|bv|srl)\b/g;

export const supplierNameKey = (name: string): string =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .replace(LEGAL_FORMS, " ")
    .replace(/\s+/g, " ")
    .trim();

const vatKey = (vat: string | null) => (vat ? vat.replace(/[\s.-]/g, "").toUpperCase() : null);

export const matchSupplier = (
  party: EParty,
  candidates: readonly SupplierCandidate[],
): SupplierMatch | null => {
  const tests: [SupplierMatch["by"], (c: SupplierCandidate) => boolean][] = [
    ["siren", (c) => party.siren !== null && c.siren === party.siren],
    ["vatNumber", (c) => vatKey(party.vatNumber) !== null && vatKey(c.vatNumber) === vatKey(party.vatNumber)],
    [
      "name",
      (c) => supplierNameKey(party.name) !== "" && supplierNameKey(c.name) === supplierNameKey(party.name),
    ],
  ];
  for (const [by, test] of tests) {
    const found = candidates.filter(test).sort((a, b) => Number(b.isSupplier) - Number(a.isSupplier));
    const first = found[0];
    if (first) return { id: first.id, name: first.name, by };
  }
  return null;
};
