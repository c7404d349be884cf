import { type EntryRow, type ReadModelDatabase, readModels } from "@registre/projections";
import type { Database } from "@registre/store";
import { parseInt8 } from "@registre/store";
import { sql } from "kysely";
import { SEARCH_COUNT_CAP } from "../http/count-caps.ts";

export type EntryListFilter = {
  readonly journal?: string | undefined;
  readonly status?: "draft" | "validated" | undefined;
  readonly start?: string | undefined;
  readonly end?: string | undefined;
  readonly q?: string | undefined;
  readonly limit: number;
  readonly offset: number;
};

/** What the list reads of an `entries` row (`COLUMNS`): not its lines or bookkeeping columns. */
export type EntryListRow = Omit<EntryRow, "org_id" | "lines" | "position" | "created_at" | "updated_at">;

export type EntryListPage = {
  readonly rows: EntryListRow[];
  /** Entries the filter selects; with a text search, at most `SEARCH_COUNT_CAP` (then `capped`). */
  readonly total: number;
  readonly sums: { readonly debit: number; readonly credit: number };
  /** A text search matched more than its cap (`SEARCH_COUNT_CAP`) entries: total and sums cover the newest that many. */
  readonly capped: boolean;
};

type Db = ReadModelDatabase;

const COLUMNS = [
  "mvt",
  "journal",
  "date",
  "piece_ref",
  "piece_date",
  "label",
  "status",
  "number",
  "fiscal_year_id",
  "validated_on",
  "debit",
  "credit",
  "line_count",
  "origin",
] as const;

/** An int8 sum read as text, a number only when exact (else `UnsafeIntegerError`, answered 422). */
const cents = (text: string | null | undefined): number => parseInt8(text ?? "0");

const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;

/** The entries the filter selects (`entries`, no text search); `date <= upTo` when given. */
const selected = (db: Db, orgId: string, f: EntryListFilter, upTo?: string) => {
  let query = db.selectFrom("entries").where("org_id", "=", orgId);
  if (f.journal) query = query.where("journal", "=", f.journal);
  if (f.status) query = query.where("status", "=", f.status);
  if (f.start) query = query.where("date", ">=", f.start);
  if (f.end) query = query.where("date", "<=", f.end);
  if (upTo) query = query.where("date", "<=", upTo);
  return query;
};

/**
 * The entries a filter with a text search selects, from `entry_search` (narrow rows; `search`: label,
 * piece reference and number lowercased, apart): one LIKE on it, which one trigram index serves.
 */
const matched = (db: Db, orgId: string, f: EntryListFilter & { q: string }) => {
  let query = db.selectFrom("entry_search").where("org_id", "=", orgId);
  if (f.journal) query = query.where("journal", "=", f.journal);
  if (f.status) query = query.where("status", "=", f.status);
  if (f.start) query = query.where("date", ">=", f.start);
  if (f.end) query = query.where("date", "<=", f.end);
  return query.where("search", "like", sql<string>`lower(${likeOf(f.q)})`);
};

/** Planner settings for the rest of the transaction (`set_config(…, true)`: as `set local`). */
const plan = (db: Db, settings: Record<string, boolean>) =>
  sql`select ${sql.join(
    Object.entries(settings).map(([name, on]) => sql`set_config(${name}, ${on ? "on" : "off"}, true)`),
  )}`.execute(db);

/** Newest rows of the filter a common term's search walks (in list order) before it turns to the index. */
const WALK = 20_000;

type Match = { mvt: string; debit: string; credit: string };

/** Which way a text search goes first (tests force each; the answer is the same either way). */
export type SearchPlan = "walk" | "index";

/**
 * A text search: the newest `cap + 1` matches in list order give the count, the sums (of the newest `cap`)
 * and, mostly, the page. A term the planner expects often (at least `2 * cap` matches) walks the newest
 * `WALK` rows of the filter in list order and stops at `cap + 1` matches; a rarer one, or a common one not
 * found that often among the newest, takes the trigram index's bitmap (the transaction's planner settings
 * forbid walking the date index there: with a LIMIT the planner may take a rare term for a common one and
 * walk the whole table) and sorts its matches. Either plan reads `entry_search`'s narrow rows; the page's
 * entries are then read from `entries`.
 */
