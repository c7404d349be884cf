import { describe, expect, it } from "vitest";
import type { EParty } from "./model.ts";
import { matchSupplier, type SupplierCandidate } from "./supplier-match.ts";

const party: EParty = {
  name: "Le Fournisseur SARL",
  siren: "123456782",
  vatNumber: "FR11123456782",
  address: null,
  email: null,
};
const contact = (changes: Partial<SupplierCandidate>): SupplierCandidate => ({
  id: "c",
  name: "Autre",
  siren: null,
  vatNumber: null,
  isSupplier: true,
  ...changes,
});

describe("the supplier of an e-invoice among the contacts", () => {
  it("by SIREN before VAT number before name", () => {
    const candidates = [
      contact({ id: "by-name", name: "LE FOURNISSEUR" }),
      contact({ id: "by-vat", vatNumber: "FR 11 123 456 782" }),
      contact({ id: "by-siren", siren: "123456782" }),
    ];
    expect(matchSupplier(party, candidates)).toEqual({ id: "by-siren", name: "Autre", by: "siren" });
    expect(matchSupplier(party, candidates.slice(0, 2))).toMatchObject({ id: "by-vat", by: "vatNumber" });
    expect(matchSupplier(party, candidates.slice(0, 1))).toMatchObject({ id: "by-name", by: "name" });
  });
  it("a supplier before a customer of the same SIREN; none when nothing matches", () => {
    const customer = contact({ id: "customer", siren: "123456782", isSupplier: false });
    const supplier = contact({ id: "supplier", siren: "123456782" });
    expect(matchSupplier(party, [customer, supplier])?.id).toBe("supplier");
    expect(matchSupplier(party, [contact({ name: "Fournisseur Bis" })])).toBeNull();
    expect(
      matchSupplier({ ...party, siren: null, vatNumber: null, name: "" }, [contact({ name: "" })]),
    ).toBeNull();
  });
});
