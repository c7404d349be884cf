import { balanceWarningFigures, DomainError } from "@registre/core";
import { type BankStatementLineRow, type BankStatementRow, readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { type Locale, translate } from "../http/messages.ts";

/**
 * Reading the statements and their lines (read model `bank_statements`, `bank_statement_lines`): the
 * list with each statement's bank, period, counts and balances, one statement, the lines with their
 * filters. Other code (reconciliation, year-end checks) reads unmatched lines through `listStatementLines`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toStatement = (r: BankStatementRow, locale: Locale, bankName?: string) => ({
  id: r.id,
  bankId: r.bank_id,
  bankName: bankName ?? null,
  account: r.account,
  journal: r.journal,
  source: r.source as "file" | "typed",
  file:
    r.file_name !== null
      ? {
          name: r.file_name,
          format: r.format ?? "",
          encoding: r.encoding ?? "",
          size: r.file_size ?? 0,
          sha256: r.file_sha256 ?? "",
        }
      : null,
  reference: r.reference,
  label: r.label,
  from: r.date_from,
  to: r.date_to,
  opening: r.opening === null ? null : { amount: r.opening, date: r.opening_date },
  closing: r.closing === null ? null : { amount: r.closing, date: r.closing_date },
  lineCount: r.line_count,
  matchedCount: r.matched_count,
  reconciled: r.line_count > 0 && r.matched_count === r.line_count,
  total: r.total,
  credits: r.credits,
  debits: r.debits,
  warnings: r.warnings.map((w) => ({
    ...w,
    message: translate(w.code, locale, balanceWarningFigures(w)),
  })),
  notices: r.notices.map((n) => ({ ...n, message: translate(n.code, locale, n.params) })),
  alreadyImported: r.already_imported,
  createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
  createdBy: r.created_by,
});

export const toStatementLine = (r: BankStatementLineRow) => ({
  statementId: r.statement_id,
  no: r.no,
  bankId: r.bank_id,
  identity: r.identity,
  bookingDate: r.booking_date,
  valueDate: r.value_date,
  amount: r.amount,
  label: r.label,
  details: r.details,
  bankRef: r.bank_ref,
  reference: r.reference,
  creditorReference: r.creditor_reference,
  counterpartyName: r.counterparty_name,
  counterpartyIban: r.counterparty_iban,
  code: r.code,
  match:
    r.match_kind && r.match_id && r.match_mvt && r.match_line !== null
      ? {
          kind: r.match_kind as "payment" | "deposit" | "entry",
          id: r.match_id,
          mvt: r.match_mvt,
          line: r.match_line,
          by: (r.matched_by ?? "user") as "user" | "suggestion" | "rule",
          at: r.matched_at instanceof Date ? r.matched_at.toISOString() : String(r.matched_at),
        }
      : null,
});

export const findStatement = async (
  ctx: AppContext,
  orgId: string,
  id: string,
): Promise<BankStatementRow> => {
  const row = UUID.test(id)
    ? await readModels(ctx.database)
        .selectFrom("bank_statements")
        .selectAll()
        .where("org_id", "=", orgId)
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new DomainError("bankStatement.notFound", {}, 404);
  return row;
};

export type StatementFilter = {
  readonly bankId?: string | undefined;
  readonly reconciled?: boolean | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly limit: number;
  readonly offset: number;
};

/** The statements, newest period first. */
export const listStatements = async (ctx: AppContext, orgId: string, f: StatementFilter) => {
  const base = readModels(ctx.database)
    .selectFrom("bank_statements")
    .where("org_id", "=", orgId)
    .$if(f.bankId !== undefined, (q) => q.where("bank_id", "=", f.bankId ?? ""))
    .$if(f.reconciled === true, (q) => q.whereRef("matched_count", "=", "line_count"))
    .$if(f.reconciled === false, (q) => q.whereRef("matched_count", "<", "line_count"))
    .$if(f.from !== undefined, (q) => q.where("date_to", ">=", f.from ?? ""))
    .$if(f.to !== undefined, (q) => q.where("date_from", "<=", f.to ?? ""));
  const [rows, totals] = await Promise.all([
    base
      .selectAll()
      .orderBy("date_to", "desc")
      .orderBy("position", "desc")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(totals.n) };
};

export type LineFilter = {
  readonly statementId?: string | undefined;
  readonly bankId?: string | undefined;
  readonly matched?: boolean | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** Words of the label, details, references or counterparty, case aside. */
  readonly text?: string | undefined;
  /** Cents, signed as the bank sees them; `abs` compares without the sign. */
  readonly amount?: number | undefined;
  readonly minAmount?: number | undefined;
  readonly maxAmount?: number | undefined;
  readonly limit: number;
  readonly offset: number;
};

/** Statement lines by day then statement and number, with the selection's count and sum. */
export const listStatementLines = async (ctx: AppContext, orgId: string, f: LineFilter) => {
  const words = (f.text ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
  const base = readModels(ctx.database)
    .selectFrom("bank_statement_lines")
    .where("org_id", "=", orgId)
    .$if(f.statementId !== undefined, (q) =>
      q.where(
        "statement_id",
        "=",
        UUID.test(f.statementId ?? "") ? (f.statementId ?? "") : "00000000-0000-0000-0000-000000000000",
      ),
    )
    .$if(f.bankId !== undefined, (q) =>
      q.where(
        "bank_id",
        "=",
        UUID.test(f.bankId ?? "") ? (f.bankId ?? "") : "00000000-0000-0000-0000-000000000000",
      ),
    )
    .$if(f.matched === true, (q) => q.where("match_mvt", "is not", null))
    .$if(f.matched === false, (q) => q.where("match_mvt", "is", null))
    .$if(f.from !== undefined, (q) => q.where("booking_date", ">=", f.from ?? ""))
    .$if(f.to !== undefined, (q) => q.where("booking_date", "<=", f.to ?? ""))
    .$if(f.amount !== undefined, (q) =>
      q.where((eb) => eb.or([eb("amount", "=", f.amount ?? 0), eb("amount", "=", -(f.amount ?? 0))])),
    )
    .$if(f.minAmount !== undefined, (q) => q.where(sql<number>`abs(amount)`, ">=", f.minAmount ?? 0))
    .$if(f.maxAmount !== undefined, (q) => q.where(sql<number>`abs(amount)`, "<=", f.maxAmount ?? 0))
    .$if(words.length > 0, (q) =>
      q.where((eb) =>
        eb.and(words.map((w) => eb("search", "like", `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))),
      ),
    );
  const [rows, totals] = await Promise.all([
    base
      .selectAll()
      .orderBy("booking_date", f.statementId ? "asc" : "desc")
      .orderBy("statement_id")
      .orderBy("no")
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<string>().as("n"),
        eb.fn.coalesce(eb.fn.sum<string>("amount"), sql<string>`0`).as("amount"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toStatementLine), total: Number(totals.n), amount: Number(totals.amount) };
};

/** Unmatched lines booked up to a day (the year-end checks, the reconciliation statement). */
export const unmatchedLinesUntil = async (ctx: AppContext, orgId: string, until: string, limit = 200) =>
  listStatementLines(ctx, orgId, { matched: false, to: until, limit, offset: 0 });

/** One line of a statement, by its number; 404 `bankStatement.lineNotFound`. */
export const findStatementLine = async (ctx: AppContext, orgId: string, statementId: string, no: number) => {
  const row = await readModels(ctx.database)
    .selectFrom("bank_statement_lines")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("statement_id", "=", statementId)
    .where("no", "=", no)
    .executeTakeFirst();
  if (!row) throw new DomainError("bankStatement.lineNotFound", { no }, 404);
  return toStatementLine(row);
};
