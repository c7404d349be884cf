/**
 * The neutral e-invoice (EN 16931's semantic model, the part Registre reads and writes): what a CII
 * (Factur-X) or UBL file says, independent of its syntax. Amounts are integer cents; quantities,
 * prices and rates are decimal strings with a dot ("12.5"); dates `YYYY-MM-DD`. BT/BG numbers name
 * EN 16931's business terms.
 */

/** Factur-X profiles, from the least to the most detailed. */
export const facturxProfiles = ["minimum", "basicwl", "basic", "en16931", "extended"] as const;
export type FacturxProfile = (typeof facturxProfiles)[number];

/** The profiles Registre issues (a choice of the document settings). */
export const issuedFacturxProfiles = ["en16931", "basic"] as const;
export type IssuedFacturxProfile = (typeof issuedFacturxProfiles)[number];

/** BT-24 guideline ids; readers also accept Factur-X 1.0's early colon notation. */
export const profileGuidelines: Record<FacturxProfile, string> = {
  minimum: "urn:factur-x.eu:1p0:minimum",
  basicwl: "urn:factur-x.eu:1p0:basicwl",
  basic: "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
  en16931: "urn:cen.eu:en16931:2017",
  extended: "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended",
};

/** The XMP `fx:ConformanceLevel` of each profile. */
export const profileConformance: Record<FacturxProfile, string> = {
  minimum: "MINIMUM",
  basicwl: "BASIC WL",
  basic: "BASIC",
  en16931: "EN 16931",
  extended: "EXTENDED",
};

export type EAddress = {
  readonly lines: readonly string[];
  readonly postcode: string | null;
  readonly city: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
};

export type EParty = {
  /** BT-29 / BT-46: the party's identifier as the issuer knows it (the customer's account code). */
  readonly id?: string | null;
  readonly name: string;
  /** BT-30 / BT-47, scheme 0002 (SIREN). */
  readonly siren: string | null;
  /** BT-31 / BT-48. */
  readonly vatNumber: string | null;
  /**
   * BT-32, the seller's tax registration (CII scheme FC): a seller under the franchise (293 B) without a VAT
   * number states its SIREN there, as BR-S-02, BR-E-02 and BR-AE-02 ask for one of BT-31, BT-32, BT-63.
   * Absent: none.
   */
  readonly taxRegistration?: string | null;
  readonly address: EAddress | null;
  readonly email: string | null;
};

/** UNTDID 5305 VAT category codes. */
export type VatCategoryCode = "S" | "Z" | "E" | "AE" | "K" | "G" | "O" | "L" | "M";

export type EVat = {
  readonly category: VatCategoryCode;
  /** Percent, decimal string ("20", "5.5", "0"). */
  readonly rate: string;
};

export type ELine = {
  /** BT-126. */
  readonly id: string;
  /** BT-153. */
  readonly name: string;
  readonly description: string | null;
  /** BT-155, the seller's item id. */
  readonly sellerItemId: string | null;
  /** BT-129, decimal string; negative for a line deducted. */
  readonly quantity: string;
  /** BT-130, UN/ECE Rec. 20. */
  readonly unitCode: string;
  /** BT-146 net unit price (per BT-149 base quantity, folded in: per one unit), decimal string ≥ 0. */
  readonly netPrice: string;
  /** BT-136 / BT-141: the line's allowances and charges, net of each other (allowances positive). */
  readonly allowances: readonly EAllowanceCharge[];
  readonly charges: readonly EAllowanceCharge[];
  /** BT-131. */
  readonly net: number;
  readonly vat: EVat;
};

export type EAllowanceCharge = {
  readonly amount: number;
  /** BT-94 / BT-101 percentage, decimal string. */
  readonly percent: string | null;
  readonly base: number | null;
  readonly reason: string | null;
  /** Document level only: the VAT category it applies to. */
  readonly vat: EVat | null;
};

export type EVatBreakdown = EVat & {
  /** BT-116. */
  readonly base: number;
  /** BT-117. */
  readonly vat: number;
  /** BT-120 / BT-121. */
  readonly exemptionReason: string | null;
  readonly exemptionCode: string | null;
  /** BT-8 (UNTDID 2475): "5" invoice date (the débits option), "29" delivery, "72" payment. */
  readonly dueDateCode: string | null;
};

export type ETotals = {
  /** BT-106 … BT-115. */
  readonly lineTotal: number | null;
  readonly allowanceTotal: number | null;
  readonly chargeTotal: number | null;
  readonly taxBasis: number;
  readonly taxTotal: number;
  readonly grandTotal: number;
  readonly prepaid: number | null;
  readonly rounding: number | null;
  readonly duePayable: number;
};

export type ENote = { readonly subject: string | null; readonly content: string };

export type EInvoice = {
  readonly profile: FacturxProfile;
  /** BT-3: 380 invoice, 381 credit note, 384 corrective, 386 prepayment, 389 self-billed. */
  readonly typeCode: string;
  readonly number: string;
  readonly issueDate: string;
  readonly currency: string;
  /** BT-23, the 2026 "cadre de facturation": B1 goods, S1 services, M1 mixed… */
  readonly operationCategory: string | null;
  readonly notes: readonly ENote[];
  readonly seller: EParty;
  readonly buyer: EParty;
  /** BT-10. */
  readonly buyerReference: string | null;
  /** BT-13. */
  readonly orderReference: string | null;
  /** BG-13 / BG-15: delivery party, address, date. */
  readonly delivery: {
    readonly name: string | null;
    readonly address: EAddress | null;
    readonly date: string | null;
  } | null;
  /** BT-25 / BT-26: the invoice a credit note corrects. */
  readonly precedingInvoice: { readonly number: string; readonly date: string | null } | null;
  readonly dueDate: string | null;
  /** BT-20. */
  readonly paymentTerms: string | null;
  /** BG-16/17: means code (BT-81) and the payee's account. */
  readonly payment: {
    readonly meansCode: string;
    readonly iban: string | null;
    readonly bic: string | null;
  } | null;
  readonly lines: readonly ELine[];
  readonly allowances: readonly EAllowanceCharge[];
  readonly charges: readonly EAllowanceCharge[];
  readonly vatBreakdown: readonly EVatBreakdown[];
  readonly totals: ETotals;
};
