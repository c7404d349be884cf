import type { IsoDate } from "../accounting/dates.ts";
import type { LiveDocument } from "../documents/document.ts";
import { defaultPostingAccounts } from "../documents/posting.ts";
import { vatBreakdown } from "../documents/totals.ts";
import { transmissionScope } from "../documents/transmission-scope.ts";
import type { VatRate } from "../items/item.ts";
import type { Cents } from "../money.ts";
import { vatMadeDue } from "../payments/allocation.ts";
import type { EReportingPeriod } from "./ereporting-periods.ts";

/**
 * What a period reports (e-invoicing-platforms.md §4), from the organisation's validated documents —
 * pure: the documents come in. Two parts, each its own flow (the standard's `processingRule`):
 *
 * - `b2c` (B2C): the sales to persons, and to French organisations without a SIREN, aggregated per day
 *   and per VAT category — net, VAT, number of documents (FRR 10.3); their payments, per day and rate
 *   (10.4);
 * - `international` (B2BInt): the sales to businesses abroad and the purchases from them, one by one
 *   (10.1); the payments of those sales, one by one (10.2).
 *
 * Transactions are dated by the document's issue date; a credit note counts negative. Payments report
 * only services whose VAT is due on receipt (no débits option): per payment, the part of each rate it
 * makes due (`vatMadeDue`, the split the payment's entry posts from 445740), with its base; goods and
 * services under the débits option report no payment. A domestic B2B sale is the platform's invoice
 * itself, never reported here.
 */
export type EReportingPart = "b2c" | "international";
export const ereportingParts: readonly EReportingPart[] = ["b2c", "international"];

/** The B2C sales of a day at one VAT category. */
export type B2cDayTotal = {
  readonly date: IsoDate;
  readonly vatRate: VatRate;
  readonly vatExemption: string | null;
  readonly net: Cents;
  readonly vat: Cents;
  /** Invoices and credit notes of that day with a line at that category. */
  readonly count: number;
};

export type ReportedParty = {
  readonly name: string;
  readonly country: string;
  readonly vatNumber: string | null;
  readonly siren: string | null;
};

/** An international sale or purchase, reported alone. */
export type InternationalTransaction = {
  readonly direction: "sales" | "purchases";
  readonly kind: "invoice" | "creditNote";
  /** Ours for a sale, the supplier's for a purchase (else ours). */
  readonly number: string;
  readonly date: IsoDate;
  readonly party: ReportedParty;
  readonly breakdown: readonly {
    readonly vatRate: VatRate;
    readonly vatExemption: string | null;
    readonly base: Cents;
    readonly vat: Cents;
  }[];
  readonly totalExclTax: Cents;
  readonly totalVat: Cents;
};

/** What was received at one VAT rate: the amount incl. tax, its base and VAT. */
export type ReceivedAtRate = {
  readonly vatRate: string;
  readonly base: Cents;
  readonly vat: Cents;
  readonly amount: Cents;
};

/** The B2C payments of a day at one rate. */
export type B2cPaymentDay = ReceivedAtRate & { readonly date: IsoDate; readonly count: number };

/** A payment of an international sale, reported alone. */
export type InternationalPayment = {
  readonly number: string;
  readonly invoiceDate: IsoDate;
  readonly date: IsoDate;
  readonly rates: readonly ReceivedAtRate[];
};

export type EReportingContent =
  | { readonly type: "b2cTransactions"; readonly days: readonly B2cDayTotal[] }
  | { readonly type: "internationalTransactions"; readonly transactions: readonly InternationalTransaction[] }
  | { readonly type: "b2cPayments"; readonly days: readonly B2cPaymentDay[] }
  | { readonly type: "internationalPayments"; readonly payments: readonly InternationalPayment[] };

export type EReportingFlowReport = {
  readonly period: EReportingPeriod;
  readonly part: EReportingPart;
  readonly content: EReportingContent;
};

export type EReportingOptions = {
  /** The organisation opted to pay VAT on services at invoicing: then no payment is reported. */
  readonly vatOnDebits: boolean;
};

