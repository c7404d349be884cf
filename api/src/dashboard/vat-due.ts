import { parseVatPeriod, type VatPeriod, vatPeriodOf } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { findOrganisation } from "../organisations.ts";
import { openVatDues } from "../vat/payment-lettering.ts";

/**
 * The day a period's VAT is paid at the latest: a monthly or quarterly return (CA3) by the 24th of the
 * month after the period (the latest of the calendar's days, 15 to 24, by SIREN); the yearly CA12 on
 * 3 May after its year (the second working day after 1 May, as most years fall); a CA12 instalment on
 * its period's last day.
 */
export const vatPaymentDay = (period: Pick<VatPeriod, "end" | "periodicity" | "instalment">): string => {
  if (period.instalment) return period.end;
  const [y = 0, m = 1] = period.end.split("-").map(Number);
  if (period.periodicity === "yearly") return `${y + 1}-05-03`;
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return `${next.y}-${String(next.m).padStart(2, "0")}-24`;
};

export type VatDueToday = {
  /** The period holding the day (its key, as the VAT returns name it) and its figures so far. */
  period: string;
  start: string;
  end: string;
  /** VAT collected and deductible on the period's validated entries, not yet taken by a return. */
  collected: number;
  deductible: number;
  /** Collected less deductible: negative is a credit, nothing to pay. */
  due: number;
  payBy: string;
  /** What earlier periods left: VAT not taken by any return yet, dated before the period (net). */
  earlier: number;
  earlierPayBy: string | null;
  /** Validated returns whose amount to pay (445510) is not lettered with a payment yet. */
  unpaidReturns: { period: string; amount: number; payBy: string }[];
};

/**
 * The VAT due for the current period (issue 26), from the VAT lines read model (`vat_lines`: each VAT fact
 * of a validated entry, signed by its direction, with the return that used it): the period's collected
 * and deductible VAT not yet in a return, what earlier periods left undeclared, and the validated
 * returns still to pay.
 */
export const vatDueAt = async (ctx: AppContext, orgId: string, day: string): Promise<VatDueToday> => {
  const org = await findOrganisation(ctx, orgId);
  const period = vatPeriodOf(day, org.vatPeriodicity);
  const [sums, dues] = await Promise.all([
    readModels(ctx.database)
      .selectFrom("vat_lines")
      .where("org_id", "=", orgId)
      .where("return_period", "is", null)
      .where("date", "<=", period.end)
      .select([
        sql<string>`coalesce(sum(tax) filter (where direction = 'collected' and date >= ${period.start}), 0)::text`.as(
          "collected",
        ),
        sql<string>`coalesce(sum(tax) filter (where direction = 'deductible' and date >= ${period.start}), 0)::text`.as(
          "deductible",
        ),
        sql<string>`coalesce(sum(case when direction = 'collected' then tax else -tax end) filter (where date < ${period.start}), 0)::text`.as(
          "earlier",
        ),
        sql<string | null>`min(date) filter (where date < ${period.start})`.as("first_earlier"),
      ])
      .executeTakeFirstOrThrow(),
    openVatDues(ctx, orgId),
  ]);
  const collected = Number(sums.collected);
  const deductible = Number(sums.deductible);
  const unpaid = new Map<string, number>();
  for (const d of dues) unpaid.set(d.period, (unpaid.get(d.period) ?? 0) + d.line.credit - d.line.debit);
  return {
    period: period.key,
    start: period.start,
    end: period.end,
    collected,
    deductible,
    due: collected - deductible,
    payBy: vatPaymentDay(period),
    earlier: Number(sums.earlier),
    earlierPayBy: sums.first_earlier
      ? vatPaymentDay(vatPeriodOf(sums.first_earlier, org.vatPeriodicity))
      : null,
    unpaidReturns: [...unpaid].map(([key, amount]) => {
      const p = parseVatPeriod(key);
      return { period: key, amount, payBy: vatPaymentDay(p) };
    }),
  };
};
