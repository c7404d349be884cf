import type { IsoDate } from "../accounting/dates.ts";
import { DomainError } from "../decider.ts";
import { decimalUnits, formatUnits } from "../decimal.ts";
import { PRICE_SCALE, priceUnits } from "../items/prices.ts";
import type { CreateDocument, DocumentCommand } from "./decide.ts";
import { depositLines } from "./deposits.ts";
import type { DocumentKind, DocumentOrigin, LiveDocument } from "./document.ts";
import type { HeaderInput } from "./header.ts";
import { type DocumentLine, isPriced, type LineInput, type LineNature, type PricedLine } from "./lines.ts";

/**
 * Documents made from others: quote -> order -> delivery slip(s) -> invoice, quote -> invoice,
 * order -> invoice, partly by quantity (what is left computed from the children), a copy as a new
 * draft, a credit note of an invoice (whole, chosen lines, or amounts per rate), a deposit invoice
 * on an order. Each plan is two commands for one commit: the new document's creation, and the
 * link recorded on its origin.
 */
export const transformTargets: Readonly<Record<DocumentKind, readonly DocumentKind[]>> = {
  quote: ["order", "invoice"],
  order: ["delivery", "invoice"],
  delivery: ["invoice"],
  invoice: [],
  creditNote: [],
};

export type DocumentPlan = {
  /** For the new document's stream; the shell adds its `numbering` when its kind is numbered at creation. */
  readonly create: CreateDocument;
  /** For the origin's stream, in the same commit. */
  readonly link: DocumentCommand;
};

const originOf = (doc: LiveDocument, relation: DocumentOrigin["relation"]): DocumentOrigin => ({
  relation,
  docId: doc.id,
  kind: doc.kind,
  number: doc.number,
  issueDate: doc.header.issueDate,
});

/** A line as input again (for a new document): same fields, the origin's line named. */
const asInput = (line: DocumentLine, originLineId: string | null, quantity?: string): LineInput => {
  if (!isPriced(line)) return line;
  return { ...line, quantity: quantity ?? line.quantity, originLineId };
};

const live = (docs: readonly LiveDocument[]) =>
  docs.filter((d) => d.status !== "cancelled" && d.status !== "refused");

/**
 * What is left of each priced line of `origin` to carry into documents of `target`: its quantity
 * less the quantities of the children of that kind (cancelled and refused ones aside) that name it.
 */
export const remainingQuantities = (
  origin: LiveDocument,
  children: readonly LiveDocument[],
  target: DocumentKind,
): Readonly<Record<string, string>> => {
  const used = new Map<string, bigint>();
  for (const child of live(children).filter((c) => c.kind === target))
    for (const line of child.lines.filter(isPriced))
      if (line.originLineId)
        used.set(line.originLineId, (used.get(line.originLineId) ?? 0n) + priceUnits(line.quantity));
  return Object.fromEntries(
    origin.lines
      .filter(isPriced)
      .map((line) => [
        line.id,
        formatUnits(priceUnits(line.quantity) - (used.get(line.id) ?? 0n), PRICE_SCALE, 0),
      ]),
  );
};

