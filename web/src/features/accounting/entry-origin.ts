import { docPath } from "../docs/paths.ts";
import { depositPath, paymentPath } from "../payments/api.ts";
import { reconcilePath } from "../reconcile/api.ts";
import { type Entry, entryOrigin } from "./api-shapes.ts";
import { entryPath, vatPeriodPath, yearDataPath } from "./paths.ts";

/**
 * What an entry's « Origine » says and where it leads (issue 23, point 6): the key under
 * `entries.origins`, the values its sentence takes (days ISO, amounts in cents: the screen formats
 * them) and the screen of what posted it.
 */
export type OriginLine<Key extends string = OriginKey> = {
  readonly key: Key;
  readonly values: Readonly<Record<string, string | number>>;
  readonly to: string | null;
};
export type OriginKey =
  | "manual"
  | "reversal"
  | "opening"
  | "import"
  | "adjustment"
  | `${"invoice" | "creditNote"}.${"sales" | "purchases"}`
  | "documentGone"
  | "payment"
  | "refund"
  | "paymentGone"
  | "deposit"
  | "depositGone"
  | "vatReturn"
  | "vatReturnGone"
  | "statementLine";
export type CorrectionKey =
  | "invoice"
  | "creditNote"
  | "payment"
  | "paymentCancelled"
  | "deposit"
  | "vatReturn"
  | "unmatch";

const documentKey = (document: NonNullable<Entry["source"]["document"]>): OriginKey =>
  `${document.kind === "creditNote" ? "creditNote" : "invoice"}.${document.direction === "purchases" ? "purchases" : "sales"}`;

export const originLine = (entry: Pick<Entry, "origin" | "source">): OriginLine => {
  const origin = entryOrigin(entry);
  const { document, payment, deposit } = entry.source;
  switch (origin.kind) {
    case "reversal":
      return { key: "reversal", values: {}, to: origin.of ? entryPath(origin.of) : null };
    case "adjustment":
      return {
        key: "adjustment",
        values: { kind: origin.adjustment ?? "other" },
        to: origin.yearId ? yearDataPath(origin.yearId) : null,
      };
    case "opening":
      return { key: "opening", values: {}, to: origin.yearId ? yearDataPath(origin.yearId) : null };
    case "import":
      return { key: "import", values: {}, to: null };
    case "document":
      return document
        ? { key: documentKey(document), values: { number: document.number ?? "" }, to: docPath(document.id) }
        : { key: "documentGone", values: {}, to: null };
    case "payment":
      return payment
        ? {
            key: payment.refund ? "refund" : "payment",
            values: { date: payment.date, contact: payment.contactName, amount: payment.amount },
            to: paymentPath(payment.id),
          }
        : { key: "paymentGone", values: {}, to: null };
    case "deposit":
      return deposit
        ? { key: "deposit", values: { number: deposit.number }, to: depositPath(deposit.id) }
        : { key: "depositGone", values: {}, to: null };
    case "vatReturn":
      return origin.period
        ? { key: "vatReturn", values: { period: origin.period }, to: vatPeriodPath(origin.period) }
        : { key: "vatReturnGone", values: {}, to: null };
    case "statementLine":
      return origin.statement && origin.no
        ? { key: "statementLine", values: { no: origin.no }, to: reconcilePath(origin.statement, origin.no) }
        : { key: "manual", values: {}, to: null };
    default:
      return { key: "manual", values: {}, to: null };
  }
};

/**
 * How a validated entry that the reversal refuses is corrected, as the API's `correction` says: the key
 * under `entries.correction`, its values and the screen where it is done; `null` when the entry is
 * corrected by « Créer l'écriture d'extourne ».
 */
export const correctionLine = (
  entry: Pick<Entry, "origin" | "source" | "correction">,
): OriginLine<CorrectionKey> | null => {
  const { document, payment, deposit, statementLine } = entry.source;
  const origin = entryOrigin(entry);
  switch (entry.correction) {
    case "reversal":
      return null;
    case "document":
      return {
        key: document?.kind === "creditNote" ? "creditNote" : "invoice",
        values: { number: document?.number ?? "" },
        to: document ? docPath(document.id) : null,
      };
    case "payment":
      return {
        key: payment?.cancelled ? "paymentCancelled" : "payment",
        values: {},
        to: payment ? paymentPath(payment.id) : null,
      };
    case "deposit":
      return {
        key: "deposit",
        values: { number: deposit?.number ?? "" },
        to: deposit ? depositPath(deposit.id) : null,
      };
    case "vatReturn":
      return {
        key: "vatReturn",
        values: { period: origin.period ?? "" },
        to: origin.period ? vatPeriodPath(origin.period) : null,
      };
    case "unmatch":
      return {
        key: "unmatch",
        values: { no: statementLine?.no ?? "" },
        to: statementLine ? reconcilePath(statementLine.statementId, statementLine.no) : null,
      };
  }
};
