import { canonicalJson } from "../canonical.ts";
import type { VatRate } from "../items/item.ts";
import { euMemberStates, type SaleRegimeKind, saleRegime } from "../vat/regime.ts";
import type { DocumentContact, DocumentDirection } from "./document.ts";
import { type DocumentLine, isPriced, type LineVatRegime, type PricedLine } from "./lines.ts";

/**
 * Sales exempt or outside French VAT (issue 22, vat-return.md §2): each priced line of a sales document
 * takes the regime its customer and nature decide (`saleRegime`), and carries it — the line exempt with
 * the regime's legal mention (CGI 242 nonies A I-13°) — so that a validated document, its entry, its
 * Factur-X and its PDF never depend on the contact's later changes.
 */

/** The franchise en base's mention (293 B): such a seller's lines keep it whoever the customer is. */
export const franchiseMention = "TVA non applicable, art. 293 B du CGI";

/** The legal mention each regime prints, word for word (the items' `vatExemptionMentions` for goods). */
export const saleRegimeMentions = {
  intraEu: "Exonération de TVA, article 262 ter I du CGI",
  export: "Exonération de TVA, article 262 I du CGI",
  /** Services to a business of another member state: VAT due by the customer (directive 2006/112 art. 196). */
  reverseChargeEu: "Autoliquidation, TVA due par le preneur (article 196 de la directive 2006/112/CE)",
  /** Services to a business outside the EU: taxable where it is established (CGI 259-1). */
  outsideEu: "TVA non applicable, art. 259-1 du CGI",
} as const;

const mentionTexts: readonly string[] = Object.values(saleRegimeMentions);

const countryOf = (contact: DocumentContact): string => {
  const country = (contact.billingAddress?.country ?? "FR").toUpperCase();
  return country === "MC" ? "FR" : country;
};

/** Whether the customer is established in another member state (its reverse charge is "Autoliquidation"). */
export const isEuCustomer = (contact: DocumentContact | null): boolean => {
  if (!contact) return false;
  const country = countryOf(contact);
  return country !== "FR" && euMemberStates.has(country);
};

/** The mention of a regime for this customer. */
export const saleRegimeMention = (kind: LineVatRegime["kind"], contact: DocumentContact): string =>
  kind === "reverseCharge"
    ? isEuCustomer(contact)
      ? saleRegimeMentions.reverseChargeEu
      : saleRegimeMentions.outsideEu
    : saleRegimeMentions[kind];

/** What a line's regime is decided from: the document's side and customer. */
export type RegimeDocument = {
  readonly direction: DocumentDirection;
  readonly contact: DocumentContact | null;
};

/** The regime a line of this document falls under: "domestic" on purchases, without a customer, under the franchise. */
export const lineSaleRegime = (
  doc: RegimeDocument,
  line: Pick<PricedLine, "nature" | "vatExemption" | "vatRegime">,
): SaleRegimeKind => {
  const contact = doc.contact;
  if (doc.direction !== "sales" || !contact) return "domestic";
  const home = line.vatRegime ? line.vatRegime.homeExemption : line.vatExemption;
  if (home === franchiseMention) return "domestic";
  return saleRegime(
    { kind: contact.kind, country: contact.billingAddress?.country, vatNumber: contact.vatNumber },
    line.nature,
  );
};

/**
 * The line as its document's regime has it. Its rate at home is the one it carries, or, when the line
 * given is the exempt display of a regime the line already had (`previous`), that regime's: a line
 * edited back as shown keeps its home rate.
 */
export function withSaleRegime(doc: RegimeDocument, line: PricedLine, previous?: DocumentLine): PricedLine;
export function withSaleRegime(
  doc: RegimeDocument,
  line: DocumentLine,
  previous?: DocumentLine,
): DocumentLine;
export function withSaleRegime(
  doc: RegimeDocument,
  line: DocumentLine,
  previous?: DocumentLine,
): DocumentLine {
  if (!isPriced(line)) return line;
  const { vatRegime, ...plain } = line;
  const prior = previous && isPriced(previous) ? previous.vatRegime : undefined;
  const shown = line.vatRate === "exempt" && mentionTexts.includes(line.vatExemption ?? "");
  const home: { homeRate: VatRate; homeExemption: string | null } =
    vatRegime ?? (shown && prior ? prior : { homeRate: line.vatRate, homeExemption: line.vatExemption });
  const kind = lineSaleRegime(doc, { nature: line.nature, vatExemption: home.homeExemption });
  if (kind === "domestic" || !doc.contact) {
    if (!vatRegime && !(shown && prior)) return line;
    return { ...plain, vatRate: home.homeRate, vatExemption: home.homeExemption };
  }
  return {
    ...plain,
    vatRate: "exempt",
    vatExemption: saleRegimeMention(kind, doc.contact),
    vatRegime: { homeExemption: home.homeExemption, homeRate: home.homeRate, kind },
  };
}

/** Whether a line is the same as another, whatever its keys' order (a line read from the log has them sorted). */
export const sameLine = (a: DocumentLine, b: DocumentLine): boolean => canonicalJson(a) === canonicalJson(b);

/** Every line of the document as its regime has it (title and comment lines as they are). */
export const withSaleRegimes = (doc: RegimeDocument, lines: readonly DocumentLine[]): DocumentLine[] =>
  lines.map((l) => withSaleRegime(doc, l, l));