/** The lines to carry: every line's remaining quantity, or the quantities asked (at most what remains). */
const carriedLines = (
  origin: LiveDocument,
  remaining: Readonly<Record<string, string>>,
  quantities: Readonly<Record<string, string>> | undefined,
): LineInput[] => {
  for (const id of Object.keys(quantities ?? {}))
    if (!origin.lines.some((l) => l.id === id && isPriced(l)))
      throw new DomainError("doc.lineNotFound", { id }, 404);
  const lines = origin.lines.flatMap((line): LineInput[] => {
    if (!isPriced(line)) return [line];
    const left = priceUnits(remaining[line.id] ?? "0");
    const asked = quantities ? quantities[line.id] : formatUnits(left, PRICE_SCALE, 0);
    if (asked === undefined) return [];
    const q = decimalUnits(asked, PRICE_SCALE);
    if (q === undefined)
      throw new DomainError("validation.invalidQuantity", { field: `quantities.${line.id}`, value: asked });
    if (q === 0n) return [];
    const sign = priceUnits(line.quantity) < 0n ? -1n : 1n;
    if (q * sign > left * sign || q * sign < 0n)
      throw new DomainError("doc.quantityExceedsRemaining", {
        field: `quantities.${line.id}`,
        line: line.id,
        remaining: formatUnits(left, PRICE_SCALE, 0),
      });
    return [asInput(line, line.id, formatUnits(q, PRICE_SCALE, 0))];
  });
  if (!lines.some((l) => l.kind === "item" || l.kind === "free"))
    throw new DomainError("doc.nothingRemaining", {}, 409);
  return lines;
};

const headerFrom = (origin: LiveDocument, issueDate: IsoDate): HeaderInput => ({
  issueDate,
  deliveryDate: origin.header.deliveryDate,
  deadline: origin.header.deadline,
  reference: origin.header.reference,
  label: origin.header.label,
  customerReference: origin.header.customerReference,
  notes: origin.header.notes,
});

const link = (
  id: string,
  kind: DocumentKind,
  relation: DocumentOrigin["relation"],
  on: IsoDate,
): DocumentCommand => ({
  type: "LinkChildDocument",
  data: { docId: id, kind, relation, on },
});

/**
 * A new document of `kind` from `origin`: every remaining quantity, or those asked by line id.
 * `children` are the origin's children already made (their states), for what remains.
 */
export const planTransform = (
  origin: LiveDocument,
  input: {
    readonly id: string;
    readonly kind: DocumentKind;
    readonly issueDate: IsoDate;
    readonly quantities?: Readonly<Record<string, string>>;
    readonly children?: readonly LiveDocument[];
  },
): DocumentPlan => {
  if (!transformTargets[origin.kind].includes(input.kind))
    throw new DomainError("doc.transformNotAllowed", { from: origin.kind, to: input.kind }, 409);
  if (origin.status === "draft" || origin.status === "cancelled" || origin.status === "refused")
    throw new DomainError("doc.transformRefused", { status: origin.status }, 409);
  const remaining = remainingQuantities(origin, input.children ?? [], input.kind);
  return {
    create: {
      type: "CreateDocument",
      data: {
        id: input.id,
        kind: input.kind,
        direction: origin.direction,
        // The quote's notes speak of the quote (its validity, its conditions): the new draft's editor
        // offers them, it does not copy them (issue 23).
        header: { ...headerFrom(origin, input.issueDate), notes: null },
        contact: origin.contact,
        lines: carriedLines(origin, remaining, input.quantities),
        origin: originOf(origin, "transform"),
      },
    },
    link: link(input.id, input.kind, "transform", input.issueDate),
  };
};

/** Any document copied as a new draft of the same kind, dated `issueDate`, its lines unlinked. */
export const planDuplicate = (
  origin: LiveDocument,
  input: { readonly id: string; readonly issueDate: IsoDate },
): DocumentPlan => ({
  create: {
    type: "CreateDocument",
    data: {
      id: input.id,
      kind: origin.kind,
      direction: origin.direction,
      header: { ...headerFrom(origin, input.issueDate), deliveryDate: null, deadline: null },
      contact: origin.contact,
      lines: origin.lines.map((l) => asInput(l, null)),
      origin: originOf(origin, "duplicate"),
      depositOn: origin.depositOn,
    },
  },
  link: link(input.id, origin.kind, "duplicate", input.issueDate),
});

