import { DomainError } from "../decider.ts";
import type { Cents } from "../money.ts";
import { type BankingState, bankingView, type PaymentMode } from "../payments/banking.ts";
import type { PaymentDirection } from "../payments/payment.ts";
import {
  type PaymentCommitPlan,
  type PaymentRecordingInput,
  type PaymentRequest,
  paymentRecordingPlan,
} from "../payments/payment-plan.ts";
import { type MatchIndex, suggestMatches } from "./matching.ts";
import type { BankStatementLine } from "./model.ts";
import type { BankStatementCommand, MatchedBy, MatchTarget } from "./statement.ts";

/**
 * A reconciliation's acceptance as pure plans: from what the shell read (the bank's open items, the
 * statement's lines, the banking, the declines), which key names what, the payment a statement line
 * records for invoices or credit notes, the statement's commands matching lines, and a bulk action's
 * choice per line. The shell loads, guards and commits.
 */

/** What a statement line can be matched with, as the shell read it. */
export type ReconciliationData = {
  readonly index: MatchIndex;
  /** `<kind>:<id>` -> the 512 line a statement line is matched to, with its amount. */
  readonly targets: ReadonlyMap<
    string,
    { readonly mvt: string; readonly line: number; readonly amount: Cents }
  >;
  /** Each open invoice's side (sales or purchases). */
  readonly sides: ReadonlyMap<string, PaymentDirection>;
  /** The open documents that are credit notes: accepting one records a refund. */
  readonly creditNotes: ReadonlySet<string>;
};

/** What a key names, checked against the bank's open items. */
export type AcceptedKey =
  | { readonly kind: "invoices"; readonly invoiceIds: readonly string[] }
  | { readonly kind: "movement"; readonly target: MatchTarget };

/**
 * What `key` names for a line of `amount`: invoices (or credit notes) still open, or an existing payment,
 * deposit or entry at the line's own amount. 409 `suggestion.gone` for what is no longer open (an
 * invoice paid meanwhile), `statementLine.amountDiffers` for a movement of another amount (one found by
 * its reference alone).
 */
export const resolveMatchKey = (data: ReconciliationData, key: string, amount: Cents): AcceptedKey => {
  const [kind, rest = ""] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "invoice" || kind === "invoices") {
    const ids = rest.split("+");
    if (ids.length === 0 || ids.some((id) => !data.index.invoices.has(id)))
      throw new DomainError("suggestion.gone", { field: "key" }, 409);
    return { kind: "invoices", invoiceIds: ids };
  }
  const target = data.targets.get(key);
  if (!target || (kind !== "payment" && kind !== "deposit" && kind !== "entry"))
    throw new DomainError("suggestion.gone", { field: "key" }, 409);
  if (target.amount !== amount) throw new DomainError("statementLine.amountDiffers", { field: "key" }, 409);
  return {
    kind: "movement",
    target: { kind, id: kind === "entry" ? target.mvt : rest, mvt: target.mvt, line: target.line },
  };
};

/**
 * The bank's payment mode a transfer on its statement is recorded with: its transfer mode, else its
 * first mode not through a deposit; none: 409 `reconcile.noPaymentMode`.
 */
export const statementPaymentMode = (banking: BankingState, bankId: string): PaymentMode => {
  const modes = Object.values(bankingView(banking).modes).filter((m) => m.bankId === bankId && !m.deposit);
  const mode = modes.find((m) => m.kind === "transfer") ?? modes[0];
  if (!mode) throw new DomainError("reconcile.noPaymentMode", { field: "modeId" }, 409);
  return mode;
};

/** A statement line as a payment reads it: its amount (signed as the bank moved), day and references. */
export type StatementLineToPay = {
  readonly amount: Cents;
  readonly bookingDate: string;
  readonly reference: string | null;
  readonly bankRef: string | null;
  readonly label: string;
};

/**
 * The payment a statement line records for `invoiceIds` (one contact's side, their dues signed as the
 * line): its amount allocated to them in turn (less: a partial payment; more: an advance); credit notes
 * make it a refund; referenced by the line's reference, else the bank's, else its label; through the
 * bank's mode for transfers (`statementPaymentMode`). 409 `suggestion.gone` when they are no longer what
 * the line can pay.
 */
