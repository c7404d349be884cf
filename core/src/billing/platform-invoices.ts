import { cleanText, requiredText } from "../accounting/text.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { decimalUnits, divideRounded, formatUnits } from "../decimal.ts";
import { vatCents } from "./plans.ts";

/**
 * The platform's invoices to the organisations it bills (stream `billing-invoices` of the platform
 * pseudo-organisation): one per payment of a subscription (keyed by the provider's payment id, so the
 * webhook and the job, or either given twice, make one), and those the platform administrator makes by
 * hand, invoices or credit notes correcting one of them. The number is taken in the same decision as the
 * invoice, from the stream's state, and appended at the version it was read at: a conflict decides again,
 * so the series (`RG-<year>-<000001>`, one a year, invoices and credit notes together) never has a gap.
 */
export const platformInvoicesStreamId = "billing-invoices";

/** A postal address as printed: street lines, postcode, city, ISO country. */
export type InvoiceAddress = {
  readonly lines: readonly string[];
  readonly postalCode: string;
  readonly city: string;
  readonly country: string;
};

export type InvoiceBuyer = {
  readonly orgId: string;
  readonly name: string;
  readonly siren: string | null;
  readonly vatNumber: string | null;
  readonly address: InvoiceAddress | null;
  readonly email: string | null;
};

/** The platform as a seller (its `/params`): every mention French law asks of it. */
export type InvoiceSeller = {
  readonly name: string;
  readonly legalForm: string | null;
  /** Share capital, a decimal string in euros, or null. */
  readonly capital: string | null;
  readonly siren: string;
  readonly siret: string | null;
  readonly vatNumber: string;
  /** As printed: « RCS Paris 552 120 222 ». */
  readonly rcs: string | null;
  readonly address: InvoiceAddress;
  readonly email: string | null;
};

export type InvoiceLineInput = {
  readonly label: string;
  /** Decimal string, up to 3 decimals, > 0. */
  readonly quantity: string;
  /** Unit price before tax, integer cents ≥ 0. */
  readonly unitHtCents: number;
  /** Percent, decimal string (« 20 », « 5.5 »). */
  readonly vatRate: string;
  /** The period the line bills, when it is one. */
  readonly from?: string | null | undefined;
  readonly to?: string | null | undefined;
};

export type InvoiceLine = {
  readonly label: string;
  readonly quantity: string;
  readonly unitHtCents: number;
  readonly vatRate: string;
  readonly from: string | null;
  readonly to: string | null;
  /** quantity × unit price, rounded half up to the cent. */
  readonly htCents: number;
};

/** Per VAT rate: the base and the VAT computed on it (EN 16931 BR-CO-17). */
export type InvoiceVat = { readonly rate: string; readonly baseCents: number; readonly vatCents: number };

export type PlatformInvoiceKind = "invoice" | "creditNote";

export type IssuedInvoice = {
  readonly id: string;
  readonly number: string;
  readonly kind: PlatformInvoiceKind;
  readonly issueDate: string;
  readonly seller: InvoiceSeller;
  readonly buyer: InvoiceBuyer;
  readonly lines: readonly InvoiceLine[];
  readonly vat: readonly InvoiceVat[];
  readonly htCents: number;
  readonly vatCents: number;
  readonly totalCents: number;
  /** The subscription's payment it invoices (paid by card that day), or null for a manual one. */
  readonly paymentId: string | null;
  readonly paidOn: string | null;
  /** The invoice a credit note corrects (CGI 289-I-5: its number and date). */
  readonly corrects: { readonly id: string; readonly number: string; readonly issueDate: string } | null;
  readonly by: string | null;
  readonly at: string;
};

export type InvoiceEmail = { readonly to: string; readonly messageId: string; readonly at: string };

export type PlatformInvoice = IssuedInvoice & {
  readonly emailed: InvoiceEmail | null;
  /** For an invoice: the total of the credit notes correcting it. */
  readonly creditedCents: number;
};

export type PlatformInvoiceEvent =
  | DomainEvent<"PlatformInvoiceIssued", IssuedInvoice>
  | DomainEvent<"PlatformInvoiceEmailed", InvoiceEmail & { readonly id: string }>;

export type PlatformInvoicesState = {
  readonly invoices: Readonly<Record<string, PlatformInvoice>>;
  /** The invoice of each payment id. */
  readonly byPayment: Readonly<Record<string, string>>;
  /** The last number given, per year of issue. */
  readonly last: Readonly<Record<string, number>>;
};

