/**
 * Every word the PDF prints, one table per language: the renderer never writes a literal. French
 * wording follows the texts of the law (C. com. L441-9, L441-10, D441-5; CGI 242 nonies A, 289-I-5);
 * French spacing uses a no-break space before « : » and « % » (`NBSP`).
 */
import type { DocumentKind, OperationCategory, PrintLanguage } from "./model.ts";

const NBSP = "\u00a0";

export type Labels = {
  readonly title: Record<DocumentKind, string>;
  readonly draft: string;
  readonly number: string;
  readonly issueDate: Record<DocumentKind, string>;
  readonly deliveryDate: Record<DocumentKind, string>;
  readonly dueDate: string;
  readonly expiryDate: string;
  readonly customerReference: string;
  readonly orderReference: (number: string, date: string) => string;
  readonly creditedInvoice: (number: string, date: string) => string;
  readonly customer: string;
  readonly customerCode: string;
  readonly deliveryAddress: string;
  readonly siren: string;
  readonly siret: string;
  readonly vatNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly capital: (legalForm: string, amount: string) => string;
  readonly columns: {
    readonly reference: string;
    readonly description: string;
    readonly quantity: string;
    readonly unit: string;
    readonly unitPrice: string;
    readonly discount: string;
    readonly vatRate: string;
    readonly net: string;
  };
  readonly lineVatExemption: (ground: string) => string;
  readonly vatBreakdown: { readonly rate: string; readonly base: string; readonly vat: string };
  readonly totals: {
    readonly excludingTax: string;
    readonly vat: string;
    readonly includingTax: string;
    readonly deposit: (number: string, date: string) => string;
    readonly paid: string;
    readonly due: string;
    readonly credit: string;
  };
  readonly operationCategory: (category: OperationCategory) => string;
  readonly vatOnDebits: string;
  readonly paymentTerms: (terms: string) => string;
  readonly dueOn: (date: string) => string;
  readonly noEarlyPaymentDiscount: string;
  readonly earlyPaymentDiscount: (text: string) => string;
  readonly latePenalty: (rate: string) => string;
  readonly recoveryIndemnity: (amount: string) => string;
  readonly bank: (details: string) => string;
  readonly iban: string;
  readonly bic: string;
  readonly quoteAcceptance: string;
  readonly quoteValidity: (date: string) => string;
  readonly deliveryReceipt: string;
  readonly page: (page: number, pages: number) => string;
};

const fr: Labels = {
  title: {
    quote: "Devis",
    order: "Bon de commande",
    delivery: "Bon de livraison",
    invoice: "Facture",
    creditNote: "Avoir",
    depositInvoice: "Facture d'acompte",
  },
  draft: "Brouillon",
  number: "N°",
  issueDate: {
    quote: "Date du devis",
    order: "Date de la commande",
    delivery: "Date du bon",
    invoice: "Date de facturation",
    creditNote: "Date de l'avoir",
    depositInvoice: "Date de facturation",
  },
  deliveryDate: {
    quote: "Date de livraison prévue",
    order: "Date de livraison prévue",
    delivery: "Date de livraison",
    invoice: "Date de livraison ou d'exécution",
    creditNote: "Date de livraison ou d'exécution",
    depositInvoice: "Date de versement de l'acompte",
  },
  dueDate: "Date d'échéance",
  expiryDate: "Valable jusqu'au",
  customerReference: "Votre commande",
  orderReference: (number, date) => `Commande n° ${number} du ${date}`,
  creditedInvoice: (number, date) => `Avoir sur la facture n° ${number} du ${date}`,
  customer: "Client",
  customerCode: "Code client",
  deliveryAddress: "Adresse de livraison",
  siren: "SIREN",
  siret: "SIRET",
  vatNumber: "N° TVA intracommunautaire",
  phone: "Tél.",
  email: "E-mail",
  capital: (legalForm, amount) => `${legalForm} au capital de ${amount}`,
  columns: {
    reference: "Réf.",
    description: "Désignation",
    quantity: "Qté",
    unit: "Unité",
    unitPrice: "PU HT",
    discount: "Remise",
    vatRate: "TVA",
    net: "Total HT",
  },
  lineVatExemption: (ground) => `TVA${NBSP}: ${ground}`,
  vatBreakdown: { rate: "Taux de TVA", base: "Base HT", vat: "Montant TVA" },
  totals: {
    excludingTax: "Total HT",
    vat: "Total TVA",
    includingTax: "Total TTC",
    deposit: (number, date) => `Acompte facture n° ${number} du ${date}`,
    paid: "Déjà réglé",
    due: "Net à payer",
    credit: "Montant de l'avoir",
  },
  operationCategory: (category) =>
    `Catégorie de l'opération${NBSP}: ${
      { goods: "livraison de biens", services: "prestation de services", mixed: "mixte (biens et services)" }[
        category
      ]
    }`,
  vatOnDebits: "Option pour le paiement de la taxe d'après les débits",
  paymentTerms: (terms) => `Conditions de paiement${NBSP}: ${terms}`,
  dueOn: (date) => `Date d'échéance${NBSP}: ${date}`,
  noEarlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
  earlyPaymentDiscount: (text) => `Escompte pour paiement anticipé${NBSP}: ${text}`,
  latePenalty: (rate) =>
    `Pénalités de retard${NBSP}: ${rate} par an, exigibles dès le lendemain de la date d'échéance`,
  recoveryIndemnity: (amount) => `Indemnité forfaitaire pour frais de recouvrement${NBSP}: ${amount}`,
  bank: (details) => `Coordonnées bancaires${NBSP}: ${details}`,
  iban: "IBAN",
  bic: "BIC",
  quoteAcceptance: "Bon pour accord (date, signature et cachet)",
  quoteValidity: (date) => `Devis valable jusqu'au ${date}`,
  deliveryReceipt: "Marchandises reçues en bon état (date et signature)",
  page: (page, pages) => `Page ${page}/${pages}`,
};