const searchPage = async (
  db: Db,
  orgId: string,
  f: EntryListFilter & { q: string },
  cap: number,
  forced?: SearchPlan,
) => {
  const ordered = (limit: number) =>
    matched(db, orgId, f)
      .select(["mvt", sql<string>`debit::text`.as("debit"), sql<string>`credit::text`.as("credit")])
      .orderBy("date", "desc")
      .orderBy("position", "desc")
      .limit(limit);
  // The planner's row estimate (its plan as JSON, parsed by the driver or not).
  const { rows: plans } = await sql<{ "QUERY PLAN": unknown }>`explain (format json)
    ${matched(db, orgId, f).select("mvt")}`.execute(db);
  const json = plans[0]?.["QUERY PLAN"];
  const parsed = (typeof json === "string" ? JSON.parse(json) : json) as [
    { Plan?: { "Plan Rows"?: number } },
  ];
  const expected = parsed?.[0]?.Plan?.["Plan Rows"] ?? 0;
  let found: Match[] | undefined;
  if (forced === "walk" || (!forced && expected >= 2 * cap)) {
    let newest = db.selectFrom("entry_search").where("org_id", "=", orgId);
    if (f.journal) newest = newest.where("journal", "=", f.journal);
    if (f.status) newest = newest.where("status", "=", f.status);
    if (f.start) newest = newest.where("date", ">=", f.start);
    if (f.end) newest = newest.where("date", "<=", f.end);
    const window = newest
      .select(["mvt", "debit", "credit", "search", "date", "position"])
      .orderBy("date", "desc")
      .orderBy("position", "desc")
      .limit(WALK);
    const walked = (await db
      .selectFrom(window.as("w"))
      .select(["mvt", sql<string>`debit::text`.as("debit"), sql<string>`credit::text`.as("credit")])
      .where("search", "like", sql<string>`lower(${likeOf(f.q)})`)
      .orderBy("date", "desc")
      .orderBy("position", "desc")
      .limit(cap + 1)
      .execute()) as Match[];
    if (walked.length > cap) found = walked;
  }
  await plan(db, { enable_seqscan: false, enable_indexscan: false });
  found ??= (await ordered(cap + 1).execute()) as Match[];
  const capped = found.length > cap;
  const counted = found.slice(0, cap);
  const sums = { debit: 0n, credit: 0n };
  for (const m of counted) {
    sums.debit += BigInt(m.debit);
    sums.credit += BigInt(m.credit);
  }
  // A page past the first cap + 1 matches (a capped search paged deep): asked on its own.
  const mvts =
    f.offset + f.limit <= found.length || !capped
      ? found.slice(f.offset, f.offset + f.limit).map((m) => m.mvt)
      : (await ordered(f.limit).offset(f.offset).execute()).map((m) => m.mvt as string);
  await plan(db, { enable_seqscan: true, enable_indexscan: true });
  const entries =
    mvts.length === 0
      ? []
      : ((await db
          .selectFrom("entries")
          .select([...COLUMNS])
          .where("org_id", "=", orgId)
          .where("mvt", "=", sql<string>`any(${mvts}::uuid[])`)
          .execute()) as EntryListRow[]);
  const byMvt = new Map(entries.map((r) => [r.mvt, r]));
  return {
    rows: mvts.flatMap((m) => byMvt.get(m) ?? []),
    total: capped ? cap : found.length,
    sums: { debit: cents(String(sums.debit)), credit: cents(String(sums.credit)) },
    capped,
  };
};

/**
 * The month rows (`entry_month_totals`, months strictly inside the range) and day rows
 * (`entry_day_totals`, the range's first and last months, cut or not) whose counts and sums make the
 * filter's, each as `(month, n, debit, credit)`.
 */
const totalParts = (orgId: string, f: EntryListFilter) => {
  const startMonth = f.start?.slice(0, 7);
  const endMonth = f.end?.slice(0, 7);
  const common = (t: string) =>
    sql.join(
      [
        sql`${sql.ref(`${t}.org_id`)} = ${orgId}`,
        ...(f.journal ? [sql`${sql.ref(`${t}.journal`)} = ${f.journal}`] : []),
        ...(f.status ? [sql`${sql.ref(`${t}.status`)} = ${f.status}`] : []),
      ],
      sql` and `,
    );
  const monthWhere = [
    common("m"),
    ...(startMonth ? [sql`m.month > ${startMonth}`] : []),
    ...(endMonth ? [sql`m.month < ${endMonth}`] : []),
  ];
  const months = sql`select m.month, m.n, m.debit, m.credit from entry_month_totals m
    where ${sql.join(monthWhere, sql` and `)}`;
  // A day of the range falls either in a month strictly inside (counted above) or in the first or last month.
  const cut = [
    ...(startMonth ? [sql`d.day <= ${`${startMonth}-31`}`] : []),
    ...(endMonth ? [sql`d.day >= ${`${endMonth}-01`}`] : []),
  ];
  const dayWhere = [
    common("d"),
    ...(f.start ? [sql`d.day >= ${f.start}`] : []),
    ...(f.end ? [sql`d.day <= ${f.end}`] : []),
    sql`(${sql.join(cut, sql` or `)})`,
  ];
  const days = sql`select substr(d.day, 1, 7) as month, d.n, d.debit, d.credit from entry_day_totals d
    where ${sql.join(dayWhere, sql` and `)}`;
  return cut.length > 0 ? sql`${months} union all ${days}` : months;
};

