import {
  type ComputedReturn,
  computeCa3,
  computeCa12,
  computeInstalment,
  defaultCorrectionAccount,
  type FiscalState,
  fiscalDecider,
  fiscalStreamId,
  isInstalmentKey,
  parseVatPeriod,
  previousVatPeriod,
  type ReturnLine,
  resultBoxes,
  toEuros,
  type VatCorrection,
  type VatPeriod,
} from "@registre/core";
import type { VatLineRow, VatReturnRow } from "@registre/projections";
import { setupReadModels } from "../accounting/setup.ts";
import { loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import {
  balanceOf,
  boxOf,
  declaredReturns,
  draftsInPeriod,
  euros,
  listReturns,
  periodGroups,
  periodLines,
  toReturnLine,
  untaggedVatLines,
  type VatWarning,
} from "./reads.ts";

/**
 * A VAT return as the screens and the validation read it (issue 22): the period's VAT lines (those not
 * used by a return, dated up to its end; once validated, those it used), the credit carried into box 22,
 * the computation (`computeCa3`), and what to look at before validating. Pure rules live in
 * `core/src/vat/`; this module reads the read models, caught up to the head.
 */

export const vatReadModels = ["ledger", "vat_lines", "documents"] as const;

/** The read models a return is computed from, caught up to the head (503 rather than a stale return). */
export const catchUpVat = async (ctx: AppContext, orgId: string): Promise<void> => {
  if (!(await ctx.runner.waitFor(await ctx.store.head(), [...vatReadModels, ...setupReadModels], orgId)))
    throw new ProblemError(503, "readModel.behind");
};

/**
 * Box 22 (CA12 line 24): the previous return's credit to carry (CA3 box 27, CA12 line 36; the latest
 * validated return ending before this period); with none, the 445670 debit balance at the period's end,
 * in whole euros.
 */
export const creditCarried = (
  returns: readonly VatReturnRow[],
  period: VatPeriod,
  balance445670: number,
): { euros: number; from: string | null } => {
  const previous = declaredReturns(returns)
    .filter((r) => r.end < period.start)
    .at(-1);
  if (previous)
    return { euros: boxOf(previous, resultBoxes(previous.form).credit ?? "27"), from: previous.period };
  return { euros: Math.max(toEuros(balance445670), 0), from: null };
};

export type PreparedReturn = {
  readonly period: VatPeriod;
  /** The validated return, when there is one: its boxes are the ones declared, never recomputed. */
  readonly validated: VatReturnRow | null;
  /** Every line of the return, unless it was prepared "grouped" (then empty: `lineCount` counts them). */
  readonly lines: readonly VatLineRow[];
  readonly lineCount: number;
  readonly computed: ComputedReturn;
  readonly credit: { readonly euros: number; readonly from: string | null };
  readonly warnings: readonly VatWarning[];
  /** A later period already declared: its return took this one's lines, so this one can no longer be. */
  readonly laterReturn: string | null;
  readonly returnCount: number;
  readonly fiscal: FiscalState;
  /** The corrections of earlier returns it carries: asked, or as declared. */
  readonly corrections: readonly VatCorrection[];
};

/** What a return is prepared with beyond its period: the corrections asked, an instalment's base. */
export type ReturnOptions = {
  readonly corrections?: readonly (Omit<VatCorrection, "account"> & {
    readonly account?: string | undefined;
  })[];
  readonly reference?: number | undefined;
  /**
   * "grouped": the boxes from the lines summed in SQL (`periodGroups`), `lines` left empty — for the
   * screens' summaries; "each" (by default): every line, for a validation and a box's detail.
   */
  readonly lines?: "each" | "grouped";
};

/** Whether `period` comes after the calendar's first year started (a previous period to file). */
const startedBefore = (fiscal: FiscalState, period: VatPeriod): boolean =>
  fiscal.years.some((y) => y.start <= period.start);

/**
 * A period's return: computed live from its lines when not validated (with the refund asked, whole
 * euros), with its warnings; the declared boxes when validated. The read models are caught up first.
 */
export const prepareReturn = async (
  ctx: AppContext,
  orgId: string,
  periodKey: string,
  refund = 0,
  options: ReturnOptions = {},
): Promise<PreparedReturn> => {
  const period = parseVatPeriod(periodKey);
  await catchUpVat(ctx, orgId);
  if (period.instalment) {
    const [returns, fiscal] = await Promise.all([
      listReturns(ctx, orgId),
      loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider),
    ]);
    const validated = returns.find((r) => r.period === period.key) ?? null;
    return prepareInstalment(period, returns, validated, fiscal.state, options.reference);
  }
  const grouped = options.lines === "grouped";
  const readLines = (validated: boolean) =>
    grouped
      ? periodGroups(ctx, orgId, period, validated)
      : periodLines(ctx, orgId, period, validated).then((rows) => ({ rows }));
  // Everything a return to prepare reads, at once: whether the period was validated is known only
  // with the returns, but nearly every call is for a period to prepare; for a validated one the lines
  // are read again (those it used) and the checks are dropped. Four round trips one after the other
  // were most of a call's time.
  const [returns, fiscal, unused, balance445670, drafts, untagged] = await Promise.all([
    listReturns(ctx, orgId),
    loadAggregate(ctx, orgId, fiscalStreamId(orgId), fiscalDecider),
    readLines(false),
    balanceOf(ctx, orgId, "44567", period.end),
    draftsInPeriod(ctx, orgId, period),
    untaggedVatLines(ctx, orgId, period),
  ]);
  const validated = returns.find((r) => r.period === period.key) ?? null;
  const declared = declaredReturns(returns);
  const yearly = period.periodicity === "yearly";
  const read = validated ? await readLines(true) : unused;
  let lines: VatLineRow[] = "rows" in read ? read.rows : [];
  let lineCount = "rows" in read ? read.rows.length : read.count;
  const credit = validated
    ? {
        euros: boxOf(validated, yearly ? "24" : "22"),
        from: declared.filter((r) => r.end < period.start).at(-1)?.period ?? null,
      }
    : creditCarried(returns, period, balance445670);
  const corrections: VatCorrection[] = validated
    ? [...validated.corrections]
    : (options.corrections ?? []).map((c) => ({ ...c, account: c.account ?? defaultCorrectionAccount }));
  const refundAsked = validated ? boxOf(validated, yearly ? "35" : "26") : refund;
  // The CA12 deducts the year's instalments validated (each posted 445810 / 445510).
  const year = period.key.slice(0, 4);
  const instalmentsPaid = validated
    ? boxOf(validated, "30")
    : returns
        .filter((r) => isInstalmentKey(r.period) && r.period.startsWith(`${year}-`))
        .reduce((s, r) => s + boxOf(r, "01"), 0);
  const compute = (returnLines: readonly ReturnLine[]) =>
    yearly
      ? computeCa12(period, returnLines, {
          creditCarried: credit.euros,
          refundAsked,
          instalmentsPaid,
          corrections,
        })
      : computeCa3(period, returnLines, {
          creditCarried: credit.euros,
          refundAsked,
          corrections,
        });
  let computed = compute("rows" in read ? read.rows.map(toReturnLine) : read.groups);
  // Lines no box takes are named in a warning: then (seldom) every line is read after all.
  if (!("rows" in read) && computed.outside.length > 0) {
    lines = await periodLines(ctx, orgId, period, validated !== null);
    lineCount = lines.length;
    computed = compute(lines.map(toReturnLine));
  }
  const laterReturn = validated ? null : (declared.find((r) => r.start > period.end)?.period ?? null);
  const warnings: VatWarning[] = [];
  if (!validated) {
    if (laterReturn)
      warnings.push({
        code: "vat.laterPeriodValidated",
        count: 1,
        items: [laterReturn],
        blocking: true,
        params: { later: laterReturn },
      });
    if (drafts.length > 0)
      warnings.push({
        code: "vat.draftsInPeriod",
        count: drafts.length,
        items: drafts.slice(0, 50),
        blocking: true,
      });
    corrections.forEach((c, index) => {
      const corrected = declared.find((r) => r.period === c.period);
      if (!corrected || corrected.end >= period.start)
        warnings.push({
          code: "vat.correctionNotEarlier",
          count: 1,
          items: [c.period],
          blocking: true,
          params: { field: `corrections.${index}.period`, corrected: c.period },
        });
    });
    for (const problem of computed.problems)
      warnings.push({ code: problem.code, count: 1, items: [], blocking: true, params: problem.params });
    if (computed.outside.length > 0)
      warnings.push({
        code: "vat.linesOutsideBoxes",
        count: computed.outside.length,
        items: computed.outside.slice(0, 50).map((l) => {
          const row = lines.find((r) => r.mvt === l.mvt && r.line === l.line);
          return `${row?.date ?? ""} ${row?.number ?? ""} ${l.account} ${row?.label ?? ""} ${euros(l.tax)}`;
        }),
        blocking: false,
      });
    if (untagged.length > 0)
      warnings.push({
        code: "vat.untaggedVatLines",
        count: untagged.length,
        items: untagged.slice(0, 50),
        blocking: false,
      });
    if (credit.from === null && balance445670 % 100 !== 0)
      warnings.push({
        code: "vat.creditWithCents",
        count: 1,
        items: [euros(balance445670)],
        blocking: false,
        params: { balance: euros(balance445670) },
      });
    const previous = previousVatPeriod(period);
    if (startedBefore(fiscal.state, previous) && !declared.some((r) => r.period === previous.key))
      warnings.push({
        code: "vat.previousNotValidated",
        count: 1,
        items: [previous.key],
        blocking: false,
        params: { previous: previous.key },
      });
  }
  return {
    period,
    validated,
    lines,
    lineCount,
    computed,
    credit,
    warnings,
    laterReturn,
    returnCount: returns.length,
    fiscal: fiscal.state,
    corrections,
  };
};

