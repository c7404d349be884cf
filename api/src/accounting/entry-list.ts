import { type EntryRow, type ReadModelDatabase, readModels } from "@registre/projections";
import type { Database } from "@registre/store";
import { parseInt8 } from "@registre/store";
import { sql } from "kysely";

/** A text search counts its matches up to this many; past it the answer says `capped`. */
export const SEARCH_COUNT_CAP = 1_000;

export type EntryListFilter = {
  readonly journal?: string | undefined;
  readonly status?: "draft" | "validated" | undefined;
  readonly start?: string | undefined;
  readonly end?: string | undefined;
  readonly q?: string | undefined;
  readonly limit: number;
  readonly offset: number;
};

/** What the list reads of an `entries` row: not its lines, origin or bookkeeping columns. */
export type EntryListRow = Omit<
  EntryRow,
  "org_id" | "lines" | "origin" | "position" | "created_at" | "updated_at"
>;

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
      .execute()) satisfies Match[];
    if (walked.length > cap) found = walked;
  }
  await plan(db, { enable_seqscan: false, enable_indexscan: false });
  found ??= (await ordered(cap + 1).execute()) satisfies Match[];
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
      : (await ordered(f.limit).offset(f.offset).execute()).map((m) => m.mvt);
  await plan(db, { enable_seqscan: true, enable_indexscan: true });
  const entries =
    mvts.length === 0
      ? []
      : await db
          .selectFrom("entries")
          .select([...COLUMNS])
          .where("org_id", "=", orgId)
          .where("mvt", "=", sql<string>`any(${mvts}::uuid[])`)
          .execute();
  const byMvt = new Map(entries.map((r) => [r.mvt, r]));
  return {
    rows: mvts.flatMap((m) => byMvt.get(m) ?? []),
    total: capped ? cap : found.length,
    sums: { debit: cents(String(sums.debit)), credit: cents(String(sums.credit)) },
    capped,
  };
};

type Bucket = { key: string; n: number };

/**
 * Count and sums per month (newest first) of the entries a filter without text selects: the months
 * strictly inside the range from `entry_month_totals`, the range's first and last months (cut or not)
 * from `entry_day_totals`.
 */
const monthTotals = async (db: Db, orgId: string, f: EntryListFilter) => {
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
  const parts = cut.length > 0 ? sql`${months} union all ${days}` : months;
  const { rows } = await sql<{ month: string; n: string; debit: string; credit: string }>`
    select month, sum(n)::text as n, sum(debit)::text as debit, sum(credit)::text as credit
    from (${parts}) t group by month order by month desc`.execute(db);
  return rows;
};

/** Count per day (newest first) of a month, within the filter. */
const dayCounts = async (db: Db, orgId: string, f: EntryListFilter, month: string): Promise<Bucket[]> => {
  const from = f.start && f.start > `${month}-01` ? f.start : `${month}-01`;
  const to = f.end && f.end < `${month}-31` ? f.end : `${month}-31`;
  let query = db
    .selectFrom("entry_day_totals")
    .select(["day", sql<string>`sum(n)::text`.as("n")])
    .where("org_id", "=", orgId)
    .where("day", ">=", from)
    .where("day", "<=", to);
  if (f.journal) query = query.where("journal", "=", f.journal);
  if (f.status) query = query.where("status", "=", f.status);
  const rows = await query.groupBy("day").orderBy("day", "desc").execute();
  return rows.map((r) => ({ key: r.day, n: parseInt8(r.n) }));
};

/** The bucket (newest first) holding the `offset`-th entry, and how many entries come before it. */
const bucketAt = (buckets: readonly Bucket[], offset: number) => {
  let before = 0;
  for (const b of buckets) {
    if (before + b.n > offset) return { key: b.key, before };
    before += b.n;
  }
  return undefined;
};

/**
 * A page of the entries list with its filter's count and sums. Without a text search the count and
 * sums come from the totals tables, and a page at an offset starts from the day that holds it
 * (found from the same tables), so the scan skips whole days; both read one snapshot. A text search
 * (`searchPage`) counts up to `SEARCH_COUNT_CAP` matches in `entry_search` and pages with a plain offset.
 */
export const listEntryPage = (
  database: Database,
  orgId: string,
  f: EntryListFilter,
  searchCap = SEARCH_COUNT_CAP,
  searchPlan?: SearchPlan,
): Promise<EntryListPage> =>
  readModels(database)
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const db = trx as Db;
      const page = (upTo: string | undefined, offset: number) =>
        selected(db, orgId, f, upTo)
          .select([...COLUMNS])
          .orderBy("date", "desc")
          .orderBy("position", "desc")
          .limit(f.limit)
          .offset(offset)
          .execute() as Promise<EntryListRow[]>;
      if (f.q) return searchPage(db, orgId, { ...f, q: f.q }, searchCap, searchPlan);
      const months = await monthTotals(db, orgId, f);
      let total = 0n;
      let debit = 0n;
      let credit = 0n;
      for (const m of months) {
        total += BigInt(m.n);
        debit += BigInt(m.debit);
        credit += BigInt(m.credit);
      }
      const answer = (rows: EntryListRow[]): EntryListPage => ({
        rows,
        total: parseInt8(String(total)),
        sums: { debit: cents(String(debit)), credit: cents(String(credit)) },
        capped: false,
      });
      if (BigInt(f.offset) >= total) return answer([]);
      if (f.offset === 0) return answer(await page(undefined, 0));
      const buckets = months.map((m) => ({ key: m.month, n: parseInt8(m.n) }));
      const month = bucketAt(buckets, f.offset);
      if (!month) return answer([]);
      const day = bucketAt(await dayCounts(db, orgId, f, month.key), f.offset - month.before);
      if (!day) throw new Error(`entry totals of ${month.key} disagree with its days`);
      return answer(await page(day.key, f.offset - month.before - day.before));
    });
