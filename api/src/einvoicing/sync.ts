import {
  DomainError,
  readCdar,
  syncCheckpointDecider,
  syncCheckpointStreamId,
  type TransmissionCommand,
} from "@registre/core";
import { type ScheduledJob, withJobLock } from "@registre/projections";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import type { EInvoicingPlatform, Flow } from "../ports/index.ts";
import { isPlatformError } from "../ports/index.ts";
import { connectedOrganisations, loadConnection } from "./connection.ts";
import { acknowledgementDetails, duplicateRefused, replaceDuplicateFlow } from "./duplicate-flow.ts";
import { ereportingFlowRef, recordEReportingAnswer } from "./ereporting.ts";
import { importReceivedFlow } from "./receive.ts";
import { recordTransmission, salesDocumentByNumber } from "./transmission-record.ts";

/**
 * The sync with the organisation's platform (issue 25): the flows updated since the organisation's
 * checkpoint (`updatedAfter`, stream `einvoicing-sync-<org>`), page by page in `updatedAt` order, each
 * dispatched — an Out invoice flow's acknowledgement recorded on the document it carries (found by its
 * number, the flow's tracking id), an In lifecycle message (CDAR) about one of the organisation's
 * invoices recorded as the invoice's status, an In supplier invoice imported as a draft purchase invoice
 * (`receive.ts`) — and the checkpoint moved past it. Every recording is idempotent (its command id
 * derives from the flow and its `updatedAt`), so a sync run twice, or by two servers, records nothing
 * twice. Run by the schedule every minute (`einvoicing-sync`) and at once by the platform's webhook.
 */
export const EINVOICING_SYNC_JOB = "einvoicing-sync";

/** The flows asked per page (the standard's most). */
const PAGE = 100;
/** At most this many pages per organisation and run: a long backlog goes on at the next run. */
const MAX_PAGES = 20;
/**
 * A flow about a document whose submission is not recorded yet (the reactor submitted it a moment ago
 * and is recording it) is waited for this long: the checkpoint stays before it and the next run reads
 * it again. Older, it is about no document of Registre's and is passed.
 */
const WAIT_FOR_SUBMISSION_MS = 10 * 60_000;

export type SyncOutcome = {
  readonly flows: number;
  readonly acknowledgements: number;
  readonly statuses: number;
  readonly received: number;
  /** Whether it stopped before the end (a flow waited for, the pages' limit): more next time. */
  readonly partial: boolean;
};

type Dispatched = "acknowledgement" | "status" | "received" | "passed" | "later";

const recent = (ctx: AppContext, flow: Flow): boolean =>
  ctx.clock().getTime() - Date.parse(flow.updatedAt ?? flow.submittedAt ?? "") < WAIT_FOR_SUBMISSION_MS;

/** Records a fact about the document numbered `number`; `later` while its submission is not recorded yet. */
const recordOn = async (
  ctx: AppContext,
  orgId: string,
  flow: Flow,
  number: string,
  command: TransmissionCommand,
  step: string,
): Promise<"done" | "later" | "passed"> => {
  const docId = await salesDocumentByNumber(ctx, orgId, number);
  if (!docId) return recent(ctx, flow) ? "later" : "passed";
  try {
    await recordTransmission(
      ctx,
      orgId,
      { ...command, docId },
      {
        commandId: derivedId(`einvoicing-sync:${orgId}:${flow.flowId}:${flow.updatedAt ?? ""}`, step),
        at: ctx.clock().toISOString(),
      },
    );
    return "done";
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "transmission.notSubmitted") return recent(ctx, flow) ? "later" : "passed";
    // Another flow of the same number (a duplicate the platform refused), a status off the list…
    return "passed";
  }
};

