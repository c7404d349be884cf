import { writeBehind } from "@registre/store";
import { sql } from "kysely";
import type { ProjectionExecutor, ReadModelTable, TableNames } from "./projector.ts";

type Movements = { debit: number; credit: number; lines: number };
/** `account_balances`: movements per organisation, month (`YYYY-MM`) and account. */
export type AccountBalancesTable = { org_id: string; period: string; account: string } & Movements;
/** `auxiliary_balances`: the same per auxiliary account. */
export type AuxiliaryBalancesTable = {
  org_id: string;
  period: string;
  account: string;
  auxiliary: string;
} & Movements;
/** `account_day_balances`: movements per organisation, account and day. */
export type AccountDayBalancesTable = { org_id: string; account: string; date: string } & Movements;

/**
 * Movements per organisation, month and account (and auxiliary account), and per account and day,
 * kept by the ledger projector: the trial balance, the statements and the ledger's opening balances add
 * up twelve rows per account instead of scanning lines.
 */
export const balanceTables: readonly ReadModelTable[] = [
  {
    name: "account_balances",
    columns: `org_id uuid not null, period text not null, account text not null, debit bigint not null,
      credit bigint not null, lines integer not null, primary key (org_id, period, account)`,
  },
  {
    name: "auxiliary_balances",
    columns: `org_id uuid not null, period text not null, account text not null, auxiliary text not null,
      debit bigint not null, credit bigint not null, lines integer not null,
      primary key (org_id, period, account, auxiliary)`,
  },
  {
    // Movements per account and day: a general-ledger page asked at any line adds whole months,
    // then at most a month of days, then the lines of the cursor's own day.
    name: "account_day_balances",
    columns: `org_id uuid not null, account text not null, date text not null, debit bigint not null,
      credit bigint not null, lines integer not null, primary key (org_id, account, date)`,
  },
];

/** A batch's movement on one organisation, date, account and auxiliary account ("" for none). */
export type Delta = {
  org_id: string;
  /** The line's date: days feed `account_day_balances`, their months the per-period tables. */
  date: string;
  account: string;
  auxiliary: string;
  debit: number;
  credit: number;
  lines: number;
};

type Movement = { debit: number; credit: number; lines: number };

/** Adds up deltas by the key `keyOf` gives, each sum starting from `rowOf` of its first delta. */
const regroup = <R extends Movement>(
  deltas: Iterable<Delta>,
  keyOf: (d: Delta) => string,
  rowOf: (d: Delta) => Omit<R, keyof Movement>,
): R[] => {
  const rows = new Map<string, R>();
  for (const d of deltas) {
    const key = keyOf(d);
    const row = rows.get(key) ?? ({ ...rowOf(d), debit: 0, credit: 0, lines: 0 } as R);
    row.debit += d.debit;
    row.credit += d.credit;
    row.lines += d.lines;
    rows.set(key, row);
  }
  return [...rows.values()];
};

/**
 * Adds a batch's movements (one delta per org, date, account and auxiliary account) to the
 * balances per month, per month and auxiliary account, and per day, in one statement.
 */
export const addToBalances = async (
  db: ProjectionExecutor,
  table: TableNames,
  deltas: Map<string, Delta>,
) => {
  const all = [...deltas.values()];
  const monthly = regroup<Movement & { org_id: string; period: string; account: string }>(
    all,
    (d) => `${d.org_id}|${d.date.slice(0, 7)}|${d.account}`,
    (d) => ({ org_id: d.org_id, period: d.date.slice(0, 7), account: d.account }),
  );
  const auxiliary = regroup<
    Movement & { org_id: string; period: string; account: string; auxiliary: string }
  >(
    all.filter((d) => d.auxiliary),
    (d) => `${d.org_id}|${d.date.slice(0, 7)}|${d.account}|${d.auxiliary}`,
    (d) => ({ org_id: d.org_id, period: d.date.slice(0, 7), account: d.account, auxiliary: d.auxiliary }),
  );
  const daily = regroup<Movement & { org_id: string; account: string; date: string }>(
    all,
    (d) => `${d.org_id}|${d.date}|${d.account}`,
    (d) => ({ org_id: d.org_id, account: d.account, date: d.date }),
  );
  if (daily.length === 0) return;
  const movements = (rows: readonly Movement[]) =>
    sql`${rows.map((r) => r.debit)}::bigint[], ${rows.map((r) => r.credit)}::bigint[], ${rows.map((r) => r.lines)}::integer[]`;
  const adding = (t: string) => {
    const target = sql.table(t);
    return sql`do update set debit = ${target}.debit + excluded.debit, credit = ${target}.credit + excluded.credit,
      lines = ${target}.lines + excluded.lines`;
  };
  const orgs = (rows: readonly { org_id: string }[]) => sql`${rows.map((r) => r.org_id)}::uuid[]`;
  // The three tables in one statement (a key once per table: the deltas are summed by key).
  await writeBehind(
    db,
    sql`
    with m as (
      insert into ${sql.table(table("account_balances"))} (org_id, period, account, debit, credit, lines)
      select * from unnest(${orgs(monthly)}, ${monthly.map((r) => r.period)}::text[],
        ${monthly.map((r) => r.account)}::text[], ${movements(monthly)})
      on conflict (org_id, period, account) ${adding(table("account_balances"))}
    ), a as (
      insert into ${sql.table(table("auxiliary_balances"))} (org_id, period, account, auxiliary, debit, credit, lines)
      select * from unnest(${orgs(auxiliary)}, ${auxiliary.map((r) => r.period)}::text[],
        ${auxiliary.map((r) => r.account)}::text[], ${auxiliary.map((r) => r.auxiliary)}::text[], ${movements(auxiliary)})
      on conflict (org_id, period, account, auxiliary) ${adding(table("auxiliary_balances"))}
    )
    insert into ${sql.table(table("account_day_balances"))} (org_id, account, date, debit, credit, lines)
    select * from unnest(${orgs(daily)}, ${daily.map((r) => r.account)}::text[], ${daily.map((r) => r.date)}::text[],
      ${movements(daily)})
    on conflict (org_id, account, date) ${adding(table("account_day_balances"))}`.compile(db),
  );
};

/**
 * A rebuild's balances, from the generation's `ledger_lines` once the log is in: the same rows the
 * batches' upserts leave (every key has lines; lines are never taken out), in a statement per table.
 */
export const fillBalances = async (db: ProjectionExecutor, table: TableNames) => {
  const lines = sql.table(table("ledger_lines"));
  await sql`insert into ${sql.table(table("account_balances"))} (org_id, period, account, debit, credit, lines)
    select org_id, substr(date, 1, 7), account, sum(debit), sum(credit), count(*)
    from ${lines} group by org_id, substr(date, 1, 7), account`.execute(db);
  await sql`insert into ${sql.table(table("auxiliary_balances"))}
      (org_id, period, account, auxiliary, debit, credit, lines)
    select org_id, substr(date, 1, 7), account, auxiliary, sum(debit), sum(credit), count(*)
    from ${lines} where auxiliary <> '' group by org_id, substr(date, 1, 7), account, auxiliary`.execute(db);
  await sql`insert into ${sql.table(table("account_day_balances"))} (org_id, account, date, debit, credit, lines)
    select org_id, account, date, sum(debit), sum(credit), count(*)
    from ${lines} group by org_id, account, date`.execute(db);
};
