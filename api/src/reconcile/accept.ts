import {
  bankStatementDecider,
  bankStatementStreamId,
  bulkReconciliation,
  type CommandMetadata,
  DomainError,
  type MatchedBy,
  type MatchTarget,
  reconciledPaymentPlan,
  resolveMatchKey,
  statementLinePayment,
  statementMatches,
  suggestionDeclinesDecider,
  suggestionDeclinesStreamId,
} from "@registre/core";
import type { BankStatementLineRow, BankStatementRow } from "@registre/projections";
import type { MultiAppendResult } from "@registre/store";
import { findStatement } from "../banks/statement-queries.ts";
import {
  alreadyAppended,
  awaitReadModels,
  handleMultiStream,
  loadAggregate,
  streamDecision,
  streamRunner,
} from "../commands.ts";
import type { AppContext } from "../context.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { loadBanking } from "../payments/banking.ts";
import {
  loadPaymentRecording,
  newPayment,
  paymentCommitStreams,
  paymentReadModels,
} from "../payments/payments.ts";
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

/** The statement lines matched to their targets, on the statement's stream at the version read. */
export const matchDecision = (
  loaded: Awaited<ReturnType<typeof loadStatementStream>>,
  statementId: string,
  matches: readonly { readonly no: number; readonly target: MatchTarget }[],
  by: MatchedBy,
) =>
  streamDecision(bankStatementStreamId(statementId), bankStatementDecider, loaded, () =>
    statementMatches(matches, by),
  );

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
  const accepted = row.match_mvt ? null : resolveMatchKey(data, key, Number(row.amount));
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
 * The plan recording the payment of `invoiceIds` by a statement line, and matching the line to it (core
 * `statementLinePayment`, `reconciledPaymentPlan`). Credit notes (their due signed the other way, so never
 * in one suggestion with invoices) make it a refund.
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
  const { direction, request } = statementLinePayment(
    data,
    {
      amount: Number(row.amount),
      bookingDate: row.booking_date,
      reference: row.reference,
      bankRef: row.bank_ref,
      label: row.label,
    },
    invoiceIds,
    { banking: (await loadBanking(ctx, orgId)).state, bankId: statement.bank_id },
  );
  return async () => {
    const [loaded, statementStream] = await Promise.all([
      loadPaymentRecording(ctx, orgId, direction, request, ids),
      loadStatementStream(ctx, orgId, statement.id),
    ]);
    const plan = reconciledPaymentPlan(loaded.input, row.no);
    return {
      guards: loaded.guards,
      counters: plan.counters,
      streams: [
        ...(await paymentCommitStreams(ctx, orgId, ids.id, plan, {
          payment: newPayment,
          documents: loaded.documents,
        })),
        streamDecision(bankStatementStreamId(statement.id), bankStatementDecider, statementStream, () => [
          ...plan.statement,
        ]),
      ],
    };
  };
};

/** The runner of a statement's declined suggestions (`bankstatement-declines-<statementId>`). */
const runDeclines = streamRunner({
  streamId: suggestionDeclinesStreamId,
  decider: suggestionDeclinesDecider,
  readModels: [],
});

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
  await runDeclines(
    ctx,
    orgId,
    statementId,
    { type: restore ? "RestoreSuggestion" : "DeclineSuggestion", data: { no, key } },
    metadata,
  );
};

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
  const { results, matches, payments } = bulkReconciliation(
    data,
    items,
    new Map(rows.map((r) => [r.no, { line: statementLineOf(r), matched: Boolean(r.match_mvt) }])),
    declines.state.declined,
  );
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
    const row = byNo.get(p.no);
    if (!row) continue;
    const child = childMetadata(metadata, "pay", p.no);
    const ids = { id: derivedId(child.commandId, "payment"), mvt: derivedId(child.commandId, "entry") };
    try {
      const plan = await invoicePaymentPlan(ctx, orgId, statement, row, data, p.invoiceIds, ids);
      ({ result: last } = await handleMultiStream(ctx, { orgId, metadata: child, readModels: [], plan }));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const result = results.find((r) => r.no === p.no);
      if (result) Object.assign(result, { status: "skipped", reason: error.code });
    }
  }
  if (last) await awaitReadModels(ctx, orgId, last, reconcileReadModels);
  return { items: results };
};
