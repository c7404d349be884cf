import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { FiscalYearRow } from "./queries.ts";

/**
 * Where the per-month and per-day balances differ from the sums of the year's ledger lines: each
 * month (`2026-03`) or day (`2026-03-14`) and account whose debit or credit differs, by period and account;
 * none when the balances are those of the lines.
 */
export const ledgerInconsistencies = async (
  ctx: AppContext,
  orgId: string,
  year: Pick<FiscalYearRow, "start" | "end">,
): Promise<{ period: string; account: string }[]> => {
  const { rows } = await sql<{ period: string; account: string }>`
    with l as (
      select substr(date, 1, 7) as period, account, sum(debit)::bigint as debit, sum(credit)::bigint as credit
      from ledger_lines where org_id = ${orgId}::uuid and date between ${year.start} and ${year.end}
      group by 1, 2),
    b as (select period, account, debit, credit from account_balances
      where org_id = ${orgId}::uuid and period between ${year.start.slice(0, 7)} and ${year.end.slice(0, 7)})
    select coalesce(l.period, b.period) as period, coalesce(l.account, b.account) as account
    from l full join b on l.period = b.period and l.account = b.account
    where l.debit is distinct from b.debit or l.credit is distinct from b.credit
    union all
    select coalesce(l.date, d.date), coalesce(l.account, d.account)
    from (select date, account, sum(debit)::bigint as debit, sum(credit)::bigint as credit
      from ledger_lines where org_id = ${orgId}::uuid and date between ${year.start} and ${year.end}
      group by 1, 2) l
    full join (select date, account, debit, credit from account_day_balances
      where org_id = ${orgId}::uuid and date between ${year.start} and ${year.end}) d
      on l.date = d.date and l.account = d.account
    where l.debit is distinct from d.debit or l.credit is distinct from d.credit
    order by 1, 2`.execute(ctx.database.db);
  return rows;
};