export type PlatformInvoiceCommand =
  | {
      readonly type: "InvoicePayment";
      readonly id: string;
      readonly paymentId: string;
      readonly planName: string;
      readonly vatRate: string;
      readonly from: string;
      readonly to: string;
      readonly htCents: number;
      readonly vatCents: number;
      readonly paidOn: string;
      readonly seller: InvoiceSeller;
      readonly buyer: InvoiceBuyer;
      readonly at: string;
    }
  | {
      readonly type: "IssueManualInvoice";
      readonly id: string;
      readonly kind: PlatformInvoiceKind;
      readonly lines: readonly InvoiceLineInput[];
      /** A credit note's invoice. */
      readonly corrects: string | null;
      readonly seller: InvoiceSeller;
      readonly buyer: InvoiceBuyer;
      readonly by: string;
      readonly at: string;
    }
  | {
      readonly type: "RecordInvoiceEmailed";
      readonly id: string;
      readonly to: string;
      readonly messageId: string;
      readonly at: string;
    };

export const PLATFORM_INVOICE_MAX_LINES = 50;

/** `RG-2026-000042`: the series' prefix, the year of issue, the counter of that year. */
export const platformInvoiceNumber = (year: string, counter: number): string =>
  `RG-${year}-${String(counter).padStart(6, "0")}`;

/** The lines' bases and VAT per rate, VAT rounded half up on each rate's base. */
export const invoiceTotals = (lines: readonly InvoiceLine[]) => {
  const bases = new Map<string, number>();
  for (const line of lines) bases.set(line.vatRate, (bases.get(line.vatRate) ?? 0) + line.htCents);
  const vat = [...bases].map(([rate, baseCents]) => ({
    rate,
    baseCents,
    vatCents: vatCents(baseCents, rate),
  }));
  const htCents = vat.reduce((s, v) => s + v.baseCents, 0);
  const vatTotal = vat.reduce((s, v) => s + v.vatCents, 0);
  return { vat, htCents, vatCents: vatTotal, totalCents: htCents + vatTotal };
};

const line = (input: InvoiceLineInput, index: number): InvoiceLine => {
  const field = `lines.${index}`;
  const label = requiredText(input.label, `${field}.label`, 200);
  const quantity = decimalUnits(input.quantity, 3);
  if (quantity === undefined || quantity <= 0n || quantity > 1_000_000_000n)
    throw new DomainError("platformInvoice.invalidQuantity", { field: `${field}.quantity` });
  if (!Number.isInteger(input.unitHtCents) || input.unitHtCents < 0 || input.unitHtCents > 100_000_000)
    throw new DomainError("billing.invalidPrice", { field: `${field}.unitHtCents` });
  const rate = decimalUnits(input.vatRate, 2);
  if (rate === undefined || rate < 0n || rate > 10_000n)
    throw new DomainError("billing.invalidVatRate", { field: `${field}.vatRate` });
  return {
    label,
    quantity: formatUnits(quantity, 3, 0),
    unitHtCents: input.unitHtCents,
    vatRate: formatUnits(rate, 2, 0),
    from: input.from ?? null,
    to: input.to ?? null,
    htCents: Number(divideRounded(BigInt(input.unitHtCents) * quantity, 1000n)),
  };
};

/** The seller's mentions the law asks (name, SIREN, VAT number, address): `platformInvoice.sellerIncomplete`. */
export const checkSeller = (seller: InvoiceSeller): void => {
  const missing = !cleanText(seller.name)
    ? "sellerName"
    : !seller.siren
      ? "sellerSiren"
      : !seller.vatNumber
        ? "sellerVatNumber"
        : !seller.address.postalCode || !seller.address.city
          ? "sellerAddress"
          : null;
  if (missing) throw new DomainError("platformInvoice.sellerIncomplete", { field: missing }, 409);
};

const issue = (
  state: PlatformInvoicesState,
  invoice: Omit<IssuedInvoice, "number" | "vat" | "htCents" | "vatCents" | "totalCents">,
  vat: ReturnType<typeof invoiceTotals>,
): PlatformInvoiceEvent => {
  checkSeller(invoice.seller);
  const year = invoice.issueDate.slice(0, 4);
  const number = platformInvoiceNumber(year, (state.last[year] ?? 0) + 1);
  return { type: "PlatformInvoiceIssued", data: { ...invoice, number, ...vat } };
};

