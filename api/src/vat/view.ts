import {
  DomainError,
  formOfPeriod,
  instalmentPeriod,
  isInstalmentKey,
  nextVatPeriod,
  parisDate,
  parseVatPeriod,
  resultBoxes,
  type VatPeriod,
  type VatPeriodicity,
  vatAccounts,
  vatPeriodOf,
} from "@registre/core";
import { readModels, type VatReturnRow } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { type Locale, translate } from "../http/messages.ts";
import { findOrganisation } from "../organisations.ts";
import { listReturns } from "./reads.ts";
import { type PreparedReturn, prepareReturn, type ReturnOptions } from "./returns.ts";

/**
 * What the VAT screens read (issue 22): the periods of a year with their states, a return with its
 * boxes, warnings and settlement, and a box's lines with why each is there.
 */

export type VatStatus = "future" | "toPrepare" | "notDue" | "validated" | "paid";

/**
 * The returns whose VAT due is paid. A return is paid when its 445510 credit is lettered — with the
 * payment of it, lettered as it is posted (`payment-lettering.ts`) or by hand. The dues left unlettered
 * (a payment of another amount, an organisation whose 445510 was not lettrable then) are read first in,
 * first out: the unlettered debits of 445510 dated after the first return's period (from its month for a
 * CA12's instalment) pay the unlettered dues in the order of their returns; a return is paid once they
 * cover it and every such return before it. A due posted otherwise (by hand, or carried by an opening
 * entry from before the returns) is not a return's and is left aside.
 */
export const paidReturns = async (
  ctx: AppContext,
  orgId: string,
  returns: readonly VatReturnRow[],
): Promise<Set<string>> => {
  const paid = new Set<string>();
  const first = returns[0];
  if (!first) return paid;
  const [payments, dues] = await Promise.all([
    readModels(ctx.database)
      .selectFrom("ledger_lines")
      .select(sql<string>`coalesce(sum(debit), 0)::text`.as("total"))
      .where("org_id", "=", orgId)
      .where("account", "like", `${vatAccounts.toPay.slice(0, 5)}%`)
      .where("letter_code", "is", null)
      // A CA12's instalment is paid in its month; a return after its period.
      .where(
        "date",
        isInstalmentKey(first.period) ? ">=" : ">",
        isInstalmentKey(first.period) ? first.start : first.end,
      )
      .executeTakeFirstOrThrow(),
    readModels(ctx.database)
      .selectFrom("ledger_lines")
      .select(["mvt", "credit", "letter_code"])
      .where("org_id", "=", orgId)
      .where("account", "like", `${vatAccounts.toPay.slice(0, 5)}%`)
      .where("credit", ">", 0)
      .where(
        "mvt",
        "in",
        returns.flatMap((r) => (r.settlement_mvt ? [r.settlement_mvt] : [])).concat(first.org_id),
      )
      .execute(),
  ]);
  // Per settlement, what of its due is not lettered (0 once lettered).
  const openOf = new Map<string, number>();
  for (const d of dues) openOf.set(d.mvt, (openOf.get(d.mvt) ?? 0) + (d.letter_code ? 0 : d.credit));
  const total = Number(payments.total);
  let owed = 0;
  for (const r of returns) {
    const open = r.settlement_mvt ? openOf.get(r.settlement_mvt) : undefined;
    if (open === undefined) continue;
    if (open === 0) {
      paid.add(r.period);
      continue;
    }
    owed += open;
    if (owed <= total) paid.add(r.period);
  }
  return paid;
};

const statusOf = (
  period: VatPeriod,
  validated: VatReturnRow | null | undefined,
  paid: ReadonlySet<string>,
  today: string,
  prepared?: PreparedReturn,
): VatStatus => {
  if (validated) return paid.has(period.key) ? "paid" : "validated";
  if (period.start > today) return "future";
  // An instalment whose base is under the threshold: none is due.
  if (prepared?.computed.problems.some((p) => p.code === "vat.instalmentBelowThreshold")) return "notDue";
  return "toPrepare";
};

