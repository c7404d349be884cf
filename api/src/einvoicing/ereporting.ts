import {
  type CommandMetadata,
  DomainError,
  type EReportingCommand,
  type EReportingFlowReport,
  type EReportingPart,
  type EReportingPeriod,
  type EReportingRegime,
  type EReportingState,
  ereportingDecider,
  ereportingPartState,
  ereportingPeriodsUpTo,
  ereportingReports,
  ereportingStreamId,
  ereportingXml,
  isLive,
  type LiveDocument,
  parisDate,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { catchUp, handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem-error.ts";
import { derivedId } from "../ids.ts";
import type { EInvoicingPlatform, Flow, ProcessingRule } from "../ports/index.ts";
import { isPlatformError } from "../ports/index.ts";
import { sha256Hex } from "./outgoing-file.ts";

/**
 * E-reporting (issue 25, point 5): each period of the organisation's calendar (`ereporting-periods.ts`
 * in the core) sent to its platform as one flow per part — B2C (`processingRule` B2C) and
 * international (B2BInt) — of syntax FRR, its file written by the core (`ereportingXml`), and recorded
 * on the organisation's stream `ereporting-<org>` with the platform's answer.
 *
 * Nothing sent twice, though the standard has no idempotency key: the flow's tracking id is the
 * period's and the part's (`ER-<period>-<B2C|B2BInt>`), the platform is searched for it before
 * submitting (a crash between the submission and its record finds the flow and records it), and every
 * record's command id derives from the organisation, the period and the part. The job and « send now »
 * run under one lock per organisation (`ereporting:<org>`).
 */

/** The tracking id of a period's part: the same whoever sends it, whenever. */
export const ereportingTrackingId = (periodId: string, part: EReportingPart): string =>
  `ER-${periodId}-${part === "b2c" ? "B2C" : "B2BInt"}`;

export const processingRuleOf = (part: EReportingPart): ProcessingRule => (part === "b2c" ? "B2C" : "B2BInt");

const commandId = (orgId: string, periodId: string, step: string) =>
  derivedId(`ereporting\u0000${orgId}\u0000${periodId}`, step);

/** The organisation's settings e-reporting needs: its regime, the débits option, its SIREN and name. */
export type EReportingOrganisation = EReportingRegime & {
  readonly orgId: string;
  readonly siren: string;
  readonly name: string;
  readonly vatOnDebits: boolean;
};

export const loadEReportingOrganisation = async (
  ctx: AppContext,
  orgId: string,
): Promise<EReportingOrganisation> => {
  const row = await readModels(ctx.database)
    .selectFrom("organisations")
    .select(["name", "siren", "vat_regime", "vat_periodicity", "vat_on_debits"])
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "organisation.notFound");
  return {
    orgId,
    name: row.name,
    siren: row.siren,
    vatRegime: row.vat_regime,
    vatPeriodicity: row.vat_periodicity ?? undefined,
    vatOnDebits: row.vat_on_debits,
  };
};

export const loadEReportingState = async (ctx: AppContext, orgId: string): Promise<EReportingState> =>
  (await loadAggregate(ctx, orgId, ereportingStreamId(orgId), ereportingDecider)).state;

const record = (ctx: AppContext, orgId: string, command: EReportingCommand, metadata: CommandMetadata) =>
  handleCommand(ctx, {
    orgId,
    streamId: ereportingStreamId(orgId),
    decider: ereportingDecider,
    commands: [command],
    metadata,
    readModels: [],
  });

/**
 * The validated documents a period may report: for transactions, the invoices and credit notes (sales
 * and purchases) issued in it; for payments, the sales invoices and credit notes paid something, issued
 * up to its end. From the documents read model caught up to now (503 `readModel.behind` otherwise).
 */
const documentsFor = async (
  ctx: AppContext,
  orgId: string,
  period: EReportingPeriod,
): Promise<LiveDocument[]> => {
  await catchUp(ctx, orgId, ["documents"]);
  let query = readModels(ctx.database)
    .selectFrom("documents")
    .select("state")
    .where("org_id", "=", orgId)
    .where("kind", "in", ["invoice", "creditNote"])
    .where("status", "!=", "draft")
    .where("issue_date", "<=", period.end);
  query =
    period.kind === "transactions"
      ? query.where("issue_date", ">=", period.start)
      : query.where("direction", "=", "sales").where("paid", "!=", 0);
  const rows = await query.orderBy("position").execute();
  return rows.map((r) => r.state).filter((s): s is LiveDocument => isLive(s));
};

/** The flow of this tracking id already at the platform (not a duplicate it refused), if any. */
const flowAtPlatform = async (platform: EInvoicingPlatform, trackingId: string): Promise<Flow | null> => {
  const flows = await platform.searchFlows({ trackingId, flowDirection: ["Out"] }, 100);
  return (
    flows.find(
      (f) =>
        f.trackingId === trackingId &&
        f.flowId &&
        !f.acknowledgement?.details?.some((d) => d.reasonCode === "AlreadyExistingFlow"),
    ) ?? null
  );
};

/** The HTTP statuses that refuse the file itself: recorded, not tried again by the job. */
const FILE_REFUSED = new Set([400, 409, 413, 415, 422]);

const linesOf = (report: EReportingFlowReport): number => {
  const c = report.content;
  return c.type === "internationalTransactions"
    ? c.transactions.length
    : c.type === "internationalPayments"
      ? c.payments.length
      : c.days.length;
};

/** Sends one part of a period unless it is recorded sent; records what happened. */
const sendPart = async (
  ctx: AppContext,
  org: EReportingOrganisation,
  platform: EInvoicingPlatform,
  report: EReportingFlowReport,
): Promise<void> => {
  const { orgId } = org;
  const periodId = report.period.id;
  const { part } = report;
  const trackingId = ereportingTrackingId(periodId, part);
  const now = ctx.clock().toISOString();
  const sent = (flowId: string, sha256: string, at: string) =>
    record(
      ctx,
      orgId,
      {
        type: "RecordEReportingSent",
        data: { periodId, part, flowId, trackingId, sha256, lines: linesOf(report), at },
      },
      { commandId: commandId(orgId, periodId, `sent:${part}`), at: now },
    );
  const foundSent = async (flow: Flow) => {
    const original = await platform.getFlowFile(flow.flowId ?? "", "Original");
    await sent(flow.flowId ?? "", sha256Hex(original.bytes), flow.submittedAt ?? flow.updatedAt ?? now);
  };
  const found = await flowAtPlatform(platform, trackingId);
  if (found) return foundSent(found);
  const bytes = new TextEncoder().encode(
    ereportingXml({ id: trackingId, issuedAt: now, sender: { siren: org.siren, name: org.name }, report }),
  );
  const sha256 = sha256Hex(bytes);
  try {
    const answer = await platform.submitFlow(
      {
        trackingId,
        name: `${trackingId}.xml`,
        processingRule: processingRuleOf(part),
        flowSyntax: "FRR",
        sha256,
      },
      { bytes, name: `${trackingId}.xml`, contentType: "application/xml" },
    );
    if (!answer.flowId) throw new Error(`the platform answered no flowId for ${trackingId}`);
    await sent(answer.flowId, sha256, answer.submittedAt ?? now);
  } catch (error) {
    if (!isPlatformError(error) || error.transient) throw error;
    if (error.errorCode === "AlreadyExistingFlow") {
      const again = await flowAtPlatform(platform, trackingId);
      if (!again) throw error;
      return foundSent(again);
    }
    if (error.status === null || !FILE_REFUSED.has(error.status)) throw error;
    await record(
      ctx,
      orgId,
      {
        type: "RecordEReportingRefused",
        data: {
          periodId,
          part,
          errorCode: error.errorCode.slice(0, 100),
          errorMessage: error.errorMessage.slice(0, 1000),
          at: now,
        },
      },
      { commandId: commandId(orgId, periodId, `refused:${part}:${now}`), at: now },
    );
  }
};

/**
 * Sends a period now: each part with something to report and not sent yet; a period with nothing to
 * report is recorded so. `manual` (« send now ») refuses a period not over (409
 * `ereporting.periodNotOver`); a refused part is sent again. The caller holds the organisation's lock.
 */
export const sendPeriod = async (
  ctx: AppContext,
  org: EReportingOrganisation,
  platform: EInvoicingPlatform,
  period: EReportingPeriod,
  manual: boolean,
): Promise<number> => {
  const today = parisDate(ctx.clock());
  if (manual && today <= period.end)
    throw new DomainError("ereporting.periodNotOver", { field: "period", end: period.end }, 409);
  const reports = ereportingReports(period, await documentsFor(ctx, org.orgId, period), org);
  if (reports.length === 0) {
    const now = ctx.clock().toISOString();
    await record(
      ctx,
      org.orgId,
      { type: "RecordEReportingNothingToReport", data: { periodId: period.id, at: now } },
      { commandId: commandId(org.orgId, period.id, `nothing:${today}`), at: now },
    );
    return 0;
  }
  const state = await loadEReportingState(ctx, org.orgId);
  let sent = 0;
  for (const report of reports) {
    const part = ereportingPartState(state, { periodId: period.id, part: report.part });
    if (part.sent || (part.refusal && !manual)) continue;
    await sendPart(ctx, org, platform, report);
    sent++;
  }
  return sent;
};

/** Records the platform's answer about a flow of e-reporting, once it is no longer Pending. */
export const recordEReportingAnswer = async (
  ctx: AppContext,
  orgId: string,
  periodId: string,
  part: EReportingPart,
  flow: Flow,
): Promise<boolean> => {
  const ack = flow.acknowledgement;
  if (!flow.flowId || !ack || ack.status === "Pending") return false;
  try {
    await record(
      ctx,
      orgId,
      {
        type: "RecordEReportingAcknowledged",
        data: {
          periodId,
          part,
          flowId: flow.flowId,
          status: ack.status,
          details: (ack.details ?? []).map((d) => ({
            level: d.level,
            item: d.item.slice(0, 500),
            reasonCode: String(d.reasonCode).slice(0, 100),
            reasonMessage: d.reasonMessage.slice(0, 1000),
          })),
          at: flow.updatedAt ?? ctx.clock().toISOString(),
        },
      },
      { commandId: commandId(orgId, periodId, `ack:${part}:${flow.flowId}`), at: ctx.clock().toISOString() },
    );
    return true;
  } catch (error) {
    // A flow that is not the one recorded (a duplicate), or not recorded yet: the next run sees it.
    if (error instanceof DomainError && error.code === "ereporting.notSent") return false;
    throw error;
  }
};

/** The period and part a tracking id of e-reporting names; null when it is not one. */
export const ereportingFlowRef = (
  trackingId: string | undefined,
): { periodId: string; part: EReportingPart } | null => {
  const m = /^ER-(.+)-(B2C|B2BInt)$/.exec(trackingId ?? "");
  return m?.[1] ? { periodId: m[1], part: m[2] === "B2C" ? "b2c" : "international" } : null;
};

/** How many months back the job looks for a period left unsent (a server down, a connection made late). */
export const EREPORTING_LOOKBACK_MONTHS = 3;

/**
 * One organisation's e-reporting, now: every period of the last months whose window has opened and that
 * nothing is recorded about is sent (or recorded with nothing to report); every flow sent without the
 * platform's answer is asked about it.
 */
export const runEReporting = async (
  ctx: AppContext,
  orgId: string,
  platform: EInvoicingPlatform,
): Promise<{ sent: number; answers: number }> => {
  const org = await loadEReportingOrganisation(ctx, orgId);
  const today = parisDate(ctx.clock());
  let state = await loadEReportingState(ctx, orgId);
  let sent = 0;
  for (const period of ereportingPeriodsUpTo(org, today, EREPORTING_LOOKBACK_MONTHS)) {
    if (period.dueFrom > today || state.periods[period.id]) continue;
    sent += await sendPeriod(ctx, org, platform, period, false);
  }
  state = await loadEReportingState(ctx, orgId);
  let answers = 0;
  for (const [periodId, period] of Object.entries(state.periods))
    for (const [part, p] of Object.entries(period.parts)) {
      if (!p?.sent || p.acknowledgement) continue;
      const flow = await platform.getFlow(p.sent.flowId);
      if (await recordEReportingAnswer(ctx, orgId, periodId, part as EReportingPart, flow)) answers++;
    }
  return { sent, answers };
};
