import type { EntryEvent, EntryLine, LetteringEvent } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { sql } from "kysely";
import { entrySearchTable, syncEntrySearch } from "./entry-search.ts";
import { entryTotals, entryTotalsTables } from "./entry-totals.ts";
import type { ProjectionExecutor, Projector, TableNames } from "./projector.ts";
import { chunk } from "./projector.ts";

const json = (value: unknown) => sql`(${JSON.stringify(value)}::text)::jsonb`;

type LedgerRow = {
  org_id: string;
  mvt: string;
  line: number;
  journal: string;
  number: string;
  fiscal_year_id: string;
  position: number;
  date: string;
  piece_ref: string;
  piece_date: string;
  account: string;
  auxiliary: string | null;
  label: string;
  debit: number;
  credit: number;
  validated_on: string;
};

type Delta = {
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
 * balances per month, per month and auxiliary account, and per day, in one statement per table.
 */
const addToBalances = async (db: ProjectionExecutor, table: TableNames, deltas: Map<string, Delta>) => {
  const all = [...deltas.values()];
  const monthly = regroup(
    all,
    (d) => `${d.org_id}|${d.date.slice(0, 7)}|${d.account}`,
    (d) => ({ org_id: d.org_id, period: d.date.slice(0, 7), account: d.account }),
  );
  const auxiliary = regroup(
    all.filter((d) => d.auxiliary),
    (d) => `${d.org_id}|${d.date.slice(0, 7)}|${d.account}|${d.auxiliary}`,
    (d) => ({ org_id: d.org_id, period: d.date.slice(0, 7), account: d.account, auxiliary: d.auxiliary }),
  );
  const daily = regroup(
    all,
    (d) => `${d.org_id}|${d.date}|${d.account}`,
    (d) => ({ org_id: d.org_id, account: d.account, date: d.date }),
  );
  const upsert = async (name: string, rows: readonly Record<string, unknown>[], key: string[]) => {
    const t = table(name);
    for (const part of chunk(rows, 500))
      await db
        .insertInto(t)
        .values(part)
        .onConflict((oc) =>
          oc.columns(key).doUpdateSet({
            debit: sql`${sql.ref(`${t}.debit`)} + excluded.debit`,
            credit: sql`${sql.ref(`${t}.credit`)} + excluded.credit`,
            lines: sql`${sql.ref(`${t}.lines`)} + excluded.lines`,
          }),
        )
        .execute();
  };
  await upsert("account_balances", monthly, ["org_id", "period", "account"]);
  await upsert("auxiliary_balances", auxiliary, ["org_id", "period", "account", "auxiliary"]);
  await upsert("account_day_balances", daily, ["org_id", "account", "date"]);
};

/** A row of the `entries` read model. */
export type EntryRow = {
  org_id: string;
  mvt: string;
  journal: string;
  date: string;
  piece_ref: string;
  piece_date: string;
  label: string;
  status: string;
  number: string | null;
  fiscal_year_id: string | null;
  validated_on: string | null;
  debit: number;
  credit: number;
  line_count: number;
  lines: readonly EntryLine[];
  origin: unknown;
  position: number;
  created_at: string;
  updated_at: string;
};

const sum = (lines: readonly EntryLine[], side: "debit" | "credit") => lines.reduce((s, l) => s + l[side], 0);

/**
 * The ledger: every entry (drafts too) for lists and forms; every validated line with its
 * lettering; and per-period movements per account and per auxiliary account, so that the trial
 * balance, the statements and the ledger's opening balances add up twelve rows per account
 * instead of scanning lines.
 */
export const ledgerProjector: Projector = {
  name: "ledger",
  // 2: lettering updates match lines through unnest (PGlite dropped large row-constructor lists).
  // 3: account_day_balances.
  // 4: entry_month_totals and entry_day_totals; entries indexed in list order, with a search column and its
  //    trigram index.
  // 5: entry_search (a narrow copy for the text search, with the trigram index); entries without `search`.
  version: 5,
  handles: [
    "EntryDrafted",
    "EntryDraftChanged",
    "EntryDraftDeleted",
    "EntryValidated",
    "LinesLettered",
    "LinesUnlettered",
  ],
  tables: [
    {
      name: "entries",
      columns: `org_id uuid not null, mvt uuid not null, journal text not null, date text not null,
        piece_ref text not null, piece_date text not null, label text not null, status text not null,
        number text, fiscal_year_id uuid, validated_on text, debit bigint not null, credit bigint not null,
        line_count integer not null, lines jsonb not null, origin jsonb not null, position bigint not null,
        created_at timestamptz not null, updated_at timestamptz not null, primary key (org_id, mvt)`,
      indexes: [
        // The list's order (date desc, position desc), walked backwards; date ranges too.
        "create index on {table} (org_id, date, position)",
        "create index on {table} (org_id, status, date) where status = 'draft'",
        "create index on {table} (org_id, journal, date, position)",
      ],
    },
    entrySearchTable,
    {
      name: "ledger_lines",
      columns: `org_id uuid not null, mvt uuid not null, line integer not null, journal text not null,
        number text not null, fiscal_year_id uuid not null, position bigint not null, date text not null,
        piece_ref text not null, piece_date text not null, account text not null, auxiliary text,
        label text not null, debit bigint not null, credit bigint not null, validated_on text not null,
        letter_code text, letter_date text, primary key (org_id, mvt, line)`,
      indexes: [
        "create index on {table} (org_id, account, date, position, line)",
        "create index on {table} (org_id, fiscal_year_id, position, line)",
        "create index on {table} (org_id, account, auxiliary, date) where letter_code is null",
      ],
    },
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
    ...entryTotalsTables,
  ],
  apply: async (db, events, table) => {
    // Read before anything is written: each entry as the batch finds it.
    const totals = await entryTotals(db, table, events);
    const entries = new Map<string, EntryRow>();
    let lines: LedgerRow[] = [];
    let deltas = new Map<string, Delta>();
    const flush = async () => {
      const written = [...entries.values()].map((r) => `${r.org_id}|${r.mvt}`);
      for (const part of chunk([...entries.values()], 300))
        await db
          .insertInto(table("entries"))
          .values(part.map((r) => ({ ...r, lines: json(r.lines), origin: json(r.origin) })))
          .onConflict((oc) =>
            oc.columns(["org_id", "mvt"]).doUpdateSet((eb) => ({
              journal: eb.ref("excluded.journal"),
              date: eb.ref("excluded.date"),
              piece_ref: eb.ref("excluded.piece_ref"),
              piece_date: eb.ref("excluded.piece_date"),
              label: eb.ref("excluded.label"),
              status: eb.ref("excluded.status"),
              number: eb.ref("excluded.number"),
              fiscal_year_id: eb.ref("excluded.fiscal_year_id"),
              validated_on: eb.ref("excluded.validated_on"),
              debit: eb.ref("excluded.debit"),
              credit: eb.ref("excluded.credit"),
              line_count: eb.ref("excluded.line_count"),
              lines: eb.ref("excluded.lines"),
              origin: eb.ref("excluded.origin"),
              position: eb.ref("excluded.position"),
              updated_at: eb.ref("excluded.updated_at"),
            })),
          )
          .execute();
      entries.clear();
      await syncEntrySearch(db, table, written);
      for (const part of chunk(lines, 1000))
        await db.insertInto(table("ledger_lines")).values(part).execute();
      lines = [];
      await addToBalances(db, table, deltas);
      deltas = new Map();
    };
    for (const event of events) {
      const e = event as StoredEvent & (EntryEvent | LetteringEvent);
      const org = e.orgId;
      const at = e.metadata.at;
      switch (e.type) {
        case "EntryDrafted":
        case "EntryValidated": {
          const d = e.data;
          const validated = e.type === "EntryValidated" ? e.data : null;
          const previous = entries.get(d.mvt);
          entries.set(d.mvt, {
            org_id: org,
            mvt: d.mvt,
            journal: d.journal,
            date: d.date,
            piece_ref: d.pieceRef,
            piece_date: d.pieceDate,
            label: d.label,
            status: validated ? "validated" : "draft",
            number: validated?.number ?? null,
            fiscal_year_id: validated?.fiscalYearId ?? null,
            validated_on: validated?.validatedOn ?? null,
            debit: sum(d.lines, "debit"),
            credit: sum(d.lines, "credit"),
            line_count: d.lines.length,
            lines: d.lines,
            origin: d.origin,
            position: e.position,
            created_at: previous?.created_at ?? at,
            updated_at: at,
          });
          if (!validated) break;
          validated.lines.forEach((l, index) => {
            lines.push({
              org_id: org,
              mvt: d.mvt,
              line: index + 1,
              journal: d.journal,
              number: validated.number,
              fiscal_year_id: validated.fiscalYearId,
              position: e.position,
              date: d.date,
              piece_ref: d.pieceRef,
              piece_date: d.pieceDate,
              account: l.account,
              auxiliary: l.auxiliary,
              label: l.label ?? d.label,
              debit: l.debit,
              credit: l.credit,
              validated_on: validated.validatedOn,
            });
            const key = `${org}|${d.date}|${l.account}|${l.auxiliary ?? ""}`;
            const delta = deltas.get(key) ?? {
              org_id: org,
              date: d.date,
              account: l.account,
              auxiliary: l.auxiliary ?? "",
              debit: 0,
              credit: 0,
              lines: 0,
            };
            deltas.set(key, {
              ...delta,
              debit: delta.debit + l.debit,
              credit: delta.credit + l.credit,
              lines: delta.lines + 1,
            });
          });
          break;
        }
        case "EntryDraftChanged": {
          await flush();
          const d = e.data;
          await db
            .updateTable(table("entries"))
            .set({
              journal: d.journal,
              date: d.date,
              piece_ref: d.pieceRef,
              piece_date: d.pieceDate,
              label: d.label,
              debit: sum(d.lines, "debit"),
              credit: sum(d.lines, "credit"),
              line_count: d.lines.length,
              lines: json(d.lines),
              updated_at: at,
            })
            .where("org_id", "=", org)
            .where("mvt", "=", e.streamId.slice("entry-".length))
            .execute();
          await syncEntrySearch(db, table, [`${org}|${e.streamId.slice("entry-".length)}`]);
          break;
        }
        case "EntryDraftDeleted":
          await flush();
          await db
            .deleteFrom(table("entries"))
            .where("org_id", "=", org)
            .where("mvt", "=", e.data.mvt)
            .execute();
          await syncEntrySearch(db, table, [`${org}|${e.data.mvt}`]);
          break;
        case "LinesLettered":
        case "LinesUnlettered": {
          await flush();
          const lettered = e.type === "LinesLettered" ? e.data : null;
          // Two arrays unnested, not a list of row constructors: PGlite matches nothing past a few hundred pairs.
          for (const part of chunk(e.data.lines, 1000)) {
            const refs = part.map((ref) => ref.split("/"));
            await db
              .updateTable(table("ledger_lines"))
              .set({ letter_code: lettered?.code ?? null, letter_date: lettered?.date ?? null })
              .where("org_id", "=", org)
              .where(
                sql`(mvt, line)`,
                "in",
                sql`(select * from unnest(${refs.map((r) => r[0])}::uuid[], ${refs.map((r) => Number(r[1]))}::integer[]))`,
              )
              .execute();
          }
          break;
        }
        default: {
          const never: never = e;
          return never;
        }
      }
    }
    await flush();
    await totals.write();
  },
};