const dispatch = async (
  ctx: AppContext,
  orgId: string,
  platform: EInvoicingPlatform,
  flow: Flow,
): Promise<Dispatched> => {
  const flowId = flow.flowId;
  if (!flowId) return "passed";
  // An e-reporting flow's answer, onto the organisation's e-reporting stream (the e-reporting job asks
  // for the answers still missing too: one recorded before its flow is passed here).
  if (flow.flowDirection === "Out" && flow.flowSyntax === "FRR") {
    const ref = ereportingFlowRef(flow.trackingId);
    if (ref) await recordEReportingAnswer(ctx, orgId, ref.periodId, ref.part, flow);
    return "passed";
  }
  if (flow.flowDirection === "Out" && flow.flowType === "CustomerInvoice") {
    const ack = flow.acknowledgement;
    if (!ack || ack.status === "Pending" || !flow.trackingId) return "passed";
    // The platform's duplicate of a flow already sent: « already sent », not an error of the invoice —
    // and when the document recorded it, the original carries the transmission from now on.
    if (duplicateRefused(flow)) {
      const done = await replaceDuplicateFlow(
        ctx,
        orgId,
        platform,
        { ...flow, flowId, trackingId: flow.trackingId },
        recent(ctx, flow),
      );
      return done === "replaced" ? "acknowledgement" : done;
    }
    const done = await recordOn(
      ctx,
      orgId,
      flow,
      flow.trackingId,
      {
        type: "RecordTransmissionAcknowledgement",
        data: {
          flowId,
          status: ack.status,
          details: acknowledgementDetails(ack.details ?? []),
          at: flow.updatedAt ?? ctx.clock().toISOString(),
        },
      },
      "acknowledgement",
    );
    return done === "done" ? "acknowledgement" : done;
  }
  if (flow.flowDirection === "In" && flow.flowType === "CustomerInvoiceLC") {
    let file: Awaited<ReturnType<EInvoicingPlatform["getFlowFile"]>>;
    try {
      file = await platform.getFlowFile(flowId, "Original");
    } catch (error) {
      // A message the platform will never hand over (gone, refused) is passed; out of reach, tried again.
      if (isPlatformError(error) && !error.transient) return "passed";
      throw error;
    }
    let status: ReturnType<typeof readCdar>;
    try {
      status = readCdar(new TextDecoder().decode(file.bytes));
    } catch (error) {
      // A message we cannot read is passed (never a failure of the whole sync).
      if (error instanceof DomainError) return "passed";
      throw error;
    }
    const done = await recordOn(
      ctx,
      orgId,
      flow,
      status.invoiceNumber,
      {
        type: "RecordLifecycleStatus",
        data: {
          flowId,
          code: status.statusCode,
          date: status.issuedAt ?? flow.updatedAt ?? ctx.clock().toISOString(),
          reasonCode: status.reason?.code?.slice(0, 100) ?? null,
          reason: status.reason?.text?.slice(0, 1000) ?? null,
        },
      },
      "status",
    );
    return done === "done" ? "status" : done;
  }
  if (flow.flowDirection === "In" && flow.flowType === "SupplierInvoice") {
    await importReceivedFlow(ctx, orgId, { ...flow, flowId }, platform);
    return "received";
  }
  return "passed";
};

const moveCheckpoint = (ctx: AppContext, orgId: string, updatedAfter: string, flows: number) =>
  handleCommand(ctx, {
    orgId,
    streamId: syncCheckpointStreamId(orgId),
    decider: syncCheckpointDecider,
    commands: [{ type: "MoveEInvoicingSyncCheckpoint", data: { updatedAfter, flows } }],
    metadata: {
      commandId: derivedId(`einvoicing-sync:${orgId}`, updatedAfter),
      at: ctx.clock().toISOString(),
    },
    readModels: [],
  });

/** One organisation's sync, now: nothing when it has no connection. */
export const syncOrganisation = async (ctx: AppContext, orgId: string): Promise<SyncOutcome> => {
  const counts = { flows: 0, acknowledgements: 0, statuses: 0, received: 0, partial: false };
  const connection = await loadConnection(ctx, orgId);
  if (!connection) return counts;
  const platform = ctx.einvoicing.connect(connection);
  const { state } = await loadAggregate(ctx, orgId, syncCheckpointStreamId(orgId), syncCheckpointDecider);
  let after = state.updatedAfter ?? "1970-01-01T00:00:00.000Z";
  for (let page = 0; page < MAX_PAGES; page++) {
    const flows = await platform.searchFlows({ updatedAfter: after }, PAGE);
    let moved = 0;
    for (const flow of flows) {
      const outcome = await dispatch(ctx, orgId, platform, flow);
      if (outcome === "later") {
        counts.partial = true;
        break;
      }
      counts.flows++;
      if (outcome === "acknowledgement") counts.acknowledgements++;
      else if (outcome === "status") counts.statuses++;
      else if (outcome === "received") counts.received++;
      if (flow.updatedAt && Date.parse(flow.updatedAt) > Date.parse(after)) after = flow.updatedAt;
      moved++;
    }
    if (moved > 0) await moveCheckpoint(ctx, orgId, after, moved);
    if (counts.partial || flows.length < PAGE) return counts;
  }
  return { ...counts, partial: true };
};

/**
 * The sync of every connected organisation: one failing (its platform down, a transient error) is told
 * in the summary and retried at the next run, the others go on.
 */
export const syncAll = async (ctx: AppContext) => {
  const orgs = await connectedOrganisations(ctx);
  const failed: string[] = [];
  let flows = 0;
  for (const orgId of orgs) {
    try {
      flows += (await syncOrganisationNow(ctx, orgId))?.flows ?? 0;
    } catch (error) {
      if (!isPlatformError(error) && !(error instanceof ProblemError)) throw error;
      failed.push(orgId);
    }
  }
  return { organisations: orgs.length, flows, failed };
};

/**
 * One organisation's sync under its own lock (`einvoicing-sync:<org>`, whichever servers share the
 * database): null when a run holds it — the schedule's or a webhook's; the next one reads what it missed.
 */
export const syncOrganisationNow = (ctx: AppContext, orgId: string) =>
  withJobLock(ctx.database, `${EINVOICING_SYNC_JOB}:${orgId}`, () => syncOrganisation(ctx, orgId));

/** The sync on the schedule: every minute. */
export const einvoicingSyncJob = (ctx: AppContext): ScheduledJob => ({
  name: EINVOICING_SYNC_JOB,
  firstRunInMs: 60_000,
  retryInMs: 60_000,
  next: (startedAt) => new Date(startedAt.getTime() + 60_000),
  run: async () => {
    const run = await syncAll(ctx);
    return `${run.flows} flows (${run.organisations} organisations${
      run.failed.length > 0 ? `, ${run.failed.length} to try again` : ""
    })`;
  },
});