const en: Labels = {
  title: {
    quote: "Quote",
    order: "Order",
    delivery: "Delivery note",
    invoice: "Invoice",
    creditNote: "Credit note",
    depositInvoice: "Deposit invoice",
  },
  draft: "Draft",
  number: "No.",
  issueDate: {
    quote: "Quote date",
    order: "Order date",
    delivery: "Date",
    invoice: "Invoice date",
    creditNote: "Credit note date",
    depositInvoice: "Invoice date",
  },
  deliveryDate: {
    quote: "Expected delivery date",
    order: "Expected delivery date",
    delivery: "Delivery date",
    invoice: "Delivery or service date",
    creditNote: "Delivery or service date",
    depositInvoice: "Deposit payment date",
  },
  dueDate: "Due date",
  expiryDate: "Valid until",
  customerReference: "Your order",
  orderReference: (number, date) => `Order no. ${number} of ${date}`,
  creditedInvoice: (number, date) => `Credit note for invoice no. ${number} of ${date}`,
  customer: "Bill to",
  customerCode: "Customer code",
  deliveryAddress: "Delivery address",
  siren: "SIREN",
  siret: "SIRET",
  vatNumber: "VAT number",
  phone: "Phone",
  email: "Email",
  capital: (legalForm, amount) => `${legalForm} with a share capital of ${amount}`,
  columns: {
    reference: "Ref.",
    description: "Description",
    quantity: "Qty",
    unit: "Unit",
    unitPrice: "Unit price",
    discount: "Discount",
    vatRate: "VAT",
    net: "Amount",
  },
  lineVatExemption: (ground) => `VAT: ${ground}`,
  vatBreakdown: { rate: "VAT rate", base: "Taxable amount", vat: "VAT amount" },
  totals: {
    excludingTax: "Total excl. VAT",
    vat: "Total VAT",
    includingTax: "Total incl. VAT",
    deposit: (number, date) => `Deposit invoice no. ${number} of ${date}`,
    paid: "Already paid",
    due: "Amount due",
    credit: "Amount credited",
  },
  operationCategory: (category) =>
    `Category of operation: ${
      { goods: "supply of goods", services: "supply of services", mixed: "mixed (goods and services)" }[
        category
      ]
    }`,
  vatOnDebits: "Option for payment of VAT on debits (Option pour le paiement de la taxe d'après les débits)",
  paymentTerms: (terms) => `Payment terms: ${terms}`,
  dueOn: (date) => `Due date: ${date}`,
  noEarlyPaymentDiscount: "No discount for early payment",
  earlyPaymentDiscount: (text) => `Early payment discount: ${text}`,
  latePenalty: (rate) => `Late payment penalties: ${rate} per year, due from the day after the due date`,
  recoveryIndemnity: (amount) => `Fixed compensation for recovery costs: ${amount}`,
  bank: (details) => `Bank details: ${details}`,
  iban: "IBAN",
  bic: "BIC",
  quoteAcceptance: "Accepted (date, signature and stamp)",
  quoteValidity: (date) => `Quote valid until ${date}`,
  deliveryReceipt: "Goods received in good condition (date and signature)",
  page: (page, pages) => `Page ${page}/${pages}`,
};

export const LABELS: Record<PrintLanguage, Labels> = { fr, en };
