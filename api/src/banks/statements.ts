import {
  bankStatementDecider,
  bankStatementStreamId,
  bankStatementsRegisterStreamId,
  type CommandMetadata,
  centsText,
  DomainError,
  fiscalDecider,
  fiscalStreamId,
  type MatchedBy,
  type MatchTarget,
  type StatementEdit,
  statementRegisterDecider,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { ledgerReadModels } from "../accounting/entries.ts";
import { catchUp, handleMultiStream, loadAggregate, streamDecision, streamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { statementReadModels } from "./statement-import.ts";
import { findStatement } from "./statement-queries.ts";

/**
 * The commands on an existing statement: edit its header, delete it (and unregister its lines from
 * the bank, one commit), match a line to a payment, deposit or entry line of the bank's 512 account,
 * unmatch it (refused once its day is in a locked period). `matchStatementLine` is what other code
 * (suggestions accepted, rules on import) calls with its own `by`.
 */

const loadStatement = (ctx: AppContext, orgId: string, id: string) =>
  loadAggregate(ctx, orgId, bankStatementStreamId(id), bankStatementDecider);

const run = streamRunner({
  streamId: bankStatementStreamId,
  decider: bankStatementDecider,
  readModels: statementReadModels,
});

export const editStatement = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  edit: StatementEdit,
  metadata: CommandMetadata,
) => {
  await run(ctx, orgId, id, [{ type: "EditBankStatement", data: edit }], metadata);
};

/** Deletes a statement none of whose lines is matched: its stream and its bank's register, one commit. */
export const deleteStatement = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  metadata: CommandMetadata,
) => {
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...statementReadModels],
    plan: async () => {
      const statement = await loadStatement(ctx, orgId, id);
      const bankId = statement.state.header?.bankId;
      if (statement.state.status !== "active" || !bankId)
        throw new DomainError("bankStatement.notFound", {}, 404);
      const register = await loadAggregate(
        ctx,
        orgId,
        bankStatementsRegisterStreamId(bankId),
        statementRegisterDecider,
      );
      return {
        streams: [
          streamDecision(bankStatementStreamId(id), bankStatementDecider, statement, () => [
            { type: "DeleteBankStatement" as const, data: {} },
          ]),
          streamDecision(bankStatementsRegisterStreamId(bankId), statementRegisterDecider, register, () => [
            { type: "UnregisterBankStatement" as const, data: { statement: id } },
          ]),
        ],
      };
    },
  });
};

export type MatchRequest = {
  readonly kind: MatchTarget["kind"];
  /** The payment's or deposit's id, or the entry's mvt. */
  readonly id: string;
  /** The entry line on the bank's account, when the entry has several. */
  readonly line?: number | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The entry line a match points at: the bank's 512 line of the payment's or deposit's entry, or of the
 * entry named — validated, of the statement's bank account, of the line's amount (money in is a debit),
 * not matched to another statement line.
 */
export const resolveMatchTarget = async (
  ctx: AppContext,
  orgId: string,
  statement: { readonly account: string },
  line: { readonly amount: number; readonly statementId: string; readonly no: number },
  request: MatchRequest,
): Promise<MatchTarget> => {
  if (!UUID.test(request.id)) throw new DomainError("statementLine.targetNotFound", { field: "id" }, 404);
  const db = readModels(ctx.database);
  let mvt = request.id;
  if (request.kind === "payment" || request.kind === "deposit") {
    const row = await db
      .selectFrom(request.kind === "payment" ? "payments" : "deposits")
      .select("entry_mvt")
      .where("org_id", "=", orgId)
      .where("id", "=", request.id)
      .executeTakeFirst();
    if (!row) throw new DomainError("statementLine.targetNotFound", { field: "id" }, 404);
    mvt = row.entry_mvt;
  }
  const lines = await db
    .selectFrom("ledger_lines")
    .select(["line", "debit", "credit"])
    .where("org_id", "=", orgId)
    .where("mvt", "=", mvt)
    .where("account", "=", statement.account)
    .$if(request.line !== undefined, (q) => q.where("line", "=", request.line ?? 0))
    .execute();
  const chosen =
    lines.find((l) => l.debit - l.credit === line.amount) ?? (lines.length === 1 ? lines[0] : undefined);
  if (!chosen)
    throw new DomainError(
      lines.length === 0 ? "statementLine.targetNotInBank" : "statementLine.targetLineAmbiguous",
      { field: "id", account: statement.account },
      lines.length === 0 ? 422 : 422,
    );
  if (chosen.debit - chosen.credit !== line.amount)
    throw new DomainError("statementLine.amountDiffers", {
      field: "id",
      line: centsText(line.amount),
      target: centsText(chosen.debit - chosen.credit),
    });
  const taken = await db
    .selectFrom("bank_statement_lines")
    .select(["statement_id", "no"])
    .where("org_id", "=", orgId)
    .where("match_mvt", "=", mvt)
    .where("match_line", "=", chosen.line)
    .executeTakeFirst();
  if (taken && !(taken.statement_id === line.statementId && taken.no === line.no))
    throw new DomainError("statementLine.targetMatched", { field: "id" }, 409);
  return { kind: request.kind, id: request.id, mvt, line: chosen.line };
};

/** Matches a statement line (checked as `resolveMatchTarget` says), by the user, a suggestion or a rule. */
export const matchStatementLine = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  no: number,
  request: MatchRequest,
  by: MatchedBy,
  metadata: CommandMetadata,
): Promise<MatchTarget> => {
  await catchUp(ctx, orgId, [...statementReadModels, ...ledgerReadModels, "payments"]);
  const statement = await findStatement(ctx, orgId, statementId);
  const line = await readModels(ctx.database)
    .selectFrom("bank_statement_lines")
    .select(["amount"])
    .where("org_id", "=", orgId)
    .where("statement_id", "=", statementId)
    .where("no", "=", no)
    .executeTakeFirst();
  if (!line) throw new DomainError("bankStatement.lineNotFound", { no }, 404);
  const target = await resolveMatchTarget(
    ctx,
    orgId,
    statement,
    { amount: line.amount, statementId, no },
    request,
  );
  await run(ctx, orgId, statementId, [{ type: "MatchStatementLine", data: { no, target, by } }], metadata);
  return target;
};

/** Unmatches a line, refused once its day is within the books' locked period. */
export const unmatchStatementLine = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  no: number,
  metadata: CommandMetadata,
) => {
  await run(
    ctx,
    orgId,
    statementId,
    async () => {
      const fiscal = await loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider);
      return {
        guards: { [fiscalStreamId(orgId)]: fiscal.version },
        commands: [
          {
            type: "UnmatchStatementLine" as const,
            data: { no },
            context: { lockedUntil: fiscal.state.lockedUntil },
          },
        ],
      };
    },
    metadata,
  );
};
