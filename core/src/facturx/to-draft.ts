import { DomainError } from "../decider.ts";
import { type DocumentLine, lineNet, normaliseLine, type PricedLineInput } from "../documents/lines.ts";
import { documentTotals } from "../documents/totals.ts";
import type { VatRate } from "../items/item.ts";
import { isSelfAssessingSupplier } from "../vat/regime.ts";
import { ciiAmount } from "./cii-write.ts";
import type { EAllowanceCharge, EInvoice, EParty, EVat } from "./model.ts";
import { calculationViolations } from "./rules.ts";

/**
 * A supplier's e-invoice as a draft purchase invoice (or credit note) of Registre: checked first
 * (EUR, an invoice type, the supplier's identity, BR-CO-10…17), then its lines as free lines — each
 * line's own allowances and charges as one adjustment line beside it, the document's allowances and
 * charges as lines of their VAT category, a profile without lines (BASIC WL) one line per VAT
 * category — and the totals of those lines checked against the file's: what Registre computes is what
 * the supplier invoiced, to the cent. MINIMUM carries no VAT detail: the draft has no line
 * (`linesMissing`), for manual entry.
 */
export type PurchaseProposal = {
  readonly kind: "invoice" | "creditNote";
  readonly supplier: EParty;
  readonly header: {
    readonly issueDate: string;
    readonly dueDate: string | null;
    readonly deliveryDate: string | null;
    readonly supplierNumber: string;
    readonly supplierDate: string;
    readonly customerReference: string | null;
    readonly notes: string | null;
  };
  readonly lines: readonly PricedLineInput[];
  readonly linesMissing: boolean;
  /** The file's totals, in cents. */
  readonly totals: {
    readonly excludingTax: number;
    readonly vat: number;
    readonly includingTax: number;
    readonly due: number;
  };
};

const rates: Record<string, VatRate> = { "20": "20", "10": "10", "5.5": "5.5", "2.1": "2.1" };

const exemptionTexts: Record<string, string> = {
  E: "Exonération de TVA",
  AE: "Autoliquidation",
  K: "Livraison intracommunautaire exonérée, art. 262 ter I du CGI",
  G: "Exportation exonérée, art. 262 I du CGI",
  O: "Hors du champ d'application de la TVA",
};

const rateOf = (vat: EVat, reason: string | null): Pick<PricedLineInput, "vatRate" | "vatExemption"> => {
  if (vat.category === "S") {
    const rate = rates[vat.rate];
    if (!rate) throw new DomainError("einvoice.unsupportedVatRate", { field: "BT-119", rate: vat.rate });
    return { vatRate: rate, vatExemption: null };
  }
  if (vat.category === "Z") return { vatRate: "0", vatExemption: null };
  const text = exemptionTexts[vat.category];
  if (!text)
    throw new DomainError("einvoice.unsupportedVatRate", {
      field: "BT-118",
      rate: `${vat.category} ${vat.rate}`,
    });
  return { vatRate: "exempt", vatExemption: (reason ?? text).slice(0, 200) };
};

/**
 * A supplier's invoice without French VAT that the buyer self-assesses (vat-return.md §2): from a
 * business of another member state with its VAT number or from outside the EU (`purchaseRegime`), every
 * category an intra-EU delivery (K), a reverse charge (AE) or an export (G). Its lines then take the
 * French standard rate, self-assessed — goods from K and G (B2, A4), services from AE (A3) — the
 * supplier owed what the file says; a reduced rate is the user's to set on the draft.
 */
const selfAssessedPurchase = (invoice: EInvoice): boolean => {
  const supplier = invoice.seller;
  const party = { country: supplier.address?.country ?? null, vatNumber: supplier.vatNumber };
  if (!isSelfAssessingSupplier(party)) return false;
  const categories = [
    ...invoice.vatBreakdown.map((b) => b.category),
    ...invoice.lines.map((l) => l.vat.category),
  ];
  return categories.length > 0 && categories.every((c) => c === "K" || c === "AE" || c === "G");
};

const invoiceTypes = new Set(["380", "384", "386", "389", "751", "877"]);
const creditTypes = new Set(["381", "261", "396"]);

const euros = (c: number) => ciiAmount(c);