const kindOf = (period: VatPeriod) => (period.instalment ? ("instalment" as const) : ("return" as const));

/** A return as the API answers it (`VatReturn`). */
export const returnView = async (
  ctx: AppContext,
  orgId: string,
  prepared: PreparedReturn,
  locale: Locale,
) => {
  const { period, validated, computed } = prepared;
  const form = formOfPeriod(period);
  const declared = new Map((validated?.boxes ?? []).map((b) => [b.code, b]));
  const paid = validated ? await paidReturns(ctx, orgId, await listReturns(ctx, orgId)) : new Set<string>();
  const settlement = validated?.settlement_mvt
    ? await readModels(ctx.database)
        .selectFrom("ledger_lines")
        .select(["account", "debit", "credit"])
        .where("org_id", "=", orgId)
        .where("mvt", "=", validated.settlement_mvt)
        .orderBy("line")
        .execute()
    : computed.settlement.map((l) => ({ account: l.account, debit: l.debit, credit: l.credit }));
  return {
    period: period.key,
    periodicity: period.periodicity,
    start: period.start,
    end: period.end,
    kind: kindOf(period),
    status: statusOf(period, validated, paid, parisDate(ctx.clock()), prepared),
    form: validated ? { id: validated.form, version: validated.form_version } : computed.form,
    validatedOn: validated?.validated_on ?? null,
    settlementMvt: validated?.settlement_mvt ?? null,
    creditCarried: prepared.credit,
    adjusted: computed.adjusted,
    boxes: computed.boxes.map((b) => {
      const definition = form.boxes.find((d) => d.code === b.code);
      const value = declared.get(b.code) ?? b;
      return {
        code: b.code,
        section: definition?.section ?? "result",
        label: definition?.label ?? { fr: b.code, en: b.code },
        source: definition?.source ?? "total",
        base: value.base,
        tax: value.tax,
        exactBase: b.exactBase,
        exactTax: b.exactTax,
      };
    }),
    warnings: prepared.warnings.map((w) => ({
      code: w.code,
      detail: translate(w.code, locale, {
        count: w.count,
        ...w.params,
        period: period.key,
        first: w.items[0] ?? "",
      }),
      count: w.count,
      items: [...w.items],
      blocking: w.blocking,
    })),
    settlement,
    lineCount: prepared.lineCount,
    corrections: prepared.corrections.map((c) => ({ ...c })),
  };
};

export type VatReturnView = Awaited<ReturnType<typeof returnView>>;

/** A return by its period key; one not validated yet as it would be with `refund` and `corrections`. */
export const findReturn = async (
  ctx: AppContext,
  orgId: string,
  periodKey: string,
  locale: Locale,
  refund?: number,
  reference?: number,
  corrections?: ReturnOptions["corrections"],
): Promise<VatReturnView> => {
  if (corrections?.length && isInstalmentKey(periodKey))
    throw new DomainError("vat.correctionOnInstalment", { field: "corrections", period: periodKey });
  return returnView(
    ctx,
    orgId,
    await prepareReturn(ctx, orgId, periodKey, refund, { reference, corrections, lines: "grouped" }),
    locale,
  );
};

/**
 * The periods of a calendar year of `periodicity`, in order; a yearly one lists the CA12's two
 * instalments of the year (July, December) before its return.
 */
export const periodsOfYear = (year: number, periodicity: VatPeriodicity): VatPeriod[] => {
  if (periodicity === "yearly")
    return [instalmentPeriod(year, 1), instalmentPeriod(year, 2), vatPeriodOf(`${year}-01-01`, "yearly")];
  const out: VatPeriod[] = [];
  let period = vatPeriodOf(`${year}-01-01`, periodicity);
  while (period.start.startsWith(`${year}-`)) {
    out.push(period);
    period = nextVatPeriod(period);
  }
  return out;
};