/**
 * A CA12's instalment: its base is last year's CA12 line 57 when that return is in Registre, else the
 * base given (`reference`); refused below the threshold, and once the year's CA12 is validated.
 */
const prepareInstalment = (
  period: VatPeriod,
  returns: readonly VatReturnRow[],
  validated: VatReturnRow | null,
  fiscal: FiscalState,
  given: number | undefined,
): PreparedReturn => {
  const year = Number(period.key.slice(0, 4));
  const lastYear = returns.find((r) => r.period === String(year - 1));
  const known = lastYear ? boxOf(lastYear, "57") : null;
  const reference = validated
    ? (validated.boxes.find((b) => b.code === "01")?.base ?? 0)
    : (known ?? given ?? null);
  const computed = computeInstalment(period, reference);
  const warnings: VatWarning[] = [];
  if (!validated) {
    const ca12 = returns.find((r) => r.period === String(year));
    if (ca12)
      warnings.push({
        code: "vat.instalmentAfterReturn",
        count: 1,
        items: [ca12.period],
        blocking: true,
        params: { field: "period", year: ca12.period },
      });
    if (known !== null && given !== undefined && given !== known)
      warnings.push({
        code: "vat.instalmentReferenceKnown",
        count: 1,
        items: [String(known)],
        blocking: true,
        params: { field: "reference", reference: known, last: String(year - 1) },
      });
    for (const problem of computed.problems)
      warnings.push({ code: problem.code, count: 1, items: [], blocking: true, params: problem.params });
  }
  return {
    period,
    validated,
    lines: [],
    lineCount: 0,
    computed,
    credit: { euros: 0, from: null },
    warnings,
    laterReturn: null,
    returnCount: returns.length,
    fiscal,
    corrections: [],
  };
};
