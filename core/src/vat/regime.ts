import type { VatKind, VatRegimeKind } from "./code.ts";

/**
 * Which VAT regime an operation falls under, from the other party's country and VAT number and what is
 * sold or bought (vat-return.md §2). France's own departments are "FR"; Monaco is in the French VAT
 * territory (CGI 286 quater of the Franco-Monegasque convention), so it is domestic.
 */

/** The member states of the European Union (ISO 3166-1 alpha-2; Greece's VAT prefix is EL). */
export const euMemberStates: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

/** The other party as a document keeps it: its country (FR when unknown) and VAT number. */
export type VatParty = { readonly country: string | null | undefined; readonly vatNumber: string | null };

const countryOf = (party: VatParty): string => {
  const country = (party.country ?? "FR").toUpperCase();
  return country === "MC" ? "FR" : country;
};

/**
 * A purchase's regime: from France (or from a business of another member state whose VAT number is not
 * known), domestic, as its invoice charges it; goods from a business of another member state, an
 * intra-EU acquisition (B2); services from a business established abroad, reverse charge (A3; CGI 283-2);
 * goods from outside the EU, an import, whose VAT is self-assessed on the return since 2022 (A4).
 */
export const purchaseRegime = (supplier: VatParty, kind: VatKind): VatRegimeKind => {
  const country = countryOf(supplier);
  if (country === "FR") return "domestic";
  if (euMemberStates.has(country)) {
    if (!supplier.vatNumber) return "domestic";
    return kind === "services" ? "reverseCharge" : "intraEu";
  }
  return kind === "services" ? "reverseCharge" : "import";
};

/** Self-assessed by the buyer: the supplier's invoice carries no French VAT, the buyer books it both ways. */
export const isSelfAssessed = (regime: VatRegimeKind): boolean =>
  regime === "intraEu" || regime === "reverseCharge" || regime === "import";

/** A supplier whose invoices are self-assessed: every purchase from it is (whatever the lines' kinds). */
export const isSelfAssessingSupplier = (supplier: VatParty): boolean =>
  isSelfAssessed(purchaseRegime(supplier, "goods"));

/** The customer as a sales document keeps it: its kind, country (FR when unknown) and VAT number. */
export type VatCustomer = VatParty & { readonly kind: "company" | "person" };

/** Where a sale is exempt or outside French VAT; "domestic" when French VAT is charged. */
export type SaleRegimeKind = Exclude<VatRegimeKind, "import">;

/** The member state a VAT number was given by (its prefix; Greece's EL is GR), or null. */
export const vatNumberState = (vatNumber: string | null): string | null => {
  const prefix = (vatNumber ?? "").replace(/\s/g, "").slice(0, 2).toUpperCase();
  const state = prefix === "EL" ? "GR" : prefix;
  return euMemberStates.has(state) ? state : null;
};

/**
 * A sale's regime (vat-return.md §2, CGI 262 ter I, 262 I, 259-1 and 283-2): goods delivered to a
 * business of another member state identified there for VAT (its VAT number of that state's prefix), an
 * intra-EU delivery exempt (F2); goods to a customer outside the EU, an export exempt (E1), whoever it
 * is; services to a business of another member state with its VAT number, or to a business outside the
 * EU, taxable where the customer is (E2: reverse charge by the customer, or outside French VAT). Else
 * domestic: a customer in France or Monaco, a consumer (distance sales and the OSS are not handled), a
 * business of another member state without a VAT number of it.
 */
export const saleRegime = (customer: VatCustomer, kind: VatKind): SaleRegimeKind => {
  const country = countryOf(customer);
  if (country === "FR") return "domestic";
  const goods = kind !== "services";
  if (euMemberStates.has(country)) {
    const state = vatNumberState(customer.vatNumber);
    if (state === null || state === "FR") return "domestic";
    return goods ? "intraEu" : "reverseCharge";
  }
  if (goods) return "export";
  return customer.kind === "company" || customer.vatNumber ? "reverseCharge" : "domestic";
};
