import {
  type BankStatementLine,
  DomainError,
  evaluateRules,
  type Reason,
  type Suggestion,
  suggestionDeclinesDecider,
  suggestionDeclinesStreamId,
  suggestMatches,
} from "@registre/core";
import { type BankStatementLineRow, type BankStatementRow, readModels } from "@registre/projections";
import { findStatement } from "../banks/statement-queries.ts";
import { loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import {
  type BankMatchData,
  bankMatchData,
  invoiceIndex,
  unmatchedMovements,
  withMovements,
} from "./index-data.ts";
import { loadBankRules } from "./rules.ts";

/** A statement line as the matcher reads it. */
export const statementLineOf = (r: BankStatementLineRow): BankStatementLine => ({
  bookingDate: r.booking_date,
  ...(r.value_date ? { valueDate: r.value_date } : {}),
  amount: Number(r.amount),
  label: r.label,
  details: r.details,
  ...(r.bank_ref ? { bankId: r.bank_ref } : {}),
  ...(r.reference ? { reference: r.reference } : {}),
  ...(r.creditor_reference ? { creditorReference: r.creditor_reference } : {}),
  ...(r.counterparty_name || r.counterparty_iban
    ? {
        counterparty: {
          ...(r.counterparty_name ? { name: r.counterparty_name } : {}),
          ...(r.counterparty_iban ? { iban: r.counterparty_iban } : {}),
        },
      }
    : {}),
  ...(r.code ? { code: r.code } : {}),
});

export const statementLines = async (
  ctx: AppContext,
  orgId: string,
  statementId: string,
  nos?: readonly number[],
) =>
  nos && nos.length === 0
    ? []
    : readModels(ctx.database)
        .selectFrom("bank_statement_lines")
        .selectAll()
        .where("org_id", "=", orgId)
        .where("statement_id", "=", statementId)
        .$if(nos !== undefined, (q) => q.where("no", "in", nos ?? []))
        .orderBy("no")
        .execute();

export const findLine = async (ctx: AppContext, orgId: string, statementId: string, no: number) => {
  const [row] = await statementLines(ctx, orgId, statementId, [no]);
  if (!row) throw new DomainError("bankStatement.lineNotFound", { no }, 404);
  return row;
};

export const loadDeclines = (ctx: AppContext, orgId: string, statementId: string) =>
  loadAggregate(ctx, orgId, suggestionDeclinesStreamId(statementId), suggestionDeclinesDecider);

export type SuggestionView = {
  key: string;
  kind: "invoices" | "payment" | "deposit" | "entry";
  score: number;
  amount: number;
  reasons: Reason[];
  contactId: string | null;
  contactName: string | null;
  invoices: {
    id: string;
    number: string;
    kind: "invoice" | "creditNote";
    due: number;
    date: string;
    dueDate: string | null;
  }[];
  movement: { mvt: string; line: number; date: string; number: string; label: string } | null;
};

/** A suggestion with what the screen shows of it: the invoices' numbers and dues, the movement's entry. */
export const viewOf = (s: Suggestion, data: BankMatchData): SuggestionView => {
  if (s.kind === "invoices") {
    const invoices = s.invoiceIds.flatMap((id) => {
      const i = data.index.invoices.get(id);
      return i
        ? [
            {
              id,
              number: i.number,
              kind: data.creditNotes.has(id) ? ("creditNote" as const) : ("invoice" as const),
              due: Math.abs(i.due),
              date: i.date,
              dueDate: i.dueDate ?? null,
            },
          ]
        : [];
    });
    return {
      key: s.key,
      kind: "invoices",
      score: s.score,
      amount: Math.abs(s.amount),
      reasons: [...s.reasons],
      contactId: s.contactId,
      contactName: data.index.contacts.get(s.contactId)?.name ?? null,
      invoices,
      movement: null,
    };
  }
  const target = data.targets.get(s.key);
  const movement = data.index.existing.find((e) => `${e.kind}:${e.id}` === s.key);
  return {
    key: s.key,
    kind: s.kind,
    score: s.score,
    amount: s.amount,
    reasons: [...s.reasons],
    contactId: movement?.contactId ?? null,
    contactName: movement?.contactId ? (data.index.contacts.get(movement.contactId)?.name ?? null) : null,
    invoices: [],
    movement: target
      ? {
          mvt: target.mvt,
          line: target.line,
          date: movement?.date ?? "",
          number: target.number,
          label: target.label,
        }
      : null,
  };
};

/** The statement's bank account (its 512) and the match data of that account. */
export const statementMatchData = async (ctx: AppContext, orgId: string, statement: BankStatementRow) =>
  bankMatchData(ctx, orgId, statement.account);

/**
 * The suggestions for one statement line, best first, less those declined for it, and the bank rule
 * that applies to it (proposed, or automatic), if any.
 */
export const lineSuggestions = async (ctx: AppContext, orgId: string, statementId: string, no: number) => {
  // One round for what does not depend on the statement's bank, then its account's movements.
  const [statement, row, declines, rules, invoices] = await Promise.all([
    findStatement(ctx, orgId, statementId),
    findLine(ctx, orgId, statementId, no),
    loadDeclines(ctx, orgId, statementId),
    loadBankRules(ctx, orgId),
    invoiceIndex(ctx, orgId),
  ]);
  const line = statementLineOf(row);
  const data = withMovements(invoices, await unmatchedMovements(ctx, orgId, statement.account));
  const declined = declines.state.declined[no] ?? [];
  const items = row.match_mvt
    ? []
    : suggestMatches(line, data.index, { declined: new Set(declined) }).map((s) => viewOf(s, data));
  const outcome = row.match_mvt ? undefined : evaluateRules(rules.rules, line);
  return {
    statementId,
    no,
    matched: row.match_mvt !== null,
    items,
    declined,
    rule:
      outcome && !declined.includes(`rule:${outcome.rule.id}`)
        ? { ...outcome.rule, mode: outcome.mode }
        : null,
  };
};

/** Each unmatched line of a statement with its best suggestion and the rule that applies to it: the screen's list. */
export const statementSuggestions = async (ctx: AppContext, orgId: string, statementId: string) => {
  const statement = await findStatement(ctx, orgId, statementId);
  const [rows, data, declines, rules] = await Promise.all([
    statementLines(ctx, orgId, statementId),
    statementMatchData(ctx, orgId, statement),
    loadDeclines(ctx, orgId, statementId),
    loadBankRules(ctx, orgId),
  ]);
  return {
    items: rows
      .filter((r) => r.match_mvt === null)
      .map((r) => {
        const line = statementLineOf(r);
        const declined = declines.state.declined[r.no] ?? [];
        const [best] = suggestMatches(line, data.index, { declined: new Set(declined), limit: 1 });
        const outcome = evaluateRules(rules.rules, line);
        return {
          no: r.no,
          top: best ? [viewOf(best, data)] : [],
          rule:
            outcome && !declined.includes(`rule:${outcome.rule.id}`)
              ? { ...outcome.rule, mode: outcome.mode }
              : null,
        };
      }),
  };
};
