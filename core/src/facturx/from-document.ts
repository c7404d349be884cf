import type { DocumentContact, LiveDocument } from "../documents/document.ts";
import { isPriced, type LineVatRegime, lineNet, type PricedLine } from "../documents/lines.ts";
import { isEuCustomer } from "../documents/sale-regime.ts";
import { documentTotalsOf } from "../documents/self-assessment.ts";
import { categoryKey } from "../documents/totals.ts";
import type {
  EAddress,
  EAllowanceCharge,
  EInvoice,
  ELine,
  ENote,
  EVat,
  EVatBreakdown,
  VatCategoryCode,
} from "./model.ts";

/** The seller as the organisation and its document settings describe it. */
export type FacturxSeller = {
  readonly name: string;
  readonly siren: string;
  readonly vatNumber: string | null;
  readonly address: {
    readonly line1: string;
    readonly line2?: string | null | undefined;
    readonly postalCode: string;
    readonly city: string;
    readonly country: string;
  } | null;
  readonly email: string | null;
  /** The débits option (VAT on services due at invoicing): BT-8 = 5. */
  readonly vatOnDebits: boolean;
  readonly bank: { readonly iban: string; readonly bic: string | null } | null;
  readonly legalMentions: string | null;
};

/** The French texts of the payment notes (PMD, PMT, AAB), as the PDF prints them. */
export type FacturxMentions = {
  /** Annual late-penalty rate, decimal string ("13.15"). */
  readonly latePenaltyRate: string;
  /** The early-payment discount's text; null: none ("Pas d'escompte pour paiement anticipé"). */
  readonly earlyPaymentDiscount: string | null;
  /** BT-20 as text ("30 jours"). */
  readonly paymentTerms: string | null;
};

const NBSP = "\u00a0";

/** The exemption ground's UNTDID 5305 category and VATEX code, read from its legal text. */
export const exemptionCategory = (
  ground: string | null,
): { category: VatCategoryCode; code: string | null } => {
  const g = (ground ?? "").toLowerCase();
  if (/autoliquidation|reverse charge|283/.test(g)) return { category: "AE", code: "VATEX-EU-AE" };
  if (/intracommunautaire|intra-community|262 ter/.test(g)) return { category: "K", code: "VATEX-EU-IC" };
  if (/export|262 i\b|262-i\b/.test(g)) return { category: "G", code: "VATEX-EU-G" };
  if (/293 b/.test(g)) return { category: "E", code: "VATEX-FR-FRANCHISE" };
  return { category: "E", code: null };
};

/**
 * A sale's regime as its UNTDID 5305 category and VATEX code: an intra-EU delivery K (VATEX-EU-IC), an
 * export G (VATEX-EU-G), a service to a business of another member state AE (VATEX-EU-AE); one to a
 * business outside the EU E with its mention only (O would forbid the seller's VAT number, BR-O-02).
 */
export const regimeCategory = (
  kind: LineVatRegime["kind"],
  contact: DocumentContact | null,
): { category: VatCategoryCode; code: string | null } =>
  kind === "intraEu"
    ? { category: "K", code: "VATEX-EU-IC" }
    : kind === "export"
      ? { category: "G", code: "VATEX-EU-G" }
      : isEuCustomer(contact)
        ? { category: "AE", code: "VATEX-EU-AE" }
        : { category: "E", code: null };

type Categorised = Pick<PricedLine, "vatRate" | "vatExemption"> & {
  readonly regime?: LineVatRegime["kind"] | undefined;
};

const vatOf = (line: Categorised, contact: DocumentContact | null): EVat =>
  line.regime
    ? { category: regimeCategory(line.regime, contact).category, rate: "0" }
    : line.vatRate === "exempt"
      ? { category: exemptionCategory(line.vatExemption).category, rate: "0" }
      : line.vatRate === "0"
        ? { category: "Z", rate: "0" }
        : { category: "S", rate: line.vatRate };

const addressOf = (a: DocumentContact["billingAddress"] | FacturxSeller["address"]): EAddress | null =>
  a
    ? {
        lines: [a.line1, ...(a.line2 ? [a.line2] : [])],
        postcode: a.postalCode || null,
        city: a.city || null,
        country: a.country,
      }
    : null;

const sameAddress = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** BT-23 from the lines' natures: B1 goods, S1 services, M1 both. */
export const operationCategoryOf = (lines: readonly PricedLine[]): string => {
  const natures = new Set(lines.map((l) => l.nature));
  return natures.size === 2 ? "M1" : natures.has("goods") ? "B1" : "S1";
};

/**
 * A validated sales invoice or credit note as an e-invoice: every field the document has, the 2026
 * mentions (customer SIREN BT-47, delivery address BG-15, operation category BT-23, débits option
 * BT-8, notes PMD/PMT/AAB), a credit note as 381 with the invoice it corrects (BT-25).
 */
