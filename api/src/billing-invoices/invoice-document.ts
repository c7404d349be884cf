import {
  buildCii,
  type EAddress,
  type EInvoice,
  formatUnits,
  type InvoiceAddress,
  type PlatformInvoice,
  penaltyRate,
  plusDays,
  profileConformance,
} from "@registre/core";
import { LATE_PAYMENT_RATES } from "../documents/late.ts";
import { type DocumentPrint, type PrintAddress, renderDocumentPdf } from "../documents/pdf/index.ts";
import { formatDate, type PrintLanguage } from "../pdf/format.ts";

/**
 * A platform invoice as a document: the print model the sales documents' PDF kit lays out, and the CII
 * XML (EN 16931) embedded in it — a Factur-X like the organisations' own invoices. Its mentions: the
 * platform's identity as a seller (legal form, capital, SIREN, SIRET, RCS, VAT number, address), the
 * organisation's as the buyer, the number and date, each line's period, HT, VAT per rate and TTC, « payée
 * par carte le … » for a payment, the late-penalty rate and the 40 € indemnity (C. com. L441-10, D441-5).
 */
const NBSP = "\u00a0";
const euros = (cents: number): string => formatUnits(BigInt(cents), 2);
/** A manual invoice is due 30 days after its date. */
export const MANUAL_INVOICE_TERMS_DAYS = 30;

const latePenaltyRate = () =>
  penaltyRate(null, LATE_PAYMENT_RATES.ecbRate, LATE_PAYMENT_RATES.legalInterestRate);

/** The day it is due: the day paid for a payment's invoice, 30 days after its date otherwise. */
export const invoiceDueDate = (invoice: PlatformInvoice): string =>
  invoice.paidOn ?? plusDays(invoice.issueDate, MANUAL_INVOICE_TERMS_DAYS);

const termsText = (invoice: PlatformInvoice, language: PrintLanguage): string => {
  if (invoice.kind === "creditNote")
    return language === "fr"
      ? "avoir à déduire du prochain règlement"
      : "to be deducted from the next payment";
  if (invoice.paidOn)
    return language === "fr"
      ? `payée par carte le ${formatDate(invoice.paidOn, "fr")}`
      : `paid by card on ${formatDate(invoice.paidOn, "en")}`;
  return language === "fr"
    ? `${MANUAL_INVOICE_TERMS_DAYS} jours à compter de la date de facture`
    : `${MANUAL_INVOICE_TERMS_DAYS} days from the invoice date`;
};

/** « SAS au capital de 10 000 € – RCS Paris 552 120 222 – SIRET 552 120 222 00013 », as the seller states it. */
export const sellerLegalMention = (invoice: PlatformInvoice, language: PrintLanguage): string | null => {
  const s = invoice.seller;
  const parts = [
    s.legalForm && s.capital
      ? language === "fr"
        ? `${s.legalForm} au capital de ${s.capital.replace(".", ",")}${NBSP}€`
        : `${s.legalForm} with a share capital of €${s.capital}`
      : s.legalForm,
    s.rcs,
    s.siret ? `SIRET ${s.siret}` : null,
  ].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(" – ") : null;
};

const printAddress = (a: InvoiceAddress | null): PrintAddress =>
  a ? { lines: a.lines, postcode: a.postalCode, city: a.city } : { lines: [], postcode: "", city: "" };

const periodText = (from: string | null, to: string | null, language: PrintLanguage): string | null =>
  from && to
    ? language === "fr"
      ? `du ${formatDate(from, "fr")} au ${formatDate(to, "fr")}`
      : `from ${formatDate(from, "en")} to ${formatDate(to, "en")}`
    : null;

/** The print model of the PDF kit (`documents/pdf`). */
export const platformInvoicePrint = (invoice: PlatformInvoice, language: PrintLanguage): DocumentPrint => {
  const paid = invoice.paidOn ? invoice.totalCents : 0;
  const legal = sellerLegalMention(invoice, language);
  const capitalCents = invoice.seller.capital ? Math.round(Number(invoice.seller.capital) * 100) : null;
  return {
    kind: invoice.kind,
    language,
    number: invoice.number,
    dates: { issue: invoice.issueDate, due: invoiceDueDate(invoice) },
    creditedInvoice: invoice.corrects
      ? { number: invoice.corrects.number, date: invoice.corrects.issueDate }
      : null,
    seller: {
      name: invoice.seller.name,
      legalForm: invoice.seller.legalForm,
      capitalCents: capitalCents !== null && Number.isSafeInteger(capitalCents) ? capitalCents : null,
      address: printAddress(invoice.seller.address),
      siren: invoice.seller.siren,
      siret: invoice.seller.siret,
      vatNumber: invoice.seller.vatNumber,
      rcs: invoice.seller.rcs,
      email: invoice.seller.email,
    },
    customer: {
      name: invoice.buyer.name,
      billingAddress: printAddress(invoice.buyer.address),
      siren: invoice.buyer.siren,
      vatNumber: invoice.buyer.vatNumber,
    },
    lines: invoice.lines.map((line) => {
      const period = periodText(line.from, line.to, language);
      return {
        type: "item" as const,
        description: period ? `${line.label}\n${period}` : line.label,
        quantity: line.quantity,
        unitPrice: euros(line.unitHtCents),
        vatRate: line.vatRate,
        netCents: line.htCents,
      };
    }),
    totals: {
      vat: invoice.vat,
      excludingTaxCents: invoice.htCents,
      vatCents: invoice.vatCents,
      includingTaxCents: invoice.totalCents,
      ...(paid > 0 && { paidCents: paid }),
      dueCents: invoice.totalCents - paid,
    },
    mentions: {
      operationCategory: "services",
      paymentTerms: termsText(invoice, language),
      earlyPaymentDiscount: null,
      latePenaltyRate: latePenaltyRate(),
      recoveryIndemnityCents: 4000,
      legalMentions: legal ? [legal] : [],
    },
  };
};

