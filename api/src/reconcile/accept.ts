import {
  bankingView,
  bankStatementDecider,
  bankStatementStreamId,
  type CommandMetadata,
  DomainError,
  type MatchTarget,
  suggestionDeclinesDecider,
  suggestionDeclinesStreamId,
  suggestMatches,
} from "@registre/core";
import type { BankStatementLineRow, BankStatementRow } from "@registre/projections";
import type { MultiAppendResult } from "@registre/store";
import { findStatement } from "../banks/statement-queries.ts";
import {
  alreadyAppended,
  awaitReadModels,
  handleCommand,
  handleMultiStream,
  loadAggregate,
  streamDecision,
} from "../commands.ts";
import type { AppContext } from "../context.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { loadBanking } from "../payments/banking.ts";
import { paymentPlan, paymentReadModels } from "../payments/payments.ts";
import { type BankMatchData, bankMatchData } from "./index-data.ts";
import {
  findLine,
  loadDeclines,
  statementLineOf,
  statementLines,
  statementMatchData,
} from "./suggestions.ts";

/** The read models a reconciliation answer reads: the statement's lines, and what a payment moves. */
export const reconcileReadModels = ["bank_statements", ...paymentReadModels] as const;

export const loadStatementStream = (ctx: AppContext, orgId: string, statementId: string) =>
  loadAggregate(ctx, orgId, bankStatementStreamId(statementId), bankStatementDecider);

/** The statement line matched to `target`, on the statement's stream at the version read. */
export const matchDecision = (
  loaded: Awaited<ReturnType<typeof loadStatementStream>>,
  statementId: string,
  matches: readonly { readonly no: number; readonly target: MatchTarget }[],
  by: "user" | "suggestion" | "rule",
) =>
  streamDecision(bankStatementStreamId(statementId), bankStatementDecider, loaded, () =>
    matches.map(({ no, target }) => ({ type: "MatchStatementLine" as const, data: { no, target, by } })),
  );

/** What a key names, checked against the bank's open items (an invoice paid meanwhile is gone). */
export type Accepted =
  | { readonly kind: "invoices"; readonly invoiceIds: readonly string[] }
  | { readonly kind: "movement"; readonly target: MatchTarget };

export const resolveKey = (data: BankMatchData, key: string, amount: number): Accepted => {
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
  // A movement found by its reference alone may differ: a line is matched to its own amount only.
  if (target.amount !== amount) throw new DomainError("statementLine.amountDiffers", { field: "key" }, 409);
  return {
    kind: "movement",
    target: { kind, id: kind === "entry" ? target.mvt : rest, mvt: target.mvt, line: target.line },
  };
};

/** The bank's payment mode a transfer on its statement is recorded with (not one through a deposit). */
const bankMode = async (ctx: AppContext, orgId: string, bankId: string) => {
  const { state } = await loadBanking(ctx, orgId);
  const modes = Object.values(bankingView(state).modes).filter((m) => m.bankId === bankId && !m.deposit);
  const mode = modes.find((m) => m.kind === "transfer") ?? modes[0];
  if (!mode) throw new DomainError("reconcile.noPaymentMode", { field: "modeId" }, 409);
  return mode;
};

/**
 * Accepts one suggestion for a statement line. Invoices: one commit records and validates the payment
 * (its entry in the bank's journal, the invoices' allocations and lettering, as `recordPayment`; for
 * credit notes, the refund — money out to a customer, in from a supplier — the same way) and
 * matches the line to the payment's bank line. An existing payment, deposit or entry: the line is matched
 * to its 512 line.
 */
export const acceptSuggestion = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  no: number,
  key: string,
  metadata: CommandMetadata,
): Promise<{ paymentId: string | null }> => {
  // A retry whose first answer was lost: what the first attempt did (its line is matched by now).
  if (await alreadyAppended(ctx, orgId, metadata, reconcileReadModels))
    return { paymentId: key.startsWith("invoice") ? derivedId(metadata.commandId, "payment") : null };
  const statement = await findStatement(ctx, orgId, statementId);
  const row = await findLine(ctx, orgId, statementId, no);
  const data = await bankMatchData(ctx, orgId, statement.account);
  const accepted = row.match_mvt ? null : resolveKey(data, key, Number(row.amount));
  if (!accepted) throw new DomainError("statementLine.alreadyMatched", { no }, 409);
  if (accepted.kind === "movement") {
    await handleMultiStream(ctx, {
      orgId,
      metadata,
      readModels: [...reconcileReadModels],
      plan: async () => ({
        streams: [
          matchDecision(
            await loadStatementStream(ctx, orgId, statementId),
            statementId,
            [{ no, target: accepted.target }],
            "suggestion",
          ),
        ],
      }),
    });
    return { paymentId: null };
  }
  const paymentId = derivedId(metadata.commandId, "payment");
  const mvt = derivedId(metadata.commandId, "entry");
  const plan = await invoicePaymentPlan(ctx, orgId, statement, row, data, accepted.invoiceIds, {
    id: paymentId,
    mvt,
  });
  await handleMultiStream(ctx, { orgId, metadata, readModels: [...reconcileReadModels], plan });
  return { paymentId };
};

/**
 * The plan recording the payment of `invoiceIds` by a statement line, and matching the line to it. Credit
 * notes (their due signed the other way, so never in one suggestion with invoices) make it a refund.
 */