export const statementLinePayment = (
  data: ReconciliationData,
  line: StatementLineToPay,
  invoiceIds: readonly string[],
  bank: { readonly banking: BankingState; readonly bankId: string },
): { readonly direction: PaymentDirection; readonly request: PaymentRequest } => {
  const invoices = invoiceIds.map((id) => data.index.invoices.get(id)).filter((i) => i !== undefined);
  const side = data.sides.get(invoiceIds[0] ?? "");
  if (
    !side ||
    invoices.some((i) => data.sides.get(i.id) !== side || Math.sign(i.due) !== Math.sign(line.amount))
  )
    throw new DomainError("suggestion.gone", { field: "key" }, 409);
  const mode = statementPaymentMode(bank.banking, bank.bankId);
  const amount = Math.abs(line.amount);
  let left = amount;
  const allocations = invoices.flatMap((i) => {
    const part = Math.min(Math.abs(i.due), left);
    left -= part;
    return part > 0 ? [{ docId: i.id, amount: part }] : [];
  });
  return {
    direction: side,
    request: {
      date: line.bookingDate,
      amount,
      modeId: mode.id,
      reference: (line.reference ?? line.bankRef ?? line.label).slice(0, 60),
      allocations,
      refund: invoices.some((i) => data.creditNotes.has(i.id)),
    },
  };
};

/** The statement's commands matching each line `no` to its target. */
export const statementMatches = (
  matches: readonly { readonly no: number; readonly target: MatchTarget }[],
  by: MatchedBy,
): BankStatementCommand[] =>
  matches.map(({ no, target }) => ({ type: "MatchStatementLine", data: { no, target, by } }));

/**
 * The plan of a statement line accepted for invoices, one commit: the payment as its recording plans it,
 * and the line `no` matched to the payment's first entry line — its treasury line, the bank's 512.
 */
export const reconciledPaymentPlan = (
  input: PaymentRecordingInput,
  no: number,
): PaymentCommitPlan & { readonly statement: BankStatementCommand[] } => ({
  ...paymentRecordingPlan(input),
  statement: statementMatches(
    [{ no, target: { kind: "payment", id: input.id, mvt: input.mvt, line: 1 } }],
    "suggestion",
  ),
});

/** The least score a best suggestion needs to be taken by a bulk action without a key: the amount and more. */
export const BULK_MIN_SCORE = 40;

export type BulkItemResult = {
  no: number;
  key: string | null;
  status: "matched" | "paid" | "skipped";
  reason?: string;
};

/**
 * What a bulk action does with each line asked: with the key given, or its best suggestion when it has
 * one clearly ahead (score at least `BULK_MIN_SCORE`, above the second, not declined); one key per
 * action. Lines not there or matched already, without a suggestion, whose key is taken or gone are
 * skipped with the reason; the others are matches of existing movements or invoice payments.
 */
export const bulkReconciliation = (
  data: ReconciliationData,
  items: readonly { readonly no: number; readonly key?: string | undefined }[],
  lines: ReadonlyMap<number, { readonly line: BankStatementLine; readonly matched: boolean }>,
  declined: Readonly<Record<number, readonly string[]>>,
) => {
  const results: BulkItemResult[] = [];
  const matches: { no: number; target: MatchTarget }[] = [];
  const payments: { no: number; key: string; invoiceIds: readonly string[] }[] = [];
  const taken = new Set<string>();
  for (const item of items) {
    const found = lines.get(item.no);
    if (!found || found.matched) {
      results.push({ no: item.no, key: null, status: "skipped", reason: found ? "matched" : "notFound" });
      continue;
    }
    let key = item.key;
    if (!key) {
      const [best, second] = suggestMatches(found.line, data.index, {
        declined: new Set(declined[item.no] ?? []),
        limit: 2,
      });
      if (best && best.score >= BULK_MIN_SCORE && (!second || second.score < best.score)) key = best.key;
    }
    if (!key || taken.has(key)) {
      results.push({
        no: item.no,
        key: key ?? null,
        status: "skipped",
        reason: key ? "taken" : "noSuggestion",
      });
      continue;
    }
    try {
      const accepted = resolveMatchKey(data, key, found.line.amount);
      taken.add(key);
      if (accepted.kind === "movement") matches.push({ no: item.no, target: accepted.target });
      else payments.push({ no: item.no, key, invoiceIds: accepted.invoiceIds });
      results.push({ no: item.no, key, status: accepted.kind === "movement" ? "matched" : "paid" });
    } catch {
      results.push({ no: item.no, key, status: "skipped", reason: "gone" });
    }
  }
  return { results, matches, payments };
};
