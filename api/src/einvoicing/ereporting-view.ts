import type { z } from "@hono/zod-openapi";
import {
  type EReportingPeriod,
  type EReportingState,
  ereportingParts,
  ereportingPeriodState,
  ereportingPeriodsUpTo,
  ereportingTiming,
  parisDate,
  vatPeriodicityOf,
} from "@registre/core";
import type { AppContext } from "../context.ts";
import type { EReportingCalendar, EReportingPeriodView } from "../schemas/einvoicing-ereporting.ts";
import { loadConnection } from "./connection.ts";
import { loadEReportingOrganisation, loadEReportingState, processingRuleOf } from "./ereporting.ts";

type PeriodView = z.infer<typeof EReportingPeriodView>;

/** A period as the calendar shows it: its window, each part sent with the platform's answer, its status. */
export const periodView = (period: EReportingPeriod, state: EReportingState, today: string): PeriodView => {
  const recorded = ereportingPeriodState(state, period.id);
  const parts = ereportingParts.flatMap((part) => {
    const p = recorded.parts[part];
    if (!p) return [];
    return [
      {
        part,
        processingRule: processingRuleOf(part) as "B2C" | "B2BInt",
        sent: p.sent && {
          flowId: p.sent.flowId,
          trackingId: p.sent.trackingId,
          lines: p.sent.lines,
          at: p.sent.at,
        },
        acknowledgement: p.acknowledgement && {
          status: p.acknowledgement.status,
          details: [...p.acknowledgement.details],
          at: p.acknowledgement.at,
        },
        refusal: p.sent ? null : p.refusal,
      },
    ];
  });
  const sent = parts.filter((p) => p.sent);
  const status: PeriodView["status"] = parts.some((p) => p.refusal)
    ? "refused"
    : sent.some((p) => p.acknowledgement?.status === "Error")
      ? "rejected"
      : sent.length > 0 && sent.every((p) => p.acknowledgement?.status === "Ok")
        ? "acknowledged"
        : sent.length > 0
          ? "sent"
          : recorded.nothingToReport
            ? "nothingToReport"
            : ereportingTiming(period, today);
  return { ...period, status, nothingToReportAt: recorded.nothingToReport, parts };
};

/** The calendar: the periods starting in the last `months` months, newest first. */
export const ereportingCalendar = async (
  ctx: AppContext,
  orgId: string,
  months: number,
): Promise<z.infer<typeof EReportingCalendar>> => {
  const org = await loadEReportingOrganisation(ctx, orgId);
  const today = parisDate(ctx.clock());
  const [state, connection] = await Promise.all([
    loadEReportingState(ctx, orgId),
    loadConnection(ctx, orgId),
  ]);
  return {
    vatRegime: org.vatRegime,
    vatPeriodicity: vatPeriodicityOf(org),
    connected: connection !== null,
    today,
    periods: ereportingPeriodsUpTo(org, today, months)
      .reverse()
      .map((p) => periodView(p, state, today)),
  };
};
