/**
 * Print models for the PDF's tests and benchmark: a believable French workshop selling to the
 * Factur-X fixtures' customer (`../shared/fixtures/facturx/`), every kind of document, any number of
 * lines. Totals are computed here the EN 16931 way (line nets to the cent, VAT per rate on its base,
 * half up) so the figures printed agree with each other.
 */
import { divideRounded } from "@registre/core";
import type {
  DocumentKind,
  DocumentPrint,
  PrintLanguage,
  PrintLine,
  PrintVatTotal,
} from "../documents/pdf/index.ts";

type Item = Extract<PrintLine, { type: "item" }>;

const CATALOGUE: readonly { description: string; unit: string; unitPrice: string; vatRate: string }[] = [
  {
    description: "Pose de parquet chêne massif, finition huilée",
    unit: "m²",
    unitPrice: "48.50",
    vatRate: "20",
  },
  { description: "Plinthe chêne 70 mm", unit: "ml", unitPrice: "7.90", vatRate: "20" },
  { description: "Main-d'œuvre menuiserie", unit: "h", unitPrice: "52.00", vatRate: "20" },
  {
    description: "Étagère sur mesure en noyer, 3 niveaux, fixations invisibles",
    unit: "pièce",
    unitPrice: "389.00",
    vatRate: "20",
  },
  {
    description: "Travaux d'amélioration énergétique : isolation des combles",
    unit: "m²",
    unitPrice: "31.25",
    vatRate: "5.5",
  },
  {
    description: "Rénovation de fenêtres (logement de plus de deux ans)",
    unit: "pièce",
    unitPrice: "412.40",
    vatRate: "10",
  },
  { description: "Vernis incolore mat, pot de 2,5 l", unit: "pot", unitPrice: "36.90", vatRate: "20" },
  { description: "Déplacement", unit: "forfait", unitPrice: "45.00", vatRate: "20" },
];

/** A line of the catalogue, `i`-th of the document: quantity and discount vary, net to the cent. */
export const sampleItem = (i: number): Item => {
  const entry = CATALOGUE[i % CATALOGUE.length] ?? CATALOGUE[0];
  if (!entry) throw new Error("empty catalogue");
  const quantity = String(1 + ((i * 7) % 12));
  const discount = i % 5 === 3 ? "10" : null;
  const priceCents = BigInt(Math.round(Number(entry.unitPrice) * 100));
  const gross = BigInt(quantity) * priceCents;
  const net = discount ? divideRounded(gross * (100n - BigInt(discount)), 100n) : gross;
  return {
    type: "item",
    reference: `REF-${String(100 + (i % CATALOGUE.length)).padStart(4, "0")}`,
    description: entry.description,
    quantity,
    unit: entry.unit,
    unitPrice: entry.unitPrice,
    discountPercent: discount,
    vatRate: entry.vatRate,
    netCents: Number(net),
  };
};

/** VAT per rate on the base of that rate, half up (BR-CO-17). */
export const vatTotals = (lines: readonly PrintLine[]): PrintVatTotal[] => {
  const bases = new Map<string, number>();
  for (const l of lines)
    if (l.type === "item") bases.set(l.vatRate, (bases.get(l.vatRate) ?? 0) + l.netCents);
  return [...bases.entries()]
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([rate, baseCents]) => ({
      rate,
      baseCents,
      // rate in tenths of a percent: "5.5" -> 55, "20" -> 200
      vatCents: Number(divideRounded(BigInt(baseCents) * BigInt(Math.round(Number(rate) * 10)), 1000n)),
    }));
};

const NUMBERS: Record<DocumentKind, string> = {
  quote: "DE2026-00042",
  order: "CO2026-00017",
  delivery: "BL2026-00009",
  invoice: "FA2026-00023",
  creditNote: "AV2026-00003",
  depositInvoice: "FA2026-00021",
};

export type SampleOptions = {
  readonly lines?: number;
  readonly draft?: boolean;
  readonly logo?: Uint8Array | null;
};