const invoicePaymentPlan = async (
  ctx: AppContext,
  orgId: string,
  statement: BankStatementRow,
  row: BankStatementLineRow,
  data: BankMatchData,
  invoiceIds: readonly string[],
  ids: { readonly id: string; readonly mvt: string },
) => {
  const invoices = invoiceIds.map((id) => data.index.invoices.get(id)).filter((i) => i !== undefined);
  const side = data.sides.get(invoiceIds[0] ?? "");
  const amount = Math.abs(Number(row.amount));
  if (
    !side ||
    invoices.some((i) => data.sides.get(i.id) !== side || Math.sign(i.due) !== Math.sign(Number(row.amount)))
  )
    throw new DomainError("suggestion.gone", { field: "key" }, 409);
  const mode = await bankMode(ctx, orgId, statement.bank_id);
  let left = amount;
  const allocations = invoices.flatMap((i) => {
    const part = Math.min(Math.abs(i.due), left);
    left -= part;
    return part > 0 ? [{ docId: i.id, amount: part }] : [];
  });
  const refund = invoices.some((i) => data.creditNotes.has(i.id));
  const reference = (row.reference ?? row.bank_ref ?? row.label).slice(0, 60);
  return async () => {
    const [payment, loaded] = await Promise.all([
      paymentPlan(
        ctx,
        orgId,
        side,
        { date: row.booking_date, amount, modeId: mode.id, reference, allocations, refund },
        ids,
      ),
      loadStatementStream(ctx, orgId, statement.id),
    ]);
    // The payment's first entry line is its treasury line: the bank's 512 for a mode on this bank.
    const target: MatchTarget = { kind: "payment", id: ids.id, mvt: ids.mvt, line: 1 };
    return {
      ...payment,
      streams: [
        ...payment.streams,
        matchDecision(loaded, statement.id, [{ no: row.no, target }], "suggestion"),
      ],
    };
  };
};

/** Declines (or offers again) a suggestion for a line: remembered on the statement's declines stream. */
export const declineSuggestion = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  no: number,
  key: string,
  restore: boolean,
  metadata: CommandMetadata,
) => {
  await findLine(ctx, orgId, statementId, no);
  await handleCommand(ctx, {
    orgId,
    streamId: suggestionDeclinesStreamId(statementId),
    decider: suggestionDeclinesDecider,
    commands: [{ type: restore ? "RestoreSuggestion" : "DeclineSuggestion", data: { no, key } }],
    metadata,
    readModels: [],
  });
};

/** The least score a best suggestion needs to be taken by a bulk action without a key: the amount and more. */
export const BULK_MIN_SCORE = 40;

/**
 * Reconciles a selection of lines: each with the key given, or its best suggestion when it has one
 * clearly ahead (score at least `BULK_MIN_SCORE` and above the second). Matches of existing movements
 * go in one commit on the statement's stream; each invoice payment is its own commit (payment, entry,
 * lettering and match), one after the other; the read models are waited for once, after the last. Answers
 * what was done per line.
 */
export const reconcileSelection = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  items: readonly { readonly no: number; readonly key?: string | undefined }[],
  metadata: CommandMetadata,
) => {
  const statement = await findStatement(ctx, orgId, statementId);
  const [rows, data, declines] = await Promise.all([
    statementLines(
      ctx,
      orgId,
      statementId,
      items.map((i) => i.no),
    ),
    statementMatchData(ctx, orgId, statement),
    loadDeclines(ctx, orgId, statementId),
  ]);
  const byNo = new Map(rows.map((r) => [r.no, r]));
  const results: {
    no: number;
    key: string | null;
    status: "matched" | "paid" | "skipped";
    reason?: string;
  }[] = [];
  const matches: { no: number; target: MatchTarget }[] = [];
  const payments: { row: BankStatementLineRow; key: string; invoiceIds: readonly string[] }[] = [];
  const taken = new Set<string>();
  for (const item of items) {
    const row = byNo.get(item.no);
    if (!row || row.match_mvt) {
      results.push({ no: item.no, key: null, status: "skipped", reason: row ? "matched" : "notFound" });
      continue;
    }
    let key = item.key;
    if (!key) {
      const [best, second] = suggestMatches(statementLineOf(row), data.index, {
        declined: new Set(declines.state.declined[row.no] ?? []),
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
      const accepted = resolveKey(data, key, Number(row.amount));
      taken.add(key);
      if (accepted.kind === "movement") matches.push({ no: row.no, target: accepted.target });
      else payments.push({ row, key, invoiceIds: accepted.invoiceIds });
      results.push({ no: item.no, key, status: accepted.kind === "movement" ? "matched" : "paid" });
    } catch {
      results.push({ no: item.no, key, status: "skipped", reason: "gone" });
    }
  }
  // The read models are waited for once, at the end, for the last commit (the log's order makes it show
  // every earlier one): each line's plan reads the streams only, so it need not wait for the previous.
  let last: MultiAppendResult | null = null;
  if (matches.length > 0)
    ({ result: last } = await handleMultiStream(ctx, {
      orgId,
      metadata: childMetadata(metadata, "matches"),
      readModels: [],
      plan: async () => ({
        streams: [
          matchDecision(
            await loadStatementStream(ctx, orgId, statementId),
            statementId,
            matches,
            "suggestion",
          ),
        ],
      }),
    }));
  for (const p of payments) {
    const child = childMetadata(metadata, "pay", p.row.no);
    const ids = { id: derivedId(child.commandId, "payment"), mvt: derivedId(child.commandId, "entry") };
    try {
      const plan = await invoicePaymentPlan(ctx, orgId, statement, p.row, data, p.invoiceIds, ids);
      ({ result: last } = await handleMultiStream(ctx, { orgId, metadata: child, readModels: [], plan }));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const result = results.find((r) => r.no === p.row.no);
      if (result) Object.assign(result, { status: "skipped", reason: error.code });
    }
  }
  if (last) await awaitReadModels(ctx, orgId, last, reconcileReadModels);
  return { items: results };
};