const within = (date: IsoDate, period: EReportingPeriod) => date >= period.start && date <= period.end;
const isInvoiceOrCredit = (doc: LiveDocument): doc is LiveDocument & { kind: "invoice" | "creditNote" } =>
  doc.kind === "invoice" || doc.kind === "creditNote";
const signOf = (doc: LiveDocument) => (doc.kind === "creditNote" ? -1 : 1);

const countryOf = (doc: LiveDocument): string => {
  const country = (doc.contact?.billingAddress?.country ?? "FR").trim().toUpperCase();
  return country === "MC" ? "FR" : country;
};

/** Which part a validated document belongs to; null: not reported (domestic B2B, not a sale or purchase). */
export const ereportingPartOf = (doc: LiveDocument): EReportingPart | null => {
  if (!doc.validation || !isInvoiceOrCredit(doc)) return null;
  if (doc.direction === "purchases")
    return doc.contact && doc.contact.kind === "company" && countryOf(doc) !== "FR" ? "international" : null;
  const scope = transmissionScope(doc);
  if (scope.decision !== "ereporting") return null;
  return scope.reason === "notInDirectory" ? null : scope.reason;
};

const partyOf = (doc: LiveDocument): ReportedParty => ({
  name: doc.contact?.name ?? "",
  country: countryOf(doc),
  vatNumber: doc.contact?.vatNumber ?? null,
  siren: doc.contact?.siren ?? null,
});

const byDate = <T extends { readonly date: IsoDate }>(a: T, b: T) => a.date.localeCompare(b.date);

/**
 * What a document reports per VAT category: its lines' breakdown less the deposit invoices it deducts —
 * those were reported when they were issued, and the final invoice reports only what is left (a
 * category only a deposit had comes out negative).
 */
export const reportedBreakdown = (
  doc: LiveDocument,
): { vatRate: VatRate; vatExemption: string | null; base: Cents; vat: Cents }[] => {
  const key = (rate: string, exemption: string | null) => `${rate}|${exemption ?? ""}`;
  const rows = new Map(
    vatBreakdown(doc.lines).map((r) => [
      key(r.vatRate, r.vatExemption),
      { vatRate: r.vatRate, vatExemption: r.vatExemption, base: r.base, vat: r.vat },
    ]),
  );
  for (const share of (doc.deposits ?? []).flatMap((d) => d.shares)) {
    const k = key(share.vatRate, share.vatExemption);
    const row = rows.get(k) ?? {
      vatRate: share.vatRate as VatRate,
      vatExemption: share.vatExemption,
      base: 0,
      vat: 0,
    };
    rows.set(k, { ...row, base: row.base - share.net, vat: row.vat - share.vat });
  }
  return [...rows.values()].filter((r) => r.base !== 0 || r.vat !== 0);
};

const b2cTransactions = (docs: readonly LiveDocument[]): B2cDayTotal[] => {
  const totals = new Map<string, B2cDayTotal>();
  for (const doc of docs) {
    const sign = signOf(doc);
    for (const row of reportedBreakdown(doc)) {
      const key = `${doc.header.issueDate}|${row.vatRate}|${row.vatExemption ?? ""}`;
      const t = totals.get(key) ?? {
        date: doc.header.issueDate,
        vatRate: row.vatRate,
        vatExemption: row.vatExemption,
        net: 0,
        vat: 0,
        count: 0,
      };
      totals.set(key, {
        ...t,
        net: t.net + sign * row.base,
        vat: t.vat + sign * row.vat,
        count: t.count + 1,
      });
    }
  }
  return [...totals.values()].sort(byDate);
};

const internationalTransaction = (doc: LiveDocument & { kind: "invoice" | "creditNote" }) => {
  const breakdown = reportedBreakdown(doc);
  return {
    direction: doc.direction === "purchases" ? "purchases" : "sales",
    kind: doc.kind,
    number:
      (doc.direction === "purchases" ? doc.header.supplierNumber : null) ??
      doc.validation?.number ??
      doc.number ??
      "",
    date: doc.header.issueDate,
    party: partyOf(doc),
    breakdown,
    totalExclTax: breakdown.reduce((s, r) => s + r.base, 0),
    totalVat: breakdown.reduce((s, r) => s + r.vat, 0),
  } satisfies InternationalTransaction;
};

