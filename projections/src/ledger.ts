import type { EntryEvent, EntryLine, EntryOrigin, LetteringEvent } from "@registre/core";
import { type StoredEvent, writeBehind } from "@registre/store";
import { type Insertable, type Selectable, sql } from "kysely";
import { addToBalances, balanceTables, type Delta, fillBalances } from "./balances.ts";
import { entrySearchTable, fillEntrySearch, syncEntrySearch } from "./entry-search.ts";
import { entryTotals, entryTotalsTables, fillEntryTotals } from "./entry-totals.ts";
import type { Projector, Timestamp } from "./projector.ts";
import { chunk, json, liveSink, rowsAsSelect } from "./projector.ts";
import { versioned } from "./versions.ts";

/** `ledger_lines`: one row per validated line, with its lettering. */
export type LedgerLinesTable = {
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
  letter_code: string | null;
  letter_date: string | null;
};
export type LedgerLineRow = Selectable<LedgerLinesTable>;

export type EntryStatus = "draft" | "validated";

/** `entries`: every entry, drafts too, its lines as jsonb for the forms. */
export type EntriesTable = {
  org_id: string;
  mvt: string;
  journal: string;
  date: string;
  piece_ref: string;
  piece_date: string;
  label: string;
  status: EntryStatus;
  number: string | null;
  fiscal_year_id: string | null;
  validated_on: string | null;
  debit: number;
  credit: number;
  line_count: number;
  lines: readonly EntryLine[];
  origin: EntryOrigin;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};
/** A row of the `entries` read model. */
export type EntryRow = Selectable<EntriesTable>;
type NewEntry = Insertable<EntriesTable>;
type NewLine = Insertable<LedgerLinesTable>;

const keysOf = (rows: readonly NewEntry[]) => rows.map((r) => `${r.org_id}|${r.mvt}`);

/**
 * New entries, the validated lines of the batch and the entries' search rows (as `syncEntrySearch`
 * copies them, from the rows inserted) in one statement: the tables differ, so no row is written twice.
 */
const insertCreated = async (
  db: Parameters<Projector["apply"]>[0],
  table: (name: string) => string,
  created: readonly NewEntry[],
  lines: readonly NewLine[],
) => {
  // One JSON parameter per table (`rowsAsSelect`), not a VALUES list of ten thousand parameters.
  const entryRows = rowsAsSelect(
    table("entries"),
    created.map((r) => ({ ...r, origin: r.origin ?? null })),
  );
  let query = db.with("e", (qb) =>
    qb
      .insertInto(table("entries"))
      .columns(entryRows.columns)
      .expression(entryRows.select)
      .returning([
        "org_id",
        "mvt",
        "date",
        "position",
        "journal",
        "status",
        "debit",
        "credit",
        "label",
        "piece_ref",
        "number",
      ]),
  );
  if (lines.length > 0) {
    const lineRows = rowsAsSelect(table("ledger_lines"), lines);
    query = query.with("l", (qb) =>
      qb.insertInto(table("ledger_lines")).columns(lineRows.columns).expression(lineRows.select),
    );
  }
  await query
    .insertInto(table("entry_search"))
    .columns(["org_id", "mvt", "date", "position", "journal", "status", "debit", "credit", "search"])
    .expression((eb) =>
      eb
        .selectFrom("e")
        .select([
          "org_id",
          "mvt",
          "date",
          "position",
          "journal",
          "status",
          "debit",
          "credit",
          sql<string>`lower(label || chr(31) || piece_ref || chr(31) || coalesce(number, ''))`.as("search"),
        ]),
    )
    .execute();
};

const sum = (lines: readonly EntryLine[], side: "debit" | "credit") => lines.reduce((s, l) => s + l[side], 0);

/**
 * The ledger: every entry (drafts too) for lists and forms; every validated line with its
 * lettering; and per-period movements per account and per auxiliary account, so that the trial
 * balance, the statements and the ledger's opening balances add up twelve rows per account
 * instead of scanning lines.
 */
export const ledgerProjector: Projector = versioned({
  name: "ledger",
  // 2: lettering updates match lines through unnest (PGlite dropped large row-constructor lists).
  // 3: account_day_balances.
  // 4: entry_month_totals and entry_day_totals; entries indexed in list order, with a search column and its
  //    trigram index.
  // 5: entry_search (a narrow copy for the text search, with the trigram index); entries without `search`.
  // 6: ledger_versions (`versioned`).
  version: 6,
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
    ...balanceTables,
    ...entryTotalsTables,
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    // A rebuild's bulk pass writes entries and lines only; `finishRebuild` derives the rest from them.
    const derived = !sink.bulk;
    // Read before anything is written: each entry as the batch finds it.
    const totals = derived ? await entryTotals(db, table, events) : undefined;
    const entries = new Map<string, NewEntry>();
    // Entries first seen here at their stream's first event: no row of theirs exists yet.
    const fresh = new Set<string>();
    let lines: NewLine[] = [];
    let deltas = new Map<string, Delta>();
    const flush = async () => {
      const created = [...entries.values()].filter((r) => fresh.has(r.mvt));
      const changed = [...entries.values()].filter((r) => !fresh.has(r.mvt));
      // Live, a command's new entries (an invoice's, drafted and validated at once), their lines and
      // their search rows in one statement (`insertCreated`); else a statement each.
      const folded = derived && created.length > 0 && created.length <= 300 && lines.length <= 1000;
      if (folded) await insertCreated(db, table, created, lines);
      else await sink.insert(table("entries"), created);
      for (const part of chunk(changed, 300))
        await writeBehind(
          db,
          db
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
            ),
        );
      entries.clear();
      fresh.clear();
      if (!folded) await sink.insert(table("ledger_lines"), lines);
      lines = [];
      if (derived) {
        if (!folded) await syncEntrySearch(db, table, keysOf(created), { fresh: true });
        await syncEntrySearch(db, table, keysOf(changed));
        await addToBalances(db, table, deltas);
      }
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
          if (!previous && e.version === 1) fresh.add(d.mvt);
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
          if (derived) await syncEntrySearch(db, table, [`${org}|${e.streamId.slice("entry-".length)}`]);
          break;
        }
        case "EntryDraftDeleted":
          await flush();
          await db
            .deleteFrom(table("entries"))
            .where("org_id", "=", org)
            .where("mvt", "=", e.data.mvt)
            .execute();
          if (derived) await syncEntrySearch(db, table, [`${org}|${e.data.mvt}`]);
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
    await totals?.write();
  },
  finishRebuild: [
    { fills: [entrySearchTable.name], run: fillEntrySearch },
    { fills: balanceTables.map((t) => t.name), run: fillBalances },
    { fills: entryTotalsTables.map((t) => t.name), run: fillEntryTotals },
  ],
});
