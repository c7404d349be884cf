import type { EntryEvent, EntryLine } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { writeBehind } from "@registre/store";
import { sql } from "kysely";
import type { EntryStatus } from "./ledger.ts";
import type { Int8, ProjectionExecutor, ReadModelTable, TableNames } from "./projector.ts";
import { chunk } from "./projector.ts";

/** `entry_month_totals` and `entry_day_totals`: entries counted and added up per key (see below). */
export type EntryTotals<Period extends string> = {
  org_id: string;
  journal: string;
  status: EntryStatus;
  n: Int8;
  debit: Int8;
  credit: Int8;
} & Record<Period, string>;
export type EntryMonthTotalsTable = EntryTotals<"month">;
export type EntryDayTotalsTable = EntryTotals<"day">;

/**
 * Entries counted and added up per journal, status and day, and per journal, status and month: the
 * entries list answers its filter's count and sums from these (whole months from the month rows, the
 * cut months' days from the day rows) instead of scanning the entries.
 */
export const entryTotalsTables: readonly ReadModelTable[] = [
  {
    name: "entry_month_totals",
    columns: `org_id uuid not null, journal text not null, status text not null, month text not null,
      n bigint not null, debit bigint not null, credit bigint not null,
      primary key (org_id, month, journal, status)`,
  },
  {
    name: "entry_day_totals",
    columns: `org_id uuid not null, journal text not null, status text not null, day text not null,
      n bigint not null, debit bigint not null, credit bigint not null,
      primary key (org_id, day, journal, status)`,
  },
];

/** What an entry contributes to the totals; null when it does not exist (not yet, or deleted). */
type Counted = { journal: string; status: string; date: string; debit: bigint; credit: bigint } | null;

type Delta = {
  org_id: string;
  journal: string;
  status: string;
  day: string;
  n: number;
  /** Added up as bigint: exact whatever the batch holds (the tables are bigint). */
  debit: bigint;
  credit: bigint;
};

const side = (lines: readonly EntryLine[], s: "debit" | "credit") =>
  lines.reduce((t, l) => t + BigInt(l[s]), 0n);

const mvtOf = (e: StoredEvent & EntryEvent): string =>
  e.type === "EntryDraftChanged" ? e.streamId.slice("entry-".length) : e.data.mvt;

/**
 * Follows a batch's entry events: each event's entry as it was (read once per batch from the entries
 * table, then followed in memory) is taken out of its totals and the entry as it becomes put in.
 * `write` adds the batch's differences to both tables in one statement, then, when some key lost
 * entries, drops the rows of keys left with none in a second.
 */
