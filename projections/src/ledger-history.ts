import { sql } from "kysely";
import { type Int8, liveSink, type Projector } from "./projector.ts";

/**
 * The accountant's time machine's own read model (issue 26 §3): the ledger's facts keyed by their place
 * in the organisation's log (`org_seq`), so that the books as of any place are a sum over a prefix —
 * never the live ledger's tables, which hold only the present.
 *
 * - `ledger_history_moves`: per validated entry (its `EntryValidated` event) and general account, the
 *   debit and credit of its lines, the entry's date, and `entries` 1 on the entry's first account (in
 *   code-unit order) so that a sum counts the entries. A validated entry never changes (a reversal is an
 *   entry of its own): the rows are a pure function of the event.
 * - `ledger_history_drafts`: per draft version (an `EntryDrafted` or `EntryDraftChanged` event), its
 *   totals and `until_seq`, the place of the entry's next event (changed again, validated or deleted;
 *   null while it stands): the drafts standing at a place are the rows with `org_seq ≤ place < until_seq`.
 */
export type LedgerHistoryMovesTable = {
  org_id: string;
  org_seq: Int8;
  account: string;
  date: string;
  entries: number;
  debit: Int8;
  credit: Int8;
};

export type LedgerHistoryDraftsTable = {
  org_id: string;
  stream_id: string;
  org_seq: Int8;
  until_seq: Int8 | null;
  debit: Int8;
  credit: Int8;
};

type Line = { readonly account: string; readonly debit: number; readonly credit: number };
type Content = { readonly date: string; readonly lines: readonly Line[] };

const drafting = new Set(["EntryDrafted", "EntryDraftChanged"]);
const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const sum = (lines: readonly Line[], side: "debit" | "credit") => lines.reduce((s, l) => s + l[side], 0);

export const ledgerHistoryProjector: Projector = {
  name: "ledger-history",
  // 2: the moves by account too (an account's ledger at a moment).
  version: 2,
  handles: ["EntryDrafted", "EntryDraftChanged", "EntryDraftDeleted", "EntryValidated"],
  tables: [
    {
      name: "ledger_history_moves",
      columns: `org_id uuid not null, org_seq bigint not null, account text not null, date date not null,
        entries integer not null, debit bigint not null, credit bigint not null,
        primary key (org_id, org_seq, account) include (date, entries, debit, credit)`,
      indexes: ["create index on {table} (org_id, account, org_seq) include (debit, credit)"],
    },
    {
      name: "ledger_history_drafts",
      columns: `org_id uuid not null, stream_id text not null, org_seq bigint not null, until_seq bigint,
        debit bigint not null, credit bigint not null,
        primary key (org_id, stream_id, org_seq)`,
      indexes: ["create index on {table} (org_id, org_seq) include (until_seq, debit, credit)"],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const moves: Record<string, unknown>[] = [];
    const drafts: Record<string, unknown>[] = [];
    /** The row of each stream's standing draft version written by this batch (closed in memory). */
    const open = new Map<string, Record<string, unknown>>();
    /** Standing versions written by earlier batches, closed here: stream → the closing event's place. */
    const closing = new Map<string, { orgId: string; seq: number }>();
    for (const e of events) {
      const key = `${e.orgId} ${e.streamId}`;
      const mine = open.get(key);
      if (mine) mine.until_seq = e.orgSeq;
      // An entry's first event (drafted) has nothing to close.
      else if (e.type !== "EntryDrafted" && !closing.has(key))
        closing.set(key, { orgId: e.orgId, seq: e.orgSeq });
      open.delete(key);
      const content = e.data as Content;
      if (e.type === "EntryValidated") {
        const byAccount = new Map<string, { debit: number; credit: number }>();
        for (const l of content.lines) {
          const m = byAccount.get(l.account) ?? { debit: 0, credit: 0 };
          byAccount.set(l.account, { debit: m.debit + l.debit, credit: m.credit + l.credit });
        }
        [...byAccount.keys()].sort(codeUnitOrder).forEach((account, i) => {
          const m = byAccount.get(account) ?? { debit: 0, credit: 0 };
          moves.push({
            org_id: e.orgId,
            org_seq: e.orgSeq,
            account,
            date: content.date,
            entries: i === 0 ? 1 : 0,
            debit: m.debit,
            credit: m.credit,
          });
        });
      } else if (drafting.has(e.type)) {
        const row = {
          org_id: e.orgId,
          stream_id: e.streamId,
          org_seq: e.orgSeq,
          until_seq: null,
          debit: sum(content.lines, "debit"),
          credit: sum(content.lines, "credit"),
        };
        drafts.push(row);
        open.set(key, row);
      }
    }
    for (const [key, { orgId, seq }] of closing) {
      const streamId = key.slice(orgId.length + 1);
      await sql`update ${sql.table(table("ledger_history_drafts"))} set until_seq = ${seq}
        where org_id = ${orgId} and stream_id = ${streamId} and until_seq is null`.execute(db);
    }
    if (moves.length > 0) await sink.insert(table("ledger_history_moves"), moves);
    if (drafts.length > 0) await sink.insert(table("ledger_history_drafts"), drafts);
  },
  // Both tables from the log in a statement each: the lines summed per entry and account, and each draft
  // version closed by its stream's next event (`lead`).
  rebuildFromLog: async (db, table, log) => {
    await sql`
      insert into ${sql.table(table("ledger_history_moves"))} (org_id, org_seq, account, date, entries, debit, credit)
      select e.org_id, e.org_seq, l.account, (e.d ->> 'date')::date,
        case when row_number() over (partition by e.org_id, e.org_seq order by l.account collate "C") = 1
          then 1 else 0 end,
        sum(l.debit), sum(l.credit)
      from (select org_id, org_seq, data::jsonb as d from ${log} log where type = 'EntryValidated') e
        cross join lateral jsonb_to_recordset(e.d -> 'lines') as l(account text, debit int8, credit int8)
      group by e.org_id, e.org_seq, l.account, (e.d ->> 'date')`.execute(db);
    await sql`
      insert into ${sql.table(table("ledger_history_drafts"))} (org_id, stream_id, org_seq, until_seq, debit, credit)
      select v.org_id, v.stream_id, v.org_seq, v.until_seq,
        coalesce((select sum(l.debit) from jsonb_to_recordset(v.data::jsonb -> 'lines') as l(debit int8)), 0),
        coalesce((select sum(l.credit) from jsonb_to_recordset(v.data::jsonb -> 'lines') as l(credit int8)), 0)
      from (
        select org_id, stream_id, org_seq, type, data,
          lead(org_seq) over (partition by org_id, stream_id order by org_seq) as until_seq
        from ${log} log
        where type in ('EntryDrafted', 'EntryDraftChanged', 'EntryDraftDeleted', 'EntryValidated')
      ) v
      where v.type in ('EntryDrafted', 'EntryDraftChanged')`.execute(db);
  },
};