const evolve = (state: PlatformInvoicesState, event: PlatformInvoiceEvent): PlatformInvoicesState => {
  switch (event.type) {
    case "PlatformInvoiceIssued": {
      const invoice = event.data;
      const year = invoice.issueDate.slice(0, 4);
      const corrected = invoice.corrects ? state.invoices[invoice.corrects.id] : undefined;
      return {
        invoices: {
          ...state.invoices,
          [invoice.id]: { ...invoice, emailed: null, creditedCents: 0 },
          ...(corrected && {
            [corrected.id]: { ...corrected, creditedCents: corrected.creditedCents + invoice.totalCents },
          }),
        },
        byPayment: invoice.paymentId
          ? { ...state.byPayment, [invoice.paymentId]: invoice.id }
          : state.byPayment,
        last: { ...state.last, [year]: (state.last[year] ?? 0) + 1 },
      };
    }
    case "PlatformInvoiceEmailed": {
      const invoice = state.invoices[event.data.id];
      if (!invoice) return state;
      const { id: _id, ...emailed } = event.data;
      return { ...state, invoices: { ...state.invoices, [invoice.id]: { ...invoice, emailed } } };
    }
    default:
      return event satisfies never;
  }
};

const decide = (command: PlatformInvoiceCommand, state: PlatformInvoicesState): PlatformInvoiceEvent[] => {
  switch (command.type) {
    case "InvoicePayment": {
      if (state.byPayment[command.paymentId] || state.invoices[command.id]) return [];
      const lines = [
        line(
          {
            label: `Abonnement Registre — ${command.planName}`,
            quantity: "1",
            unitHtCents: command.htCents,
            vatRate: command.vatRate,
            from: command.from,
            to: command.to,
          },
          0,
        ),
      ];
      const totals = invoiceTotals(lines);
      // The invoice states what was charged: the payment's own VAT, computed the same way.
      if (totals.vatCents !== command.vatCents)
        throw new DomainError("platformInvoice.amountMismatch", { field: "vatCents" }, 409);
      const day = command.at.slice(0, 10);
      return [
        issue(
          state,
          {
            id: command.id,
            kind: "invoice",
            issueDate: day,
            seller: command.seller,
            buyer: command.buyer,
            lines,
            paymentId: command.paymentId,
            paidOn: command.paidOn,
            corrects: null,
            by: null,
            at: command.at,
          },
          totals,
        ),
      ];
    }
    case "IssueManualInvoice": {
      if (state.invoices[command.id]) return [];
      if (command.lines.length === 0) throw new DomainError("validation.required", { field: "lines" });
      if (command.lines.length > PLATFORM_INVOICE_MAX_LINES)
        throw new DomainError("validation.tooLong", { field: "lines", max: PLATFORM_INVOICE_MAX_LINES });
      const lines = command.lines.map(line);
      const totals = invoiceTotals(lines);
      let corrects: IssuedInvoice["corrects"] = null;
      if (command.kind === "creditNote") {
        if (!command.corrects) throw new DomainError("validation.required", { field: "corrects" });
        const original = state.invoices[command.corrects];
        if (!original || original.buyer.orgId !== command.buyer.orgId)
          throw new DomainError("platformInvoice.notFound", { field: "corrects" }, 404);
        if (original.kind !== "invoice")
          throw new DomainError("platformInvoice.notAnInvoice", { field: "corrects" }, 409);
        // A credit note never takes back more than the invoice still holds.
        if (totals.totalCents > original.totalCents - original.creditedCents)
          throw new DomainError("platformInvoice.creditTooHigh", {
            field: "lines",
            max: original.totalCents - original.creditedCents,
          });
        corrects = { id: original.id, number: original.number, issueDate: original.issueDate };
      } else if (command.corrects)
        throw new DomainError("platformInvoice.correctsCreditNoteOnly", { field: "corrects" });
      if (totals.totalCents <= 0) throw new DomainError("platformInvoice.zeroTotal", { field: "lines" });
      return [
        issue(
          state,
          {
            id: command.id,
            kind: command.kind,
            issueDate: command.at.slice(0, 10),
            seller: command.seller,
            buyer: command.buyer,
            lines,
            paymentId: null,
            paidOn: null,
            corrects,
            by: command.by,
            at: command.at,
          },
          totals,
        ),
      ];
    }
    case "RecordInvoiceEmailed": {
      const invoice = state.invoices[command.id];
      if (!invoice) throw new DomainError("platformInvoice.notFound", { id: command.id }, 404);
      if (invoice.emailed) return [];
      return [
        {
          type: "PlatformInvoiceEmailed",
          data: { id: command.id, to: command.to, messageId: command.messageId, at: command.at },
        },
      ];
    }
    default:
      return command satisfies never;
  }
};

export const platformInvoicesDecider: Decider<
  PlatformInvoiceCommand,
  PlatformInvoiceEvent,
  PlatformInvoicesState
> = {
  decide,
  evolve,
  initialState: () => ({ invoices: {}, byPayment: {}, last: {} }),
};