export const purchaseProposal = (invoice: EInvoice): PurchaseProposal => {
  if (invoice.currency !== "EUR")
    throw new DomainError("einvoice.currency", { field: "BT-5", currency: invoice.currency.slice(0, 3) });
  const kind = invoiceTypes.has(invoice.typeCode)
    ? "invoice"
    : creditTypes.has(invoice.typeCode)
      ? "creditNote"
      : null;
  if (!kind)
    throw new DomainError("einvoice.unsupportedType", { field: "BT-3", type: invoice.typeCode.slice(0, 10) });
  const supplier = invoice.seller;
  if (!supplier.name.trim() || (!supplier.siren && !supplier.vatNumber))
    throw new DomainError("einvoice.supplierIdentity", { field: "seller" });
  const [violation] = calculationViolations(invoice);
  if (violation)
    throw new DomainError("einvoice.totalsMismatch", {
      field: violation.rule,
      rule: violation.rule,
      expected: euros(violation.expected),
      actual: euros(violation.actual),
    });
  // The exemption reason of each category, from the breakdown, for the lines of that category.
  const reasons = new Map(
    invoice.vatBreakdown.map((b) => [`${b.category}|${b.rate}`, b.exemptionReason ?? b.exemptionCode]),
  );
  const reason = (vat: EVat) => reasons.get(`${vat.category}|${vat.rate}`) ?? null;
  const nature = invoice.operationCategory?.startsWith("B") ? "goods" : "services";
  const selfAssessed = selfAssessedPurchase(invoice);
  const lines: PricedLineInput[] = [];
  const add = (
    input: Omit<PricedLineInput, "kind" | "id" | "vatRate" | "vatExemption" | "nature">,
    vat: EVat,
  ) =>
    lines.push({
      kind: "free",
      id: `L${lines.length + 1}`,
      nature,
      ...(selfAssessed
        ? { vatRate: "20", vatExemption: null, nature: vat.category === "AE" ? "services" : "goods" }
        : rateOf(vat, reason(vat))),
      ...input,
      label: input.label.trim().slice(0, 500) || "—",
    });
  const amountLine = (label: string, amount: number, vat: EVat) => {
    if (amount === 0) return;
    add({ label, quantity: amount < 0 ? "-1" : "1", unitPrice: ciiAmount(Math.abs(amount)) }, vat);
  };
  for (const l of invoice.lines) {
    const negativePrice = l.netPrice.startsWith("-");
    const quantity = negativePrice
      ? l.quantity.startsWith("-")
        ? l.quantity.slice(1)
        : `-${l.quantity}`
      : l.quantity;
    const unitPrice = negativePrice ? l.netPrice.slice(1) : l.netPrice;
    const main = Number(quantity) === 0 ? 0 : lineNet({ quantity, unitPrice, discount: "0" });
    if (Number(quantity) !== 0)
      add(
        {
          label: l.name,
          description: l.description,
          reference: l.sellerItemId?.slice(0, 60) ?? null,
          unit: /^[A-Z0-9]{1,3}$/.test(l.unitCode) ? l.unitCode : "C62",
          quantity,
          unitPrice,
        },
        l.vat,
      );
    const why = [...l.allowances, ...l.charges].map((a) => a.reason).filter((r): r is string => !!r);
    amountLine(
      `${l.name} — ${why.length > 0 ? [...new Set(why)].join(", ") : "remises et frais"}`,
      l.net - main,
      l.vat,
    );
  }
  const documentLevel = (a: EAllowanceCharge, sign: 1 | -1, fallback: string) => {
    if (!a.vat) throw new DomainError("einvoice.missingField", { field: "BT-95" });
    amountLine(a.reason ?? fallback, sign * a.amount, a.vat);
  };
  for (const a of invoice.allowances) documentLevel(a, -1, "Remise");
  for (const c of invoice.charges) documentLevel(c, 1, "Frais");
  if (invoice.lines.length === 0)
    for (const b of invoice.vatBreakdown)
      amountLine(
        b.category === "S" ? `Base HT TVA ${b.rate.replace(".", ",")} %` : (b.exemptionReason ?? "Base HT"),
        b.base,
        b,
      );
  const totals = invoice.totals;
  if (lines.length > 0) {
    const computed = documentTotals(
      lines.map((l) => normaliseLine(l) as DocumentLine),
      { selfAssessed },
    );
    const pairs: [string, number, number][] = [
      ["BT-109", totals.taxBasis, computed.totalExclTax],
      ["BT-110", totals.taxTotal, computed.totalVat],
      ["BT-112", totals.grandTotal, computed.totalInclTax],
    ];
    for (const [field, stated, ours] of pairs)
      if (stated !== ours)
        throw new DomainError("einvoice.totalsNotReproduced", {
          field,
          expected: euros(stated),
          actual: euros(ours),
        });
  }
  const notes = invoice.notes.filter((n) => !["PMD", "PMT", "AAB", "REG", "ABL"].includes(n.subject ?? ""));
  return {
    kind,
    supplier,
    header: {
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      deliveryDate: invoice.delivery?.date ?? null,
      supplierNumber: invoice.number.slice(0, 60),
      supplierDate: invoice.issueDate,
      customerReference: invoice.orderReference,
      notes:
        notes.length > 0
          ? notes
              .map((n) => n.content)
              .join("\n")
              .slice(0, 2000)
          : null,
    },
    lines,
    linesMissing: lines.length === 0,
    totals: {
      excludingTax: totals.taxBasis,
      vat: totals.taxTotal,
      includingTax: totals.grandTotal,
      due: totals.duePayable,
    },
  };
};
