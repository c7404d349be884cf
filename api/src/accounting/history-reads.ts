import { chartStreamId, ledgerHistoryTypes } from "@registre/core";
import { type OrgTransaction, type StoredEvent, withOrg } from "@registre/store";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";

/**
 * The time machine's reads, each bounded by a place in the organisation's sequence (`org_seq`): the books
 * at that place are the log's prefix up to it. A validated entry never changes (a reversal is an entry of
 * its own) and its `EntryValidated` event carries the whole entry, so the trial balance is the sum of
 * those events' lines up to the place: summed over the time machine's own read model
 * (`ledger_history_moves`, the lines per entry and account keyed by their place — never the live ledger's
 * tables), after summing the events' JSON in SQL measured too slow at 1M events (docs/performance.md,
 * « time machine »). The chart's labels and the changes come from the log itself.
 */

/** Where the moment falls: the organisation's sequence number and the global position of that event. */
export type Bound = { readonly seq: number; readonly position: number; readonly recordedAt: string | null };

const num = (v: string | number | null | undefined): number =>
  v === null || v === undefined ? 0 : Number(v);

const boundOf = async (trx: OrgTransaction, orgId: string, seq: number): Promise<Bound> => {
  if (seq <= 0) return { seq: 0, position: 0, recordedAt: null };
  const { rows } = await sql<{ position: string | number; recorded_at: Date | string }>`
    select position, recorded_at from events where org_id = ${orgId}::uuid and org_seq = ${seq}`.execute(trx);
  const row = rows[0];
  return {
    seq,
    position: num(row?.position),
    recordedAt: row ? new Date(row.recorded_at).toISOString() : null,
  };
};

/**
 * The longest prefix of the organisation's log recorded at or before `at`: up to the event before the
 * first one recorded after it (a transaction's events carry its start time, so the log's order and the
 * times may cross by a few milliseconds; the prefix never takes an event recorded after `at`).
 */
export const boundAt = (ctx: AppContext, orgId: string, at: Date): Promise<Bound> =>
  withOrg(ctx.database, orgId, async (trx) => {
    const { rows } = await sql<{ seq: string | number | null }>`
      select coalesce(
        (select min(org_seq) - 1 from events where org_id = ${orgId}::uuid and recorded_at > ${at}),
        (select max(org_seq) from events where org_id = ${orgId}::uuid),
        0) as seq`.execute(trx);
    return boundOf(trx, orgId, num(rows[0]?.seq));
  });

/**
 * The prefix up to the organisation's last event at or before the global `position`. Within an
 * organisation positions grow with the sequence (its appends are serialised), so a binary search over
 * the sequence's index finds it in some twenty look-ups, whatever the log's length.
 */
export const boundAtPosition = (ctx: AppContext, orgId: string, position: number): Promise<Bound> =>
  withOrg(ctx.database, orgId, async (trx) => {
    const positionOf = async (seq: number) => {
      const { rows } = await sql<{ position: string | number }>`
        select position from events where org_id = ${orgId}::uuid and org_seq = ${seq}`.execute(trx);
      return rows[0] ? num(rows[0].position) : Number.POSITIVE_INFINITY;
    };
    const { rows } = await sql<{ seq: string | number | null }>`
      select max(org_seq) as seq from events where org_id = ${orgId}::uuid`.execute(trx);
    // The last sequence whose position is at most `position`: in [low, high].
    let low = 0;
    let high = num(rows[0]?.seq);
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((await positionOf(middle)) <= position) low = middle;
      else high = middle - 1;
    }
    return boundOf(trx, orgId, low);
  });

export type Movement = { readonly account: string; readonly debit: number; readonly credit: number };
export type DateRange = { readonly start: string; readonly end: string };

/** The time machine's own read model, caught up with the log (it is read up to a place only). */
export const HISTORY_READ_MODEL = "ledger-history";

/**
 * Debit and credit per general account of the entries validated up to `seq` (dated within `range`), and
 * how many entries were validated by then (whatever their date): a sum over the prefix of
 * `ledger_history_moves`.
 */
