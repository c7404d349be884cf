import type { AccountMovements } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { DateRange, FiscalYearRow } from "./queries.ts";

/**
 * A report's range over more than one fiscal year. Each later year opens with its opening entries
 * (à-nouveaux), which carry the balances the year before ended on: added to that year's own
 * movements they would count its balance-sheet accounts twice. Over a span, the report leaves out
 * the opening entries of the years that start inside the range, and says so.
 */
export type YearSpan = {
  /** The fiscal years the range meets, in order. */
  readonly years: readonly { start: string; end: string }[];
  /** The years whose opening entries the report leaves out: those starting after the range does. */
  readonly openingsLeftOut: readonly { start: string; end: string }[];
};

export const yearSpan = (
  years: readonly FiscalYearRow[],
  range: DateRange,
): YearSpan & { readonly ids: readonly string[] } => {
  const met = years.filter((y) => y.start <= range.end && range.start <= y.end);
  const later = met.filter((y) => y.start > range.start);
  return {
    years: met.map((y) => ({ start: y.start, end: y.end })),
    openingsLeftOut: later.map((y) => ({ start: y.start, end: y.end })),
    ids: later.map((y) => y.id),
  };
};

/**
 * Movements without the lines of the opening journals' entries in the years `ids` names (validated
 * entries: drafts are not in the balances). Accounts left with no movement go.
 */
export const withoutOpenings = async (
  ctx: AppContext,
  orgId: string,
  movements: readonly AccountMovements[],
  ids: readonly string[],
): Promise<AccountMovements[]> => {
  if (ids.length === 0) return [...movements];
  const { rows } = await sql<{ account: string; debit: number; credit: number }>`
    select l.account, sum(l.debit)::bigint as debit, sum(l.credit)::bigint as credit
    from ledger_lines l
    join journals j on j.org_id = l.org_id and j.code = l.journal and j.kind = 'opening'
    where l.org_id = ${orgId}::uuid and l.fiscal_year_id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})
    group by l.account`.execute(readModels(ctx.database));
  const opening = new Map(rows.map((r) => [r.account, r]));
  return movements
    .map((m) => {
      const o = opening.get(m.account);
      return o ? { ...m, debit: m.debit - Number(o.debit), credit: m.credit - Number(o.credit) } : m;
    })
    .filter((m) => m.debit !== 0 || m.credit !== 0);
};