/** A document of `kind` with `lines` item lines (8 by default), a title and a comment among them. */
export const samplePrint = (
  kind: DocumentKind,
  language: PrintLanguage,
  options: SampleOptions = {},
): DocumentPrint => {
  const count = options.lines ?? 8;
  const lines: PrintLine[] = [
    { type: "title", text: language === "fr" ? "Salon et entrée" : "Living room and hall" },
  ];
  for (let i = 0; i < count; i++) {
    lines.push(sampleItem(i));
    if (i === 2)
      lines.push({
        type: "comment",
        text:
          language === "fr"
            ? "Les quantités posées sont relevées sur place avec le client."
            : "Quantities laid are measured on site with the customer.",
      });
  }
  const vat = vatTotals(lines);
  const excludingTaxCents = vat.reduce((s, r) => s + r.baseCents, 0);
  const vatCents = vat.reduce((s, r) => s + r.vatCents, 0);
  const includingTaxCents = excludingTaxCents + vatCents;
  const deposits =
    kind === "invoice"
      ? [
          {
            number: "FA2026-00021",
            date: "2026-01-10",
            excludingTaxCents: 50000,
            vatCents: 10000,
            includingTaxCents: 60000,
          },
        ]
      : [];
  const deducted = deposits.reduce((s, d) => s + d.includingTaxCents, 0);
  const paidCents = kind === "invoice" ? 10000 : 0;
  return {
    kind,
    language,
    number: options.draft ? null : NUMBERS[kind],
    dates: {
      issue: "2026-01-31",
      delivery: kind === "quote" ? null : "2026-01-28",
      due: kind === "quote" || kind === "delivery" ? null : "2026-03-02",
      expiry: kind === "quote" ? "2026-03-02" : null,
    },
    customerReference: "PO-7781",
    label: language === "fr" ? "Rénovation de l'appartement, 2e étage" : "Flat renovation, second floor",
    creditedInvoice: kind === "creditNote" ? { number: "FA-2017-0010", date: "2017-11-10" } : null,
    order:
      kind === "delivery" || kind === "depositInvoice"
        ? { number: "CO2026-00017", date: "2026-01-05" }
        : null,
    seller: {
      name: "Atelier Bois & Fils",
      legalForm: "SARL",
      capitalCents: 1_000_000,
      address: { lines: ["12 rue des Tanneurs"], postcode: "69001", city: "Lyon" },
      siren: "732829320",
      siret: "73282932000074",
      vatNumber: "FR44732829320",
      rcs: "RCS Lyon 732 829 320",
      email: "contact@atelier-bois.fr",
      phone: "04 78 00 00 00",
      logo: options.logo ?? null,
      bank: { iban: "FR7630006000011234567890189", bic: "AGRIFRPPXXX", bankName: "Crédit Agricole" },
    },
    customer: {
      name: "LE CLIENT",
      code: "C00042",
      billingAddress: { lines: ["5 avenue Jean Médecin", "Bâtiment B"], postcode: "06000", city: "NICE" },
      deliveryAddress: {
        lines: ["Chantier Carabacel", "18 boulevard Carabacel"],
        postcode: "06000",
        city: "NICE",
      },
      siren: "987654321",
      vatNumber: "FR19987654321",
    },
    lines,
    totals: {
      vat,
      excludingTaxCents,
      vatCents,
      includingTaxCents,
      deposits,
      paidCents,
      dueCents: includingTaxCents - deducted - paidCents,
    },
    mentions: {
      exemptions: [],
      operationCategory: "mixed",
      vatOnDebits: true,
      paymentTerms: language === "fr" ? "30 jours net" : "30 days net",
      earlyPaymentDiscount: null,
      latePenaltyRate: "12.15",
      notes: [language === "fr" ? "Merci de votre confiance." : "Thank you for your business."],
      legalMentions: [
        language === "fr"
          ? "Assurance décennale : MAAF Assurances, contrat n° 123456789, couverture France."
          : "Ten-year liability insurance: MAAF Assurances, policy no. 123456789, France.",
      ],
    },
  };
};

/**
 * The credit note of the Factur-X fixture `Avoir_FR_type381_BASIC.pdf` (AV-2017-0005 on invoice
 * FA-2017-0010): 20 % on 20.48 gives 4.10, 5.5 % on 198.00 gives 10.89; 218.48 + 14.99 = 233.47.
 */
export const fixtureCreditNote = (language: PrintLanguage): DocumentPrint => {
  const base = samplePrint("creditNote", language);
  const lines: PrintLine[] = [
    {
      type: "item",
      description: "Lot de 2 bouteilles d'eau minérale",
      quantity: "4",
      unit: "lot",
      unitPrice: "5.12",
      vatRate: "20",
      netCents: 2048,
    },
    {
      type: "item",
      description: "Biscuits sablés, carton de 12",
      quantity: "12",
      unit: "carton",
      unitPrice: "16.50",
      vatRate: "5.5",
      netCents: 19800,
    },
  ];
  return {
    ...base,
    number: "AV-2017-0005",
    dates: { issue: "2017-11-16", delivery: "2017-11-13", due: null },
    label: null,
    creditedInvoice: { number: "FA-2017-0010", date: "2017-11-10" },
    seller: {
      ...base.seller,
      name: "Au bon moulin",
      vatNumber: "FR11999999998",
      siren: "999999998",
      siret: null,
      rcs: null,
    },
    customer: { ...base.customer, name: "Ma jolie boutique", deliveryAddress: null },
    lines,
    totals: {
      vat: [
        { rate: "20", baseCents: 2048, vatCents: 410 },
        { rate: "5.5", baseCents: 19800, vatCents: 1089 },
      ],
      excludingTaxCents: 21848,
      vatCents: 1499,
      includingTaxCents: 23347,
      dueCents: 23347,
    },
    mentions: { ...base.mentions, operationCategory: "goods", vatOnDebits: false },
  };
};