const eAddress = (a: InvoiceAddress | null): EAddress | null =>
  a ? { lines: a.lines, postcode: a.postalCode || null, city: a.city || null, country: a.country } : null;

/** The neutral e-invoice (EN 16931) of a platform invoice, in French. */
export const platformEInvoice = (invoice: PlatformInvoice): EInvoice => {
  const legal = sellerLegalMention(invoice, "fr");
  const paid = invoice.paidOn ? invoice.totalCents : 0;
  const category = (rate: string) => (Number(rate) === 0 ? "Z" : "S") as "S" | "Z";
  return {
    profile: "en16931",
    typeCode: invoice.kind === "creditNote" ? "381" : "380",
    number: invoice.number,
    issueDate: invoice.issueDate,
    currency: "EUR",
    // Services; S2 when already paid (the payment's invoice).
    operationCategory: invoice.paidOn ? "S2" : "S1",
    notes: [
      ...(legal ? [{ subject: "ABL", content: legal }] : []),
      {
        subject: "PMD",
        content: `Pénalités de retard${NBSP}: ${latePenaltyRate().replace(".", ",")}${NBSP}% par an, exigibles dès le lendemain de la date d'échéance`,
      },
      {
        subject: "PMT",
        content: `Indemnité forfaitaire pour frais de recouvrement${NBSP}: 40,00${NBSP}€`,
      },
      { subject: "AAB", content: "Pas d'escompte pour paiement anticipé" },
    ],
    seller: {
      name: invoice.seller.name,
      siren: invoice.seller.siren,
      vatNumber: invoice.seller.vatNumber,
      address: eAddress(invoice.seller.address),
      email: invoice.seller.email,
    },
    buyer: {
      id: null,
      name: invoice.buyer.name,
      siren: invoice.buyer.siren,
      vatNumber: invoice.buyer.vatNumber,
      address: eAddress(invoice.buyer.address),
      email: null,
    },
    buyerReference: null,
    orderReference: null,
    delivery: null,
    precedingInvoice: invoice.corrects
      ? { number: invoice.corrects.number, date: invoice.corrects.issueDate }
      : null,
    dueDate: invoiceDueDate(invoice),
    paymentTerms: termsText(invoice, "fr"),
    // 48: bank card.
    payment: invoice.paidOn ? { meansCode: "48", iban: null, bic: null } : null,
    lines: invoice.lines.map((line, i) => ({
      id: String(i + 1),
      name: line.label,
      description: periodText(line.from, line.to, "fr"),
      sellerItemId: null,
      quantity: line.quantity,
      unitCode: "C62",
      netPrice: euros(line.unitHtCents),
      allowances: [],
      charges: [],
      net: line.htCents,
      vat: { category: category(line.vatRate), rate: line.vatRate },
    })),
    allowances: [],
    charges: [],
    vatBreakdown: invoice.vat.map((v) => ({
      category: category(v.rate),
      rate: v.rate,
      base: v.baseCents,
      vat: v.vatCents,
      exemptionReason: null,
      exemptionCode: null,
      dueDateCode: null,
    })),
    totals: {
      lineTotal: invoice.htCents,
      allowanceTotal: null,
      chargeTotal: null,
      taxBasis: invoice.htCents,
      taxTotal: invoice.vatCents,
      grandTotal: invoice.totalCents,
      prepaid: paid > 0 ? paid : null,
      rounding: null,
      duePayable: invoice.totalCents - paid,
    },
  };
};

/** The CII XML of a platform invoice (Factur-X EN 16931). */
export const platformInvoiceXml = (invoice: PlatformInvoice): string =>
  buildCii(platformEInvoice(invoice), "en16931");

/** The Factur-X: the PDF in the language asked, the CII XML embedded. Rendered on each call, nothing stored. */
export const platformInvoicePdf = (invoice: PlatformInvoice, language: PrintLanguage): Promise<Uint8Array> =>
  renderDocumentPdf(platformInvoicePrint(invoice, language), {
    xml: platformInvoiceXml(invoice),
    conformance: profileConformance.en16931,
  });

/** The file name of its PDF: `RG-2026-000001.pdf`. */
export const platformInvoiceFileName = (invoice: PlatformInvoice): string => `${invoice.number}.pdf`;
