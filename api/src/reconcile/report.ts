import { type ReconciliationStatement, reconciliationStatement } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { bankOf, loadBanking } from "../payments/banking.ts";

export type ReconciliationReport = ReconciliationStatement & {
  readonly bankId: string;
  readonly bankName: string;
  readonly account: string;
  readonly bankBalanceFrom: {
    readonly statementId: string;
    readonly label: string;
    readonly date: string;
  } | null;
  readonly statements: readonly {
    id: string;
    label: string;
    from: string | null;
    to: string | null;
    closing: number | null;
    lineCount: number;
    matchedCount: number;
  }[];
};

/**
 * The reconciliation statement of a bank at a date, from the read models: the 512 account's balance in
 * the ledger; its lines since the bank's first statement began (that statement's opening balance holds what
 * the books moved before) not matched by a statement line booked on or before the date (a cancelled
 * payment and its reversal, both by then, left out: they cancel out); the bank's statement lines booked
 * by then and not matched to a movement of the books by then; and the bank's balance — the closing
 * balance of the last statement closed by then, plus the lines booked after it up to the date (or the
 * first statement's opening balance plus the lines since, when none is closed by then).
 */
export const reconciliationReport = async (
  ctx: AppContext,
  orgId: string,
  bankId: string,
  date: string,
): Promise<ReconciliationReport> => {
  const bank = bankOf((await loadBanking(ctx, orgId)).view, bankId);
  const db = ctx.database.db;
  // Reconciliation starts with the bank's first statement: its opening balance holds what the books moved before.
  const first = await readModels(ctx.database)
    .selectFrom("bank_statements")
    .select((eb) => eb.fn.min(eb.fn.coalesce("opening_date", "date_from")).as("since"))
    .where("org_id", "=", orgId)
    .where("bank_id", "=", bankId)
    .executeTakeFirst();
  const since = first?.since ?? null;
  const [balance, book, lines, statements] = await Promise.all([
    sql<{ v: string | null }>`select sum(debit - credit) as v from ${sql.table("ledger_lines")}
      where org_id = ${orgId} and account = ${bank.account} and date <= ${date}`.execute(db),
    sql<{ mvt: string; line: number; date: string; number: string; label: string; amount: string }>`
      select l.mvt, l.line, l.date, l.number, l.label, l.debit - l.credit as amount
      from ${sql.table("ledger_lines")} l
      where l.org_id = ${orgId} and l.account = ${bank.account} and l.date <= ${date}
        ${since ? sql`and l.date >= ${since}` : sql``}
        and not exists (select 1 from ${sql.table("bank_statement_lines")} s where s.org_id = l.org_id
          and s.match_mvt = l.mvt and s.match_line = l.line and s.booking_date <= ${date})
        and not exists (select 1 from ${sql.table("payments")} p where p.org_id = l.org_id and p.status = 'cancelled'
          and p.cancelled_on <= ${date} and (p.entry_mvt = l.mvt or p.reversal_mvt = l.mvt))`.execute(db),
    sql<{ statement_id: string; no: number; date: string; label: string; amount: string }>`
      select s.statement_id, s.no, s.booking_date as date, s.label, s.amount
      from ${sql.table("bank_statement_lines")} s
      where s.org_id = ${orgId} and s.bank_id = ${bankId} and s.booking_date <= ${date}
        and (s.match_mvt is null or not exists (select 1 from ${sql.table("ledger_lines")} l
          where l.org_id = s.org_id and l.mvt = s.match_mvt and l.line = s.match_line and l.date <= ${date}))`.execute(
      db,
    ),
    readModels(ctx.database)
      .selectFrom("bank_statements")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("bank_id", "=", bankId)
      .orderBy("date_to")
      .orderBy("position")
      .execute(),
  ]);
  const closed = statements
    .filter((s) => s.closing !== null && (s.closing_date ?? s.date_to) !== null)
    .map((s) => ({ s, at: (s.closing_date ?? s.date_to) as string }))
    .filter((c) => c.at <= date)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const anchorClosed = closed[closed.length - 1];
  const opened = statements
    .filter((s) => s.opening !== null && (s.opening_date ?? s.date_from) !== null)
    .map((s) => ({ s, at: (s.opening_date ?? s.date_from) as string }))
    .filter((c) => c.at <= date)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))[0];
  let bankBalance: number | null = null;
  let bankBalanceFrom: ReconciliationReport["bankBalanceFrom"] = null;
  if (anchorClosed || opened) {
    const after = anchorClosed
      ? sql`s.booking_date > ${anchorClosed.at}`
      : sql`s.booking_date >= ${opened?.at ?? ""}`;
    const { rows } = await sql<{
      v: string | null;
    }>`select sum(amount) as v from ${sql.table("bank_statement_lines")} s
      where s.org_id = ${orgId} and s.bank_id = ${bankId} and ${after} and s.booking_date <= ${date}`.execute(
      db,
    );
    const base = anchorClosed ? Number(anchorClosed.s.closing) : Number(opened?.s.opening ?? 0);
    const from = anchorClosed ?? opened;
    bankBalance = base + Number(rows[0]?.v ?? 0);
    bankBalanceFrom = from ? { statementId: from.s.id, label: from.s.label, date: from.at } : null;
  }
  const statement = reconciliationStatement({
    date,
    bookBalance: Number(balance.rows[0]?.v ?? 0),
    bankBalance,
    unmatchedBook: book.rows.map((r) => ({ ...r, amount: Number(r.amount) })),
    unmatchedLines: lines.rows.map((r) => ({
      statementId: r.statement_id,
      no: r.no,
      date: r.date,
      label: r.label,
      amount: Number(r.amount),
    })),
  });
  return {
    ...statement,
    bankId,
    bankName: bank.name,
    account: bank.account,
    bankBalanceFrom,
    statements: statements
      .filter((s) => (s.date_from ?? s.date_to ?? "") <= date)
      .map((s) => ({
        id: s.id,
        label: s.label,
        from: s.date_from,
        to: s.date_to,
        closing: s.closing === null ? null : Number(s.closing),
        lineCount: s.line_count,
        matchedCount: s.matched_count,
      })),
  };
};