export const entryTotals = async (
  db: ProjectionExecutor,
  table: TableNames,
  events: readonly StoredEvent[],
) => {
  const entryEvents = events.filter((e): e is StoredEvent & EntryEvent => e.type.startsWith("Entry"));
  const known = new Map<string, Counted>();
  // An entry whose first event here is its stream's first has no row yet: nothing to read.
  const firsts = new Map<string, StoredEvent>();
  for (const e of entryEvents) {
    const key = `${e.orgId}|${mvtOf(e)}`;
    if (!firsts.has(key)) firsts.set(key, e);
  }
  const keys = [...firsts].filter(([, e]) => e.version !== 1).map(([key]) => key);
  for (const part of chunk(keys, 1000)) {
    const pairs = part.map((k) => k.split("|"));
    const rows = await db
      .selectFrom(table("entries"))
      .select(["org_id", "mvt", "journal", "status", "date"])
      // As text: an entry added up beneath the API's bounds may exceed a safe number.
      .select([sql<string>`debit::text`.as("debit"), sql<string>`credit::text`.as("credit")])
      .where(
        sql`(org_id, mvt)`,
        "in",
        sql`(select * from unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]))`,
      )
      .execute();
    for (const r of rows)
      known.set(`${r.org_id}|${r.mvt}`, {
        journal: r.journal,
        status: r.status,
        date: r.date,
        debit: BigInt(r.debit),
        credit: BigInt(r.credit),
      });
  }
  const deltas = new Map<string, Delta>();
  const add = (org: string, c: Counted, sign: 1 | -1) => {
    if (!c) return;
    const key = `${org}|${c.journal}|${c.status}|${c.date}`;
    const d = deltas.get(key) ?? {
      org_id: org,
      journal: c.journal,
      status: c.status,
      day: c.date,
      n: 0,
      debit: 0n,
      credit: 0n,
    };
    d.n += sign;
    d.debit += BigInt(sign) * c.debit;
    d.credit += BigInt(sign) * c.credit;
    deltas.set(key, d);
  };
  for (const e of entryEvents) {
    const key = `${e.orgId}|${mvtOf(e)}`;
    const before = known.get(key) ?? null;
    let after: Counted;
    switch (e.type) {
      case "EntryDrafted":
      case "EntryValidated":
        after = {
          journal: e.data.journal,
          status: e.type === "EntryValidated" ? "validated" : "draft",
          date: e.data.date,
          debit: side(e.data.lines, "debit"),
          credit: side(e.data.lines, "credit"),
        };
        break;
      case "EntryDraftChanged":
        after = before && {
          journal: e.data.journal,
          status: before.status,
          date: e.data.date,
          debit: side(e.data.lines, "debit"),
          credit: side(e.data.lines, "credit"),
        };
        break;
      case "EntryDraftDeleted":
        after = null;
        break;
      default: {
        const never: never = e;
        return never;
      }
    }
    add(e.orgId, before, -1);
    add(e.orgId, after, 1);
    known.set(key, after);
  }
  return {
    write: async () => {
      const days = [...deltas.values()].filter((d) => d.n !== 0 || d.debit !== 0n || d.credit !== 0n);
      const months = new Map<string, Omit<Delta, "day"> & { month: string }>();
      for (const d of days) {
        const month = d.day.slice(0, 7);
        const key = `${d.org_id}|${d.journal}|${d.status}|${month}`;
        const m = months.get(key) ?? {
          org_id: d.org_id,
          journal: d.journal,
          status: d.status,
          month,
          n: 0,
          debit: 0n,
          credit: 0n,
        };
        m.n += d.n;
        m.debit += d.debit;
        m.credit += d.credit;
        months.set(key, m);
      }
      type Sum = Omit<Delta, "day"> & { period: string };
      const dayRows: Sum[] = days.map(({ day, ...d }) => ({ ...d, period: day }));
      const monthRows: Sum[] = [...months.values()].map(({ month, ...m }) => ({ ...m, period: month }));
      if (dayRows.length === 0) return;
      const day = sql.table(table("entry_day_totals"));
      const month = sql.table(table("entry_month_totals"));
      const adding = (rows: readonly Sum[]) =>
        sql`select * from unnest(${rows.map((r) => r.org_id)}::uuid[], ${rows.map((r) => r.journal)}::text[],
          ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.period)}::text[], ${rows.map((r) => r.n)}::bigint[],
          ${rows.map((r) => String(r.debit))}::bigint[], ${rows.map((r) => String(r.credit))}::bigint[])`;
      await writeBehind(
        db,
        sql`
        with d as (
          insert into ${day} (org_id, journal, status, day, n, debit, credit) ${adding(dayRows)}
          on conflict (org_id, day, journal, status) do update set n = ${day}.n + excluded.n,
            debit = ${day}.debit + excluded.debit, credit = ${day}.credit + excluded.credit
        )
        insert into ${month} (org_id, journal, status, month, n, debit, credit) ${adding(monthRows)}
        on conflict (org_id, month, journal, status) do update set n = ${month}.n + excluded.n,
          debit = ${month}.debit + excluded.debit, credit = ${month}.credit + excluded.credit`.compile(db),
      );
      // A key whose entries all went (deleted, validated, moved) has no row, as a rebuild would leave it.
      // Only a key that lost entries can be left with none: a row never holds n = 0, and a key with no
      // row before the batch that ends with none adds up to nothing (and is not written).
      const lost = (rows: readonly Sum[]) => rows.filter((r) => r.n < 0);
      const lostDays = lost(dayRows);
      if (lostDays.length === 0) return;
      const lostMonths = lost(monthRows);
      const keys = (rows: readonly Sum[]) =>
        sql`(select * from unnest(${rows.map((r) => r.org_id)}::uuid[], ${rows.map((r) => r.period)}::text[],
          ${rows.map((r) => r.journal)}::text[], ${rows.map((r) => r.status)}::text[]))`;
      await writeBehind(
        db,
        sql`
        with d as (
          delete from ${day} where (org_id, day, journal, status) in ${keys(lostDays)} and n = 0
        )
        delete from ${month} where (org_id, month, journal, status) in ${keys(lostMonths)} and n = 0`.compile(
          db,
        ),
      );
    },
  };
};

/**
 * A rebuild's totals, from the generation's `entries` once the log is in: the rows the batches leave
 * (a key with no entry has no row), in a statement per table.
 */
export const fillEntryTotals = async (db: ProjectionExecutor, table: TableNames) => {
  const entries = sql.table(table("entries"));
  await sql`insert into ${sql.table(table("entry_day_totals"))} (org_id, journal, status, day, n, debit, credit)
    select org_id, journal, status, date, count(*), sum(debit), sum(credit)
    from ${entries} group by org_id, journal, status, date`.execute(db);
  await sql`insert into ${sql.table(table("entry_month_totals"))} (org_id, journal, status, month, n, debit, credit)
    select org_id, journal, status, substr(date, 1, 7), count(*), sum(debit), sum(credit)
    from ${entries} group by org_id, journal, status, substr(date, 1, 7)`.execute(db);
};