export const eInvoiceOfDocument = (
  doc: LiveDocument,
  seller: FacturxSeller,
  mentions: FacturxMentions,
): EInvoice => {
  if (doc.direction !== "sales" || (doc.kind !== "invoice" && doc.kind !== "creditNote") || !doc.validation)
    throw new Error("Factur-X: a validated sales invoice or credit note only");
  const priced = doc.lines.filter(isPriced);
  const totals = documentTotalsOf(doc);
  const lines: ELine[] = priced.map((l, i) => {
    const net = lineNet(l);
    const gross = lineNet({ ...l, discount: "0" });
    const difference: EAllowanceCharge = {
      amount: Math.abs(gross - net),
      percent: l.discount,
      base: Math.abs(gross),
      reason: "Remise",
      vat: null,
    };
    return {
      id: String(i + 1),
      name: l.label,
      description: l.description,
      sellerItemId: l.reference,
      quantity: l.quantity,
      unitCode: l.unit,
      netPrice: l.unitPrice,
      allowances: gross > net ? [difference] : [],
      charges: gross < net ? [difference] : [],
      net,
      vat: vatOf({ ...l, regime: l.vatRegime?.kind }, doc.contact),
    };
  });
  // Each category's regime (a sale exempt or outside French VAT), from its lines.
  const regimes = new Map(priced.map((l) => [categoryKey(l), l.vatRegime?.kind]));
  const debits = seller.vatOnDebits && priced.some((l) => l.nature === "services");
  const breakdown = new Map<string, EVatBreakdown>();
  for (const row of totals.breakdown) {
    const regime = regimes.get(categoryKey(row));
    const vat = vatOf({ ...row, regime }, doc.contact);
    const key = `${vat.category}|${vat.rate}`;
    const exemption = regime
      ? regimeCategory(regime, doc.contact)
      : row.vatRate === "exempt"
        ? exemptionCategory(row.vatExemption)
        : null;
    const before = breakdown.get(key);
    breakdown.set(key, {
      ...vat,
      base: (before?.base ?? 0) + row.base,
      vat: (before?.vat ?? 0) + row.vat,
      exemptionReason:
        [before?.exemptionReason, row.vatExemption].filter((x): x is string => !!x).join(" ; ") ||
        (vat.category === "S" || vat.category === "Z" ? null : "Exonération de TVA"),
      exemptionCode: exemption?.code ?? null,
      dueDateCode: debits ? "5" : null,
    });
  }
  const notes: ENote[] = [
    ...(doc.header.label ? [{ subject: "AAI", content: doc.header.label }] : []),
    ...(doc.header.notes ? [{ subject: "AAI", content: doc.header.notes }] : []),
    ...doc.lines.flatMap((l) => (l.kind === "comment" ? [{ subject: "AAI", content: l.text }] : [])),
    ...(seller.legalMentions ? [{ subject: "ABL", content: seller.legalMentions }] : []),
    ...(debits ? [{ subject: "TXD", content: "Option pour le paiement de la taxe d'après les débits" }] : []),
    {
      subject: "PMD",
      content: `Pénalités de retard${NBSP}: ${mentions.latePenaltyRate.replace(".", ",")}${NBSP}% par an, exigibles dès le lendemain de la date d'échéance`,
    },
    {
      subject: "PMT",
      content: `Indemnité forfaitaire pour frais de recouvrement${NBSP}: 40,00${NBSP}€`,
    },
    {
      subject: "AAB",
      content: mentions.earlyPaymentDiscount
        ? `Escompte pour paiement anticipé${NBSP}: ${mentions.earlyPaymentDiscount}`
        : "Pas d'escompte pour paiement anticipé",
    },
  ];
  const contact = doc.contact;
  const billing = addressOf(contact?.billingAddress ?? null);
  // An intra-EU delivery states where the goods go and when (BR-IC-11, BR-IC-12).
  const intraEu = priced.some((l) => l.vatRegime?.kind === "intraEu");
  const shipTo =
    contact?.deliveryAddress && !sameAddress(contact.deliveryAddress, contact.billingAddress)
      ? addressOf(contact.deliveryAddress)
      : intraEu
        ? billing
        : null;
  const deliveredOn = doc.header.deliveryDate ?? (intraEu ? doc.header.issueDate : null);
  const prepaid = totals.deposits + totals.paid;
  return {
    profile: "en16931",
    typeCode: doc.kind === "creditNote" ? "381" : doc.depositOn !== null ? "386" : "380",
    number: doc.validation.number,
    issueDate: doc.header.issueDate,
    currency: "EUR",
    operationCategory: operationCategoryOf(priced),
    notes,
    seller: {
      name: seller.name,
      siren: seller.siren,
      vatNumber: seller.vatNumber,
      // Without a VAT number (the franchise), its SIREN as its tax registration (BR-E-02).
      ...(!seller.vatNumber && { taxRegistration: seller.siren }),
      address: addressOf(seller.address),
      email: seller.email,
    },
    buyer: {
      id: contact?.auxiliary?.code ?? null,
      name: contact?.name ?? "",
      siren: contact?.siren ?? null,
      vatNumber: contact?.vatNumber ?? null,
      address: billing,
      email: null,
    },
    buyerReference: null,
    orderReference: doc.header.customerReference,
    delivery:
      shipTo || deliveredOn
        ? { name: shipTo ? (contact?.name ?? null) : null, address: shipTo, date: deliveredOn }
        : null,
    precedingInvoice:
      doc.origin?.relation === "creditNote" && doc.origin.number
        ? { number: doc.origin.number, date: doc.origin.issueDate }
        : null,
    dueDate: doc.validation.dueDate ?? doc.header.dueDate,
    paymentTerms: mentions.paymentTerms,
    payment: seller.bank ? { meansCode: "58", iban: seller.bank.iban, bic: seller.bank.bic } : null,
    lines,
    allowances: [],
    charges: [],
    vatBreakdown: [...breakdown.values()],
    totals: {
      lineTotal: lines.reduce((s, l) => s + l.net, 0),
      allowanceTotal: null,
      chargeTotal: null,
      taxBasis: totals.totalExclTax,
      taxTotal: totals.totalVat,
      grandTotal: totals.totalInclTax,
      prepaid: prepaid !== 0 ? prepaid : null,
      rounding: null,
      duePayable: totals.due,
    },
  };
};
