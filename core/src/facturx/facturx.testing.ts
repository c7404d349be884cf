import type { LiveDocument } from "../documents/document.ts";
import type { PricedLine } from "../documents/lines.ts";
import type { FacturxMentions, FacturxSeller } from "./from-document.ts";

/** A validated sales invoice as tests need one: the fixtures' customer, a delivery address of its own. */
export const facturxSeller: FacturxSeller = {
  name: "Atelier Démo SARL",
  siren: "123456782",
  vatNumber: "FR32123456782",
  address: { line1: "12 rue des Artisans", line2: null, postalCode: "69002", city: "Lyon", country: "FR" },
  email: "compta@atelier-demo.fr",
  vatOnDebits: true,
  bank: { iban: "FR7630006000011234567890189", bic: "AGRIFRPP" },
  legalMentions: "SARL au capital de 10 000 € — RCS Lyon 123 456 782",
};

export const facturxMentions: FacturxMentions = {
  latePenaltyRate: "12.15",
  earlyPaymentDiscount: null,
  paymentTerms: "30 jours",
};

export const facturxLine = (changes: Partial<PricedLine> = {}): PricedLine => ({
  kind: "free",
  id: "l1",
  itemId: null,
  reference: "DEV-01",
  label: "Développement",
  description: "Sprint de janvier",
  unit: "DAY",
  quantity: "3",
  unitPrice: "450",
  discount: "0",
  vatRate: "20",
  vatExemption: null,
  account: "706000",
  nature: "services",
  originLineId: null,
  ...changes,
});

export const validatedSalesDocument = (
  lines: readonly PricedLine[],
  changes: Partial<LiveDocument> = {},
): LiveDocument => ({
  status: "validated",
  id: "d1",
  kind: "invoice",
  direction: "sales",
  number: null,
  series: "FA",
  header: {
    issueDate: "2026-01-31",
    deliveryDate: "2026-01-28",
    expiryDate: null,
    dueDate: "2026-03-02",
    deadline: null,
    reference: null,
    label: null,
    customerReference: "PO-2026-12",
    notes: "Merci de votre confiance.",
    supplierNumber: null,
    supplierDate: null,
  },
  contact: {
    id: "c1",
    kind: "company",
    name: "LE CLIENT",
    siren: "987654321",
    vatNumber: "FR05987654321",
    billingAddress: {
      line1: "MON ADRESSE LIGNE 1",
      line2: null,
      postalCode: "06000",
      city: "MA VILLE",
      country: "FR",
    },
    deliveryAddress: {
      line1: "DEL ADRESSE LIGNE 1",
      line2: null,
      postalCode: "06000",
      city: "NICE",
      country: "FR",
    },
    auxiliary: { control: "411000", code: "CLIENT" },
    paymentTerms: null,
  },
  lines,
  deposits: [],
  depositOn: null,
  origin: null,
  children: [],
  validation: {
    number: "FA2026-00001",
    series: "FA",
    sequence: 1,
    dueDate: "2026-03-02",
    validatedOn: "2026-01-31",
    entryMvt: "1",
  },
  history: [],
  ...changes,
});
