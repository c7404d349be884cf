/**
 * The print model of a sales document: flat and fully resolved (names, addresses, numbers, computed
 * totals, texts of the settings), so the renderer decides nothing about the business — it lays out
 * what it is given. The documents domain builds one from a document, its contact and the
 * organisation's settings; tests and the benchmark build them by hand.
 *
 * Amounts are integer cents; quantities, unit prices, discounts and rates are decimal strings with a
 * dot ("12.5", "5.5"), as `core/src/decimal.ts` reads them. Dates are `YYYY-MM-DD`.
 */

export type DocumentKind = "quote" | "order" | "delivery" | "invoice" | "creditNote" | "depositInvoice";

import type { PrintLanguage } from "../../pdf/format.ts";

export type { PrintLanguage };

export type PrintAddress = {
  /** Street lines, as typed (building, street, PO box…). */
  readonly lines: readonly string[];
  readonly postcode: string;
  readonly city: string;
  /** The country's name in the document's language, or null when it is the seller's own country. */
  readonly country?: string | null;
};

export type PrintSeller = {
  readonly name: string;
  /** "SARL", "SAS", "EI"… */
  readonly legalForm?: string | null;
  /** Share capital in cents ("au capital de 10 000 €"). */
  readonly capitalCents?: number | null;
  readonly address: PrintAddress;
  readonly siren: string;
  readonly siret?: string | null;
  readonly vatNumber?: string | null;
  /** As printed: "RCS Lyon 732 829 320", "RM 69 …". */
  readonly rcs?: string | null;
  readonly email?: string | null;
  readonly phone?: string | null;
  readonly website?: string | null;
  /** PNG or JPEG bytes. */
  readonly logo?: Uint8Array | null;
  /** Bank details printed on invoices. */
  readonly bank?: {
    readonly iban: string;
    readonly bic?: string | null;
    readonly bankName?: string | null;
  } | null;
};

export type PrintCustomer = {
  readonly name: string;
  /** The customer's own code or account, when printed. */
  readonly code?: string | null;
  readonly billingAddress: PrintAddress;
  /** Only when it differs from the billing address (a mandatory mention then). */
  readonly deliveryAddress?: PrintAddress | null;
  readonly siren?: string | null;
  readonly vatNumber?: string | null;
};

export type PrintLine =
  | { readonly type: "title"; readonly text: string }
  | { readonly type: "comment"; readonly text: string }
  | {
      readonly type: "item";
      readonly reference?: string | null;
      readonly description: string;
      /** Decimal string, e.g. "2", "1.5". */
      readonly quantity: string;
      /** "h", "jour", "pièce"… (already in the document's language). */
      readonly unit?: string | null;
      /** Unit price excluding tax, decimal string (may carry more than 2 decimals). */
      readonly unitPrice: string;
      /** Discount percentage, decimal string; null or "0" for none. */
      readonly discountPercent?: string | null;
      /** VAT rate in percent, decimal string ("20", "5.5", "0"). */
      readonly vatRate: string;
      /** The exemption or reverse-charge ground of an untaxed line, printed under its description. */
      readonly vatExemption?: string | null;
      /** Line net excluding tax, in cents (quantity × price − discount, rounded to the cent). */
      readonly netCents: number;
    };

export type PrintVatTotal = {
  readonly rate: string;
  readonly baseCents: number;
  readonly vatCents: number;
};

export type PrintDeposit = {
  /** The deposit invoice's number and date. */
  readonly number: string;
  readonly date: string;
  readonly excludingTaxCents: number;
  readonly vatCents: number;
  readonly includingTaxCents: number;
};

export type PrintTotals = {
  /** One row per VAT rate: its base and the VAT computed on that base. */
  readonly vat: readonly PrintVatTotal[];
  readonly excludingTaxCents: number;
  readonly vatCents: number;
  readonly includingTaxCents: number;
  /** Deposit invoices deducted on a final invoice. */
  readonly deposits?: readonly PrintDeposit[];
  readonly paidCents?: number;
  readonly dueCents: number;
};

export type OperationCategory = "goods" | "services" | "mixed";

export type PrintMentions = {
  /** Exemption or reverse-charge mentions, printed as given ("TVA non applicable, art. 293 B du CGI"). */
  readonly exemptions?: readonly string[];
  readonly operationCategory?: OperationCategory | null;
  /** "Option pour le paiement de la taxe d'après les débits". */
  readonly vatOnDebits?: boolean;
  /** Payment terms as text ("30 jours net"). */
  readonly paymentTerms?: string | null;
  /** Null: the default "no discount for early payment" of the language. */
  readonly earlyPaymentDiscount?: string | null;
  /** Annual late-penalty rate in percent, decimal string ("12.15"). */
  readonly latePenaltyRate?: string | null;
  /** The fixed recovery indemnity, in cents; 4000 (€40, C. com. D441-5) when absent. */
  readonly recoveryIndemnityCents?: number;
  /** Notes of the document, then the legal mentions of the settings, one paragraph each. */
  readonly notes?: readonly string[];
  readonly legalMentions?: readonly string[];
};

export type DocumentPrint = {
  readonly kind: DocumentKind;
  readonly language: PrintLanguage;
  /** Null for a draft: "Brouillon" / "Draft" is printed instead. */
  readonly number: string | null;
  readonly dates: {
    readonly issue: string;
    /** Delivery or service date (or the date of the deposit's payment). */
    readonly delivery?: string | null;
    readonly due?: string | null;
    /** A quote's expiry. */
    readonly expiry?: string | null;
  };
  /** The customer's purchase order number. */
  readonly customerReference?: string | null;
  /** The document's subject line. */
  readonly label?: string | null;
  /** The invoice a credit note corrects (CGI 289-I-5). */
  readonly creditedInvoice?: { readonly number: string; readonly date: string } | null;
  /** The order a deposit invoice, delivery slip or invoice comes from. */
  readonly order?: { readonly number: string; readonly date: string } | null;
  readonly seller: PrintSeller;
  readonly customer: PrintCustomer;
  readonly lines: readonly PrintLine[];
  readonly totals: PrintTotals;
  readonly mentions: PrintMentions;
};