/** Each payment of the document dated in the period, with what it received at each rate taxed on receipt. */
const paymentsOf = (doc: LiveDocument, period: EReportingPeriod, options: EReportingOptions) => {
  const accounts = { ...defaultPostingAccounts, vatOnDebits: options.vatOnDebits };
  const out: { date: IsoDate; rates: ReceivedAtRate[] }[] = [];
  let paid = 0;
  for (const payment of doc.payments ?? []) {
    const before = paid;
    paid += payment.amount;
    if (!within(payment.date, period)) continue;
    const sign = signOf(doc);
    const rates = vatMadeDue(doc, accounts, before, paid).map((move) => ({
      vatRate: move.rate,
      base: sign * move.base,
      vat: sign * move.amount,
      amount: sign * (move.base + move.amount),
    }));
    if (rates.length > 0) out.push({ date: payment.date, rates });
  }
  return out;
};

const b2cPayments = (docs: readonly LiveDocument[], period: EReportingPeriod, options: EReportingOptions) => {
  const days = new Map<string, B2cPaymentDay>();
  for (const doc of docs)
    for (const payment of paymentsOf(doc, period, options))
      for (const r of payment.rates) {
        const key = `${payment.date}|${r.vatRate}`;
        const d = days.get(key) ?? {
          date: payment.date,
          vatRate: r.vatRate,
          base: 0,
          vat: 0,
          amount: 0,
          count: 0,
        };
        days.set(key, {
          ...d,
          base: d.base + r.base,
          vat: d.vat + r.vat,
          amount: d.amount + r.amount,
          count: d.count + 1,
        });
      }
  return [...days.values()].sort(byDate);
};

const internationalPayments = (
  docs: readonly LiveDocument[],
  period: EReportingPeriod,
  options: EReportingOptions,
): InternationalPayment[] =>
  docs
    .filter((doc) => doc.direction === "sales")
    .flatMap((doc) =>
      paymentsOf(doc, period, options).map((p) => ({
        number: doc.validation?.number ?? doc.number ?? "",
        invoiceDate: doc.header.issueDate,
        date: p.date,
        rates: p.rates,
      })),
    )
    .sort((a, b) => byDate(a, b) || a.number.localeCompare(b.number));

/**
 * The flows a period sends, from the organisation's documents (any: those not in scope are left out):
 * one per part that has something to report, b2c first. Empty: nothing to report.
 */
export const ereportingReports = (
  period: EReportingPeriod,
  documents: readonly LiveDocument[],
  options: EReportingOptions,
): EReportingFlowReport[] => {
  const of = (part: EReportingPart) => documents.filter((doc) => ereportingPartOf(doc) === part);
  const reports: EReportingFlowReport[] = [];
  const push = (part: EReportingPart, content: EReportingContent, size: number) => {
    if (size > 0) reports.push({ period, part, content });
  };
  if (period.kind === "transactions") {
    const inPeriod = (part: EReportingPart) => of(part).filter((d) => within(d.header.issueDate, period));
    const days = b2cTransactions(inPeriod("b2c"));
    push("b2c", { type: "b2cTransactions", days }, days.length);
    const transactions = inPeriod("international")
      .filter(isInvoiceOrCredit)
      .map(internationalTransaction)
      .sort(
        (a, b) => byDate(a, b) || a.direction.localeCompare(b.direction) || a.number.localeCompare(b.number),
      );
    push("international", { type: "internationalTransactions", transactions }, transactions.length);
  } else {
    const days = b2cPayments(of("b2c"), period, options);
    push("b2c", { type: "b2cPayments", days }, days.length);
    const payments = internationalPayments(of("international"), period, options);
    push("international", { type: "internationalPayments", payments }, payments.length);
  }
  return reports;
};
