import {
  type AccountMovements,
  addDays,
  balanceSheet,
  DomainError,
  endOfMonth,
  incomeStatement,
  isIsoDate,
  monthOf,
  trialBalance,
} from "@registre/core";
import { type ReadModelDatabase, readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import {
  compareLedgerKeys,
  type OpeningDraft,
  openingDrafts,
  provisionalOpening,
  provisionalRows,
  withOpeningDrafts,
} from "./provisional-opening.ts";
import { withoutOpenings } from "./span.ts";

export type DateRange = { readonly start: string; readonly end: string };

export type FiscalYearRow = {
  id: string;
  start: string;
  end: string;
  status: "open" | "closed";
  openingMvt: string | null;
  closedOn: string | null;
  /** No entry of any status is dated in it: its dates may still change. */
  empty: boolean;
};

export const listFiscalYears = async (ctx: AppContext, orgId: string): Promise<FiscalYearRow[]> => {
  const rows = await readModels(ctx.database)
    .selectFrom("fiscal_years")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("start_date")
    .execute();
  // The years with an entry of any status dated in them: one index range probe a year.
  const used = new Set(
    rows.length === 0
      ? []
      : (
          await sql<{ id: string }>`
            select y.id from (values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.start_date}, ${r.end_date})`))})
              as y (id, start_date, end_date)
            where exists (select 1 from entries e where e.org_id = ${orgId}::uuid
              and e.date between y.start_date and y.end_date)`.execute(readModels(ctx.database))
        ).rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    start: r.start_date,
    end: r.end_date,
    status: r.status,
    openingMvt: r.opening_mvt,
    closedOn: r.closed_on,
    empty: !used.has(r.id),
  }));
};

/** The month (1-12) the organisation's fiscal years start in, as its settings say. */
export const fiscalYearStartMonth = async (ctx: AppContext, orgId: string): Promise<number> =>
  (
    await readModels(ctx.database)
      .selectFrom("organisations")
      .select("fiscal_year_start_month")
      .where("org_id", "=", orgId)
      .executeTakeFirst()
  )?.fiscal_year_start_month ?? 1;

/** A fiscal year by id, or by the year of its end date ("2025"). */
export const findFiscalYear = async (
  ctx: AppContext,
  orgId: string,
  idOrYear: string,
): Promise<FiscalYearRow> => {
  const years = await listFiscalYears(ctx, orgId);
  const year = years.find((y) => y.id === idOrYear) ?? years.filter((y) => y.end.startsWith(idOrYear)).at(-1);
  if (!year) throw new DomainError("fiscalYear.notFound", { id: idOrYear }, 404);
  return year;
};

const checkRange = ({ start, end }: DateRange) => {
  if (!isIsoDate(start)) throw new DomainError("validation.invalidDate", { value: start });
  if (!isIsoDate(end)) throw new DomainError("validation.invalidDate", { value: end });
  if (end < start) throw new DomainError("validation.invalidRange", { start, end });
};

/**
 * Movements per account over a date range. Whole months come from the per-period balances, the
 * days of a month cut by the range from the per-day balances, with each account's label, in one
 * statement (`generalMovements`); per auxiliary account, from the auxiliary balances and the ledger
 * lines, which alone know the auxiliary account of a day's movement.
 */
export const accountMovements = async (
  ctx: AppContext,
  orgId: string,
  range: DateRange,
  options: { byAuxiliary?: boolean } = {},
): Promise<(AccountMovements & { auxiliary: string | null })[]> => {
  checkRange(range);
  const firstWhole = range.start.endsWith("-01")
    ? monthOf(range.start)
    : monthOf(addDays(endOfMonth(range.start), 1));
  const lastWhole =
    range.end === endOfMonth(range.end)
      ? monthOf(range.end)
      : monthOf(addDays(`${monthOf(range.end)}-01`, -1));
  // Days outside whole months: the partial first and last months.
  const partial: DateRange[] = [];
  if (firstWhole > lastWhole) partial.push(range);
  else {
    if (!range.start.endsWith("-01")) partial.push({ start: range.start, end: endOfMonth(range.start) });
    if (range.end !== endOfMonth(range.end))
      partial.push({ start: `${monthOf(range.end)}-01`, end: range.end });
  }
  if (options.byAuxiliary !== true) return generalMovements(ctx, orgId, firstWhole, lastWhole, partial);
  const db = readModels(ctx.database);
  const totals = new Map<
    string,
    { account: string; auxiliary: string | null; debit: number; credit: number }
  >();
  const add = (account: string, auxiliary: string | null, debit: number, credit: number) => {
    const key = `${account}|${auxiliary ?? ""}`;
    const t = totals.get(key) ?? { account, auxiliary, debit: 0, credit: 0 };
    totals.set(key, { ...t, debit: t.debit + debit, credit: t.credit + credit });
  };
  if (firstWhole <= lastWhole) {
    const general = await db
      .selectFrom("account_balances")
      .select([
        "account",
        sql<number>`sum(debit)::bigint`.as("debit"),
        sql<number>`sum(credit)::bigint`.as("credit"),
      ])
      .where("org_id", "=", orgId)
      .where("period", ">=", firstWhole)
      .where("period", "<=", lastWhole)
      .groupBy("account")
      .execute();
    const detailed = await db
      .selectFrom("auxiliary_balances")
      .select([
        "account",
        "auxiliary",
        sql<number>`sum(debit)::bigint`.as("debit"),
        sql<number>`sum(credit)::bigint`.as("credit"),
      ])
      .where("org_id", "=", orgId)
      .where("period", ">=", firstWhole)
      .where("period", "<=", lastWhole)
      .groupBy(["account", "auxiliary"])
      .execute();
    const detailedTotals = new Map<string, { debit: number; credit: number }>();
    for (const r of detailed) {
      add(r.account, r.auxiliary, r.debit, r.credit);
      const t = detailedTotals.get(r.account) ?? { debit: 0, credit: 0 };
      detailedTotals.set(r.account, { debit: t.debit + r.debit, credit: t.credit + r.credit });
    }
    for (const r of general) {
      const d = detailedTotals.get(r.account) ?? { debit: 0, credit: 0 };
      if (r.debit !== d.debit || r.credit !== d.credit)
        add(r.account, null, r.debit - d.debit, r.credit - d.credit);
    }
  }
  for (const p of partial) {
    // Per auxiliary account, only the lines know.
    const rows = await db
      .selectFrom("ledger_lines")
      .select([
        "account",
        "auxiliary",
        sql<number>`sum(debit)::bigint`.as("debit"),
        sql<number>`sum(credit)::bigint`.as("credit"),
      ])
      .where("org_id", "=", orgId)
      .where("date", ">=", p.start)
      .where("date", "<=", p.end)
      .groupBy(["account", "auxiliary"])
      .execute();
    for (const r of rows) add(r.account, r.auxiliary, r.debit, r.credit);
  }
  const labels = await accountLabels(ctx, orgId);
  return [...totals.values()]
    .filter((t) => t.debit !== 0 || t.credit !== 0)
    .map((t) => ({ ...t, label: labels.get(t.auxiliary ?? t.account) ?? labels.get(t.account) ?? "" }));
};

/**
 * Movements per general account (no auxiliary split) in one statement: the whole months' balances and
 * the partial months' days added up per account, with the account's label joined.
 */
const generalMovements = async (
  ctx: AppContext,
  orgId: string,
  firstWhole: string,
  lastWhole: string,
  partial: readonly DateRange[],
): Promise<(AccountMovements & { auxiliary: null })[]> => {
  const parts = [
    ...(firstWhole <= lastWhole
      ? [
          sql`select account, debit, credit from account_balances
            where org_id = ${orgId} and period >= ${firstWhole} and period <= ${lastWhole}`,
        ]
      : []),
    ...partial.map(
      (p) => sql`select account, debit, credit from account_day_balances
        where org_id = ${orgId} and date >= ${p.start} and date <= ${p.end}`,
    ),
  ];
  const { rows } = await sql<{ account: string; label: string | null; debit: number; credit: number }>`
    select m.account, a.label, sum(m.debit)::bigint as debit, sum(m.credit)::bigint as credit
    from (${sql.join(parts, sql` union all `)}) m
    left join accounts a on a.org_id = ${orgId} and a.number = m.account
    group by m.account, a.label`.execute(readModels(ctx.database));
  return rows
    .filter((r) => r.debit !== 0 || r.credit !== 0)
    .map((r) => ({
      account: r.account,
      auxiliary: null,
      label: r.label ?? "",
      debit: r.debit,
      credit: r.credit,
    }));
};

export const accountLabels = async (ctx: AppContext, orgId: string, locale: "fr" | "en" = "fr") => {
  const rows = await readModels(ctx.database)
    .selectFrom("accounts")
    .select(["number", "label", "label_en"])
    .where("org_id", "=", orgId)
    .execute();
  return new Map(rows.map((r) => [r.number, locale === "en" ? r.label_en : r.label]));
};

/**
 * Its rows are per general account: they carry no `auxiliary`. `provisional`: opening entries still
 * drafts whose lines are added (`withOpeningDrafts`).
 */
export const trialBalanceReport = async (
  ctx: AppContext,
  orgId: string,
  range: DateRange,
  provisional: readonly OpeningDraft[] = [],
  /** Years whose opening entries are left out: the later years of a range over several (`span.ts`). */
  openingsLeftOut: readonly string[] = [],
) => {
  const movements = await withoutOpenings(
    ctx,
    orgId,
    (await accountMovements(ctx, orgId, range)).map(({ auxiliary: _, ...m }) => m),
    openingsLeftOut,
  );
  if (provisional.length === 0) return trialBalance(movements);
  const labels = await accountLabels(ctx, orgId);
  return trialBalance(
    withOpeningDrafts(
      movements,
      provisional,
      (a) => labels.get(a) ?? "",
      (m) => m,
    ),
  );
};

export const incomeStatementReport = async (ctx: AppContext, orgId: string, range: DateRange) =>
  incomeStatement(await accountMovements(ctx, orgId, range));

export const balanceSheetReport = async (ctx: AppContext, orgId: string, range: DateRange) =>
  balanceSheet(await accountMovements(ctx, orgId, range, { byAuxiliary: true }));

export type LedgerCursor = {
  readonly account: string;
  readonly date: string;
  readonly position: number;
  readonly line: number;
};

export type GeneralLedgerRow = {
  /** A line of a provisional opening entry (a draft), not of the books. */
  provisional: boolean;
  mvt: string;
  line: number;
  account: string;
  auxiliary: string | null;
  journal: string;
  number: string;
  date: string;
  pieceRef: string;
  label: string;
  debit: number;
  credit: number;
  balance: number;
  letterCode: string | null;
  letterDate: string | null;
  position: number;
};

/**
 * An account's net movement from `from` up to a place in the ledger (before it, or including it):
 * whole months from the per-period balances, the days of a cut month from the per-day balances,
 * and the lines of the place's own day up to it. One round trip; its cost does not grow with the
 * account's lines.
 */
const balanceBefore = async (
  db: ReadModelDatabase,
  orgId: string,
  from: string,
  at: LedgerCursor,
  inclusive: boolean,
) => {
  const monthStart = `${monthOf(at.date)}-01`;
  // Whole months from `from` on (or its next month when `from` cuts one) up to the cursor's month.
  const firstWhole = from.endsWith("-01") ? from : addDays(endOfMonth(from), 1);
  const { rows } = await sql<{ net: number }>`
    select
      coalesce((select sum(debit - credit) from account_balances
        where org_id = ${orgId}::uuid and account = ${at.account}
          and period >= ${firstWhole.slice(0, 7)} and period < ${monthOf(at.date)}), 0)
      + coalesce((select sum(debit - credit) from account_day_balances
        where org_id = ${orgId}::uuid and account = ${at.account}
          and ((date >= ${from} and date < ${firstWhole} and ${firstWhole} <= ${monthStart})
            or (date >= ${from > monthStart ? from : monthStart} and date < ${at.date}))), 0)
      + coalesce((select sum(debit - credit) from ledger_lines
        where org_id = ${orgId}::uuid and account = ${at.account} and date = ${at.date}
          and (position, line) ${sql.raw(inclusive ? "<=" : "<")} (${at.position}::bigint, ${at.line}::integer)), 0)
      as net`.execute(db);
  return Number(rows[0]?.net ?? 0);
};
/**
 * A page of the general ledger in keyset order (account, date, validation order), each row with its
 * account's running balance. The opening balance of each account on the page is added up again
 * (`balanceBefore`, a few index reads whatever the ledger's size) rather than carried from the page
 * before, so an entry validated back-dated between two pages is counted; the rows and their openings
 * are read in one snapshot.
 */
export const generalLedgerPage = async (
  ctx: AppContext,
  orgId: string,
  options: DateRange & {
    account?: string | undefined;
    after?: LedgerCursor | undefined;
    limit?: number | undefined;
    /** With the lines of the opening entries still drafts, dated in the range (`provisionalRows`). */
    provisional?: boolean | undefined;
  },
): Promise<{
  rows: GeneralLedgerRow[];
  next: LedgerCursor | null;
  provisionalOpening: ReturnType<typeof provisionalOpening>;
}> => {
  checkRange(options);
  const limit = Math.min(Math.max(options.limit ?? 200, 1), 1000);
  return readModels(ctx.database)
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      let query = trx
        .selectFrom("ledger_lines")
        .select([
          "mvt",
          "line",
          "account",
          "auxiliary",
          "journal",
          "number",
          "date",
          "piece_ref",
          "label",
          "debit",
          "credit",
          "letter_code",
          "letter_date",
          "position",
        ])
        .where("org_id", "=", orgId)
        .where("date", ">=", options.start)
        .where("date", "<=", options.end);
      if (options.account) query = query.where("account", "=", options.account);
      if (options.after) {
        const a = options.after;
        // One account: the index (org, account, date, position, line) is walked from the cursor on.
        query = options.account
          ? query.where(
              sql`(date, position, line)`,
              ">",
              sql`(${a.date}, ${a.position}::bigint, ${a.line}::integer)`,
            )
          : query.where(
              sql`(account, date, position, line)`,
              ">",
              sql`(${a.account}, ${a.date}, ${a.position}::bigint, ${a.line}::integer)`,
            );
      }
      const validated = await query
        .orderBy("account")
        .orderBy("date")
        .orderBy("position")
        .orderBy("line")
        .limit(limit + 1)
        .execute();
      const drafts = await openingDrafts(trx, orgId, options);
      // The drafts' lines, in the ledger's order, merged with the validated ones: the page's first
      // `limit + 1` of both.
      const drafted = options.provisional ? provisionalRows(drafts, options.account) : [];
      const after = options.after;
      const rows = [
        ...validated.map((r) => ({ ...r, provisional: false })),
        ...drafted
          .filter((r) => !after || compareLedgerKeys(r, after) > 0)
          .map((r) => ({
            ...r,
            piece_ref: r.pieceRef,
            number: "",
            letter_code: null,
            letter_date: null,
            provisional: true,
          })),
      ]
        .sort(compareLedgerKeys)
        .slice(0, limit + 1);
      const page = rows.slice(0, limit);
      const running = new Map<string, number>();
      const out: GeneralLedgerRow[] = [];
      for (const r of page) {
        if (!running.has(r.account)) {
          const before = await balanceBefore(
            trx,
            orgId,
            options.start,
            { account: r.account, date: r.date, position: r.position, line: r.line },
            false,
          );
          const draftedBefore = drafted
            .filter((d) => d.account === r.account && compareLedgerKeys(d, r) < 0)
            .reduce((sum, d) => sum + d.debit - d.credit, 0);
          running.set(r.account, before + draftedBefore);
        }
        const balance = (running.get(r.account) ?? 0) + r.debit - r.credit;
        running.set(r.account, balance);
        out.push({
          provisional: r.provisional,
          mvt: r.mvt,
          line: r.line,
          account: r.account,
          auxiliary: r.auxiliary,
          journal: r.journal,
          number: r.number,
          date: r.date,
          pieceRef: r.piece_ref,
          label: r.label,
          debit: r.debit,
          credit: r.credit,
          balance,
          letterCode: r.letter_code,
          letterDate: r.letter_date,
          position: r.position,
        });
      }
      const last = out.at(-1);
      return {
        rows: out,
        next:
          rows.length > limit && last
            ? { account: last.account, date: last.date, position: last.position, line: last.line }
            : null,
        provisionalOpening: provisionalOpening(drafts, options.provisional === true),
      };
    });
};

/** The day up to which the organisation's periods are locked, or null. */
export const periodLockedUntil = async (ctx: AppContext, orgId: string): Promise<string | null> =>
  (
    await readModels(ctx.database)
      .selectFrom("period_locks")
      .select("locked_until")
      .where("org_id", "=", orgId)
      .executeTakeFirst()
  )?.locked_until ?? null;

/** The day of the organisation's last validated entry, or null. */
export const lastValidatedDay = async (ctx: AppContext, orgId: string): Promise<string | null> => {
  const { rows } = await sql<{ day: string | null }>`select max(day) as day from entry_day_totals
    where org_id = ${orgId} and status = 'validated'`.execute(ctx.database.db);
  return rows[0]?.day ?? null;
};
