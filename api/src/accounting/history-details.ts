import {
  DomainError,
  type EntryAsOf,
  type EntryStep,
  entryHistory,
  entryStreamId,
  type LedgerHistoryEvent,
} from "@registre/core";
import { withOrg } from "@registre/store";
import { sql } from "kysely";
import { catchUp } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { asHistoryEvent, boundOf, type LedgerMoment, withNames } from "./history.ts";
import { HISTORY_READ_MODEL } from "./history-reads.ts";

/**
 * The time machine's details: an entry's history and state at a moment, and an account's ledger as it
 * stood then. Who: the member's name, resolved here from the users read model for the ids the events
 * carry — a reader of the books sees who recorded them (as a document's history shows it), without the
 * members right that the member list needs, and nothing else of them.
 */

const columns = sql`e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type,
  e.schema_version, e.data, e.metadata, e.recorded_at, e.tx_id::text as tx_id`;
type Row = Parameters<AppContext["store"]["decode"]>[0];

export type NamedStep = EntryStep & { readonly who: string | null };

export type EntryHistoryAt = {
  readonly mvt: string;
  /** The place asked for (its position), null for now. */
  readonly position: number | null;
  readonly asOf: EntryAsOf;
  readonly steps: readonly NamedStep[];
};

/** The events naming the entry beside its own: letterings of its lines, entries drafted as its reversal. */
const relatedEvents = (ctx: AppContext, orgId: string, mvt: string): Promise<LedgerHistoryEvent[]> =>
  withOrg(ctx.database, orgId, async (trx) => {
    const { rows } = await sql<Row>`
      select ${columns} from events e
      where e.org_id = ${orgId}::uuid and (
        (e.type in ('LinesLettered', 'LinesUnlettered') and strpos(e.data, ${`"${mvt}/`}) > 0)
        or (e.type = 'EntryDrafted' and strpos(e.data, ${`"of":"${mvt}"`}) > 0))
      order by e.org_seq`.execute(trx);
    return rows.map((r) => asHistoryEvent(ctx.store.decode(r)));
  });

export const entryHistoryAt = async (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  moment?: LedgerMoment,
): Promise<EntryHistoryAt> => {
  const [own, related, bound] = await Promise.all([
    ctx.store.readStream(orgId, entryStreamId(mvt)),
    relatedEvents(ctx, orgId, mvt),
    moment ? boundOf(ctx, orgId, moment) : undefined,
  ]);
  if (own.length === 0) throw new DomainError("entry.notFound", {}, 404);
  const { asOf, steps } = entryHistory(mvt, [...own.map(asHistoryEvent), ...related], bound?.position);
  return { mvt, position: bound?.position ?? null, asOf, steps: await withNames(ctx, steps) };
};

export type AccountLedgerLine = {
  readonly position: number;
  readonly mvt: string;
  readonly number: string;
  readonly journal: string;
  readonly date: string;
  readonly label: string;
  readonly line: number;
  readonly lineLabel: string | null;
  readonly debit: number;
  readonly credit: number;
};

export type AccountLedgerAt = {
  readonly account: string;
  readonly position: number;
  readonly at: string | null;
  /** The account's movements over every entry validated by then, and how many entries. */
  readonly totals: { readonly debit: number; readonly credit: number };
  readonly entries: number;
  /** The last `shown` entries' lines on the account, newest first. */
  readonly lines: readonly AccountLedgerLine[];
};

/** Entries listed at most in an account's ledger at a moment (the totals count them all). */
export const LEDGER_ENTRIES_SHOWN = 500;

type ValidatedData = {
  mvt: string;
  number: string;
  journal: string;
  date: string;
  label: string;
  lines: { account: string; label: string | null; debit: number; credit: number }[];
};

/** A general account's ledger as it stood at a moment: its validated lines then, and their totals. */
export const accountLedgerAt = async (
  ctx: AppContext,
  orgId: string,
  account: string,
  moment: LedgerMoment,
  shown = LEDGER_ENTRIES_SHOWN,
): Promise<AccountLedgerAt> => {
  const bound = await boundOf(ctx, orgId, moment);
  await catchUp(ctx, orgId, [HISTORY_READ_MODEL]);
  const { rows: sums } = await sql<{ debit: string | number; credit: string | number; n: string | number }>`
    select coalesce(sum(debit), 0)::int8 as debit, coalesce(sum(credit), 0)::int8 as credit, count(*) as n
    from ledger_history_moves
    where org_id = ${orgId}::uuid and account = ${account} and org_seq <= ${bound.seq}`.execute(
    ctx.database.db,
  );
  const { rows: places } = await sql<{ org_seq: string | number }>`
    select org_seq from ledger_history_moves
    where org_id = ${orgId}::uuid and account = ${account} and org_seq <= ${bound.seq}
    order by org_seq desc limit ${shown}`.execute(ctx.database.db);
  const seqs = places.map((p) => Number(p.org_seq));
  const events =
    seqs.length === 0
      ? []
      : await withOrg(ctx.database, orgId, async (trx) => {
          const { rows } = await sql<Row>`
            select ${columns} from events e
            where e.org_id = ${orgId}::uuid and e.org_seq = any(${seqs}::int8[]) and e.type = 'EntryValidated'
            order by e.org_seq desc`.execute(trx);
          return rows.map(ctx.store.decode);
        });
  const lines: AccountLedgerLine[] = events.flatMap((e) => {
    const d = e.data as ValidatedData;
    return d.lines.flatMap((l, i) =>
      l.account === account
        ? [
            {
              position: e.position,
              mvt: d.mvt,
              number: d.number,
              journal: d.journal,
              date: d.date,
              label: d.label,
              line: i + 1,
              lineLabel: l.label,
              debit: l.debit,
              credit: l.credit,
            },
          ]
        : [],
    );
  });
  const s = sums[0];
  return {
    account,
    position: bound.position,
    at: "at" in moment ? moment.at.toISOString() : bound.recordedAt,
    totals: { debit: Number(s?.debit ?? 0), credit: Number(s?.credit ?? 0) },
    entries: Number(s?.n ?? 0),
    lines,
  };
};