export const validatedMovements = async (
  ctx: AppContext,
  orgId: string,
  seq: number,
  range?: DateRange,
): Promise<{ movements: Movement[]; validated: number }> => {
  const inRange = range ? sql`(m.date between ${range.start}::date and ${range.end}::date)` : sql`true`;
  const { rows } = await sql<{
    account: string;
    debit: string | number;
    credit: string | number;
    entries: string | number;
  }>`
    select m.account, coalesce(sum(m.debit) filter (where ${inRange}), 0)::int8 as debit,
      coalesce(sum(m.credit) filter (where ${inRange}), 0)::int8 as credit, sum(m.entries)::int8 as entries
    from ledger_history_moves m
    where m.org_id = ${orgId}::uuid and m.org_seq <= ${seq}
    group by m.account`.execute(ctx.database.db);
  return {
    movements: rows.map((r) => ({ account: r.account, debit: num(r.debit), credit: num(r.credit) })),
    validated: rows.reduce((n, r) => n + num(r.entries), 0),
  };
};

/**
 * The drafts standing at `seq`: each entry's draft version written by then and not yet followed by its
 * next event (changed again, validated or deleted), counted with their totals.
 */
export const standingDrafts = async (
  ctx: AppContext,
  orgId: string,
  seq: number,
): Promise<{ count: number; debit: number; credit: number }> => {
  const { rows } = await sql<{ count: string | number; debit: string | number; credit: string | number }>`
    select count(*) as count, coalesce(sum(d.debit), 0)::int8 as debit, coalesce(sum(d.credit), 0)::int8 as credit
    from ledger_history_drafts d
    where d.org_id = ${orgId}::uuid and d.org_seq <= ${seq} and (d.until_seq is null or d.until_seq > ${seq})`.execute(
    ctx.database.db,
  );
  const r = rows[0];
  return { count: num(r?.count), debit: num(r?.debit), credit: num(r?.credit) };
};

const columns = sql`e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type,
  e.schema_version, e.data, e.metadata, e.recorded_at, e.tx_id::text as tx_id`;

type Row = Parameters<AppContext["store"]["decode"]>[0];

/** The chart's events up to `seq` (its labels as they stood). */
export const chartEventsUpTo = (ctx: AppContext, orgId: string, seq: number): Promise<StoredEvent[]> =>
  withOrg(ctx.database, orgId, async (trx) => {
    const { rows } = await sql<Row>`
      select ${columns} from events e
      where e.org_id = ${orgId}::uuid and e.stream_id = ${chartStreamId(orgId)} and e.org_seq <= ${seq}
      order by e.org_seq`.execute(trx);
    return rows.map(ctx.store.decode);
  });

/** What a change after the moment is: an entry's or a lettering's event (the chart's are not listed). */
const changeTypes = ledgerHistoryTypes.filter((t) => t.startsWith("Entry") || t.startsWith("Lines"));

/**
 * A page of the changes (entries' and letterings' events) after `seq`, in log order — the `limit` after
 * the first `offset` — with how many there are in all and the place just before the page's first (what
 * the page's entries are named as they stood at).
 */
export const ledgerEventsAfter = (
  ctx: AppContext,
  orgId: string,
  seq: number,
  page: { readonly limit: number; readonly offset?: number },
): Promise<{ events: StoredEvent[]; total: number; before: number }> =>
  withOrg(ctx.database, orgId, async (trx) => {
    const types = [...changeTypes];
    const offset = page.offset ?? 0;
    const { rows } = await sql<Row & { org_seq: string | number }>`
      select ${columns}, e.org_seq from events e
      where e.org_id = ${orgId}::uuid and e.org_seq > ${seq} and e.type = any(${types}::text[])
      order by e.org_seq limit ${page.limit} offset ${offset}`.execute(trx);
    let total = offset + rows.length;
    if (rows.length === page.limit || (rows.length === 0 && offset > 0)) {
      const counted = await sql<{ n: string | number }>`
        select count(*) as n from events e
        where e.org_id = ${orgId}::uuid and e.org_seq > ${seq} and e.type = any(${types}::text[])`.execute(
        trx,
      );
      total = num(counted.rows[0]?.n);
    }
    const first = rows[0];
    return {
      events: rows.map(ctx.store.decode),
      total,
      before: first ? num(first.org_seq) - 1 : seq,
    };
  });

/** The events of these streams up to `seq` (what the changes after it changed). */
export const streamsUpTo = (
  ctx: AppContext,
  orgId: string,
  streamIds: readonly string[],
  seq: number,
): Promise<StoredEvent[]> =>
  streamIds.length === 0
    ? Promise.resolve([])
    : withOrg(ctx.database, orgId, async (trx) => {
        const { rows } = await sql<Row>`
          select ${columns} from events e
          where e.org_id = ${orgId}::uuid and e.stream_id = any(${[...streamIds]}::text[])
            and e.org_seq <= ${seq}
          order by e.org_seq`.execute(trx);
        return rows.map(ctx.store.decode);
      });