export type CreditSelection =
  | { readonly kind: "whole" }
  /** Chosen lines by id, each with the quantity credited (at most what earlier credit notes left). */
  | { readonly kind: "lines"; readonly quantities: Readonly<Record<string, string>> }
  /** Amounts excluding tax per VAT category (a rebate): one free line each, on the account given or 709000. */
  | {
      readonly kind: "amounts";
      readonly amounts: readonly {
        readonly net: string;
        readonly vatRate: PricedLine["vatRate"];
        readonly vatExemption?: string | null;
        readonly label?: string;
        readonly account?: string;
        /** Goods or services; by default the invoice's lines at that rate (services when they mix). */
        readonly nature?: LineNature;
      }[];
    };

/**
 * The nature of a rebate at `rate`: goods when every line of the invoice at that rate is goods (a rebate
 * on goods is not a service, whose VAT would wait for its payment), services otherwise.
 */
const natureAtRate = (invoice: LiveDocument, rate: PricedLine["vatRate"]): LineNature => {
  const atRate = invoice.lines.filter((l) => isPriced(l) && l.vatRate === rate);
  return atRate.length > 0 && atRate.every((l) => isPriced(l) && l.nature === "goods") ? "goods" : "services";
};

/**
 * A credit note of a validated invoice, naming it by number and date (CGI 289-I-5): the whole
 * invoice (its lines as they were), chosen lines and quantities, or amounts per rate.
 */
export const planCreditNote = (
  invoice: LiveDocument,
  input: {
    readonly id: string;
    readonly issueDate: IsoDate;
    readonly selection: CreditSelection;
    readonly children?: readonly LiveDocument[];
  },
): DocumentPlan => {
  if (invoice.kind !== "invoice" || !invoice.validation || !invoice.number)
    throw new DomainError(
      "doc.creditNeedsValidatedInvoice",
      { kind: invoice.kind, status: invoice.status },
      409,
    );
  const { selection } = input;
  const lines: LineInput[] =
    selection.kind === "whole"
      ? invoice.lines.map((l) => asInput(l, isPriced(l) ? l.id : null))
      : selection.kind === "lines"
        ? carriedLines(
            invoice,
            remainingQuantities(invoice, input.children ?? [], "creditNote"),
            selection.quantities,
          )
        : selection.amounts.map((a, index) => ({
            kind: "free" as const,
            id: `credit-${index + 1}`,
            label: a.label ?? `Remise sur facture ${invoice.number}`,
            quantity: "1",
            unitPrice: a.net,
            vatRate: a.vatRate,
            vatExemption: a.vatExemption ?? null,
            account: a.account ?? (invoice.direction === "sales" ? "709000" : "609000"),
            nature: a.nature ?? natureAtRate(invoice, a.vatRate),
          }));
  if (lines.length === 0) throw new DomainError("doc.nothingRemaining", {}, 409);
  return {
    create: {
      type: "CreateDocument",
      data: {
        id: input.id,
        kind: "creditNote",
        direction: invoice.direction,
        header: {
          issueDate: input.issueDate,
          label: invoice.header.label,
          customerReference: invoice.header.customerReference,
        },
        contact: invoice.contact,
        lines,
        origin: originOf(invoice, "creditNote"),
      },
    },
    link: link(input.id, "creditNote", "creditNote", input.issueDate),
  };
};

/** A deposit invoice of `percent` % of an order (see `depositLines`). */
export const planDepositInvoice = (
  order: LiveDocument,
  input: {
    readonly id: string;
    readonly issueDate: IsoDate;
    readonly percent: string;
    readonly label?: string;
  },
): DocumentPlan => ({
  create: {
    type: "CreateDocument",
    data: {
      id: input.id,
      kind: "invoice",
      direction: order.direction,
      header: {
        issueDate: input.issueDate,
        customerReference: order.header.customerReference,
        reference: order.header.reference,
      },
      contact: order.contact,
      lines: depositLines(order, input.percent, input.label),
      origin: originOf(order, "deposit"),
      depositOn: order.id,
    },
  },
  link: link(input.id, "invoice", "deposit", input.issueDate),
});