/**
 * `GET /accounting/vat`: a year's periods with their states and amounts (box 32 to pay, box 27 carried;
 * live for a period to prepare), and one return in full (`period`, or the first to prepare).
 */
export const vatOverview = async (
  ctx: AppContext,
  orgId: string,
  query: { year?: string | undefined; periodicity?: VatPeriodicity | undefined; period?: string | undefined },
  locale: Locale,
) => {
  const today = parisDate(ctx.clock());
  const year = Number(query.year ?? today.slice(0, 4));
  const periodicity = query.periodicity ?? (await findOrganisation(ctx, orgId)).vatPeriodicity;
  const returns = await listReturns(ctx, orgId);
  const paid = await paidReturns(ctx, orgId, returns);
  const summaries = [];
  let firstToPrepare: string | null = null;
  for (const period of periodsOfYear(year, periodicity)) {
    const validated = returns.find((r) => r.period === period.key);
    const prepared =
      !validated && period.start <= today
        ? await prepareReturn(ctx, orgId, period.key, 0, { lines: "grouped" })
        : undefined;
    const status = statusOf(period, validated, paid, today, prepared);
    const results = resultBoxes(formOfPeriod(period).id);
    const box = (boxes: readonly { code: string; tax: number | null }[], code: string | null) =>
      boxes.find((b) => b.code === code)?.tax ?? 0;
    let due: number | null = null;
    let credit: number | null = null;
    let blocking = false;
    if (validated) {
      due = box(validated.boxes, results.due);
      credit = box(validated.boxes, results.credit);
    } else if (prepared) {
      due = box(prepared.computed.boxes, results.due);
      credit = box(prepared.computed.boxes, results.credit);
      blocking = prepared.warnings.some((w) => w.blocking);
      if (status === "toPrepare") firstToPrepare ??= period.key;
    }
    summaries.push({
      period: period.key,
      kind: kindOf(period),
      start: period.start,
      end: period.end,
      status,
      validatedOn: validated?.validated_on ?? null,
      settlementMvt: validated?.settlement_mvt ?? null,
      due,
      credit,
      blocking,
    });
  }
  const chosen =
    query.period ?? firstToPrepare ?? summaries.filter((s) => s.status !== "future").at(-1)?.period;
  return {
    year,
    periodicity,
    periods: summaries,
    current: chosen ? await findReturn(ctx, orgId, chosen, locale) : null,
  };
};

/** `GET /accounting/vat/{period}/boxes/{box}`: the box, and the VAT lines it sums with every box each feeds. */
export const boxLines = async (
  ctx: AppContext,
  orgId: string,
  periodKey: string,
  code: string,
  locale: Locale,
) => {
  const period = parseVatPeriod(periodKey);
  const form = formOfPeriod(period);
  if (!form.boxes.some((b) => b.code === code))
    throw new DomainError("vat.boxUnknown", { field: "box", box: code, form: form.id }, 404);
  const prepared = await prepareReturn(ctx, orgId, period.key);
  const view = await returnView(ctx, orgId, prepared, locale);
  const box = view.boxes.find((b) => b.code === code);
  if (!box) throw new DomainError("vat.boxUnknown", { field: "box", box: code, form: form.id }, 404);
  const items = prepared.lines.flatMap((l) => {
    const boxes = prepared.computed.feeds.get(`${l.mvt}/${l.line}`) ?? [];
    if (!boxes.includes(code)) return [];
    return [
      {
        mvt: l.mvt,
        line: l.line,
        date: l.date,
        journal: l.journal,
        number: l.number,
        pieceRef: l.piece_ref,
        label: l.label,
        origin: { kind: l.origin_kind, id: l.source_id },
        account: l.account,
        direction: l.direction as "collected" | "deductible",
        rate: l.rate,
        kind: l.kind,
        regime: l.regime,
        base: l.base,
        tax: l.tax,
        boxes: [...boxes],
      },
    ];
  });
  return { box, items };
};