type PageRow = EntryListRow & { total: string; sum_debit: string; sum_credit: string; at_day: string | null };

/**
 * A page without text search, in one statement (one snapshot, no transaction): the filter's count and
 * sums per month from the totals tables; for a page at an offset, the month holding its first row,
 * then that month's day from `entry_day_totals`, so the rows are read from `date <= day` with the
 * offset left within that day. Every row carries the totals; an empty page is one row without entry.
 */
const plainPage = async (db: Db, orgId: string, f: EntryListFilter): Promise<EntryListPage> => {
  const ordered = selected(db, orgId, f)
    .select([...COLUMNS, "position"])
    .orderBy("date", "desc")
    .orderBy("position", "desc")
    .limit(f.limit);
  let place = sql`select null::text as day, 0::numeric as before`;
  let page = ordered;
  if (f.offset > 0) {
    const dayWhere = [
      sql`d.org_id = ${orgId}`,
      sql`d.day >= tm.month || '-01'`,
      sql`d.day <= tm.month || '-31'`,
      ...(f.journal ? [sql`d.journal = ${f.journal}`] : []),
      ...(f.status ? [sql`d.status = ${f.status}`] : []),
      ...(f.start ? [sql`d.day >= ${f.start}`] : []),
      ...(f.end ? [sql`d.day <= ${f.end}`] : []),
    ];
    // The month, then the day (newest first) in which the entries before it reach past the offset.
    place = sql`select dd.day, dd.upto - dd.n as before from (
        select d.day, sum(d.n) as n,
          sum(sum(d.n)) over (order by d.day desc) + min(tm.before) as upto
        from entry_day_totals d, (
          select month, upto - n as before from (
            select month, n, sum(n) over (order by month desc) as upto from months
          ) m where upto > ${f.offset} order by month desc limit 1
        ) tm
        where ${sql.join(dayWhere, sql` and `)}
        group by d.day
      ) dd where dd.upto > ${f.offset} order by dd.day desc limit 1`;
    page = ordered
      .where("date", "<=", sql<string>`(select day from place)`)
      .offset(sql<number>`(${f.offset} - (select before from place))::int8`);
  }
  const { rows } = await sql<PageRow & { position: number | null }>`
    with months as (
      select month, sum(n) as n, sum(debit) as debit, sum(credit) as credit
      from (${totalParts(orgId, f)}) t group by month
    ), totals as (
      select coalesce(sum(n), 0) as n, coalesce(sum(debit), 0) as debit, coalesce(sum(credit), 0) as credit
      from months
    ), place as (${place})
    select t.n::text as total, t.debit::text as sum_debit, t.credit::text as sum_credit,
      (select day from place) as at_day, p.*
    from totals t left join (${page}) p on true
    order by p.date desc, p.position desc`.execute(db);
  const first = rows[0];
  const total = BigInt(first?.total ?? "0");
  if (f.offset > 0 && BigInt(f.offset) < total && !first?.at_day)
    throw new Error(`entry totals disagree with their days at offset ${f.offset}`);
  return {
    rows: rows.flatMap(({ total: _t, sum_debit: _d, sum_credit: _c, at_day: _a, position: _p, ...row }) =>
      row.mvt === null ? [] : [row],
    ),
    total: parseInt8(String(total)),
    sums: { debit: cents(first?.sum_debit), credit: cents(first?.sum_credit) },
    capped: false,
  };
};

/**
 * A page of the entries list with its filter's count and sums. Without a text search (`plainPage`) the
 * count and sums come from the totals tables, and a page at an offset starts from the day that holds it
 * (found from the same tables), so the scan skips whole days: one statement, so one snapshot. A text
 * search (`searchPage`) counts up to `SEARCH_COUNT_CAP` matches in `entry_search` and pages with a plain
 * offset, in one repeatable-read transaction.
 */
export const listEntryPage = async (
  database: Database,
  orgId: string,
  f: EntryListFilter,
  searchCap = SEARCH_COUNT_CAP,
  searchPlan?: SearchPlan,
): Promise<EntryListPage> => {
  const q = f.q;
  if (!q) return plainPage(readModels(database), orgId, f);
  return readModels(database)
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute((trx) => searchPage(trx as Db, orgId, { ...f, q }, searchCap, searchPlan));
};
