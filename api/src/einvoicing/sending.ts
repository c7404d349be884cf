import { type DocumentState, isLive, type LiveDocument, parisDate, transmissionScope } from "@registre/core";
import { type CommandPort, type Reactor, reactionId, reactionMetadata } from "@registre/projections";
import type { StoredEvent } from "@registre/store";
import type { EInvoicingPlatform, Flow } from "../ports/index.ts";
import { isPlatformError } from "../ports/index.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { type OutgoingFile, sha256Hex } from "./outgoing-file.ts";
import { alreadyTransmitted } from "./transmission-record.ts";

/**
 * The sending reactor (issue 25, point 2): each sales invoice or credit note validated by an
 * organisation connected to an approved platform is submitted exactly once — or recorded « not sent »
 * when out of the reform's scope (B2C, international, a SIREN the directory does not know: e-reporting).
 *
 * Exactly once, though the standard API has no idempotency key: the submission is recorded on the
 * document under a command id derived from the validation's place in the log (`reactionMetadata`), and
 * before submitting the reactor searches the platform's flows for the document's number (the flow's
 * tracking id) — a crash between the submission and its record finds the flow sent and records it, and
 * the platform's own `AlreadyExistingFlow` is read the same way. A platform down or out of reach (a
 * transient `PlatformError`) throws: the runner holds the organisation and tries again with back-off,
 * the backlog following in order. A refusal of the file itself (4xx) is recorded on the document, which
 * then shows it, and the reactor moves on.
 */
export const SENDING_REACTOR = "einvoicing_sending";

export type SendingDependencies = {
  /** Where the facts are recorded: a command `{type, data: {docId, ...}}` on the document's stream. */
  readonly commands: CommandPort;
  /** The organisation's platform; null when it has no connection (then nothing is sent). */
  readonly platformOf: (orgId: string) => Promise<EInvoicingPlatform | null>;
  readonly loadDocument: (orgId: string, docId: string) => Promise<DocumentState>;
  /** The document's file, per its settings (Factur-X or CII), with its SHA-256. */
  readonly fileOf: (orgId: string, doc: LiveDocument) => Promise<OutgoingFile>;
  readonly clock: () => Date;
};

/** The HTTP statuses that refuse the file itself: recorded on the document, not tried again. */
const FILE_REFUSED = new Set([400, 409, 413, 415, 422]);

/**
 * The document's flow already at the platform: an Out invoice flow with its number as tracking id, not
 * one the platform refused as a duplicate (the sync's `duplicate-flow.ts` looks for the original so too).
 */
export const flowSent = async (
  platform: EInvoicingPlatform,
  number: string,
  requestId: string,
): Promise<Flow | null> => {
  const flows = await platform.searchFlows(
    { trackingId: number, flowDirection: ["Out"], flowType: ["CustomerInvoice"] },
    100,
    { requestId },
  );
  const mine = flows.filter((f) => f.trackingId === number && f.flowId);
  // A flow the platform refused as a duplicate is not the one sent.
  const original = mine.find(
    (f) => !f.acknowledgement?.details?.some((d) => d.reasonCode === "AlreadyExistingFlow"),
  );
  return original ?? null;
};

export const sendingReactor = (deps: SendingDependencies): Reactor => {
  // A runner may give one batch to two of its loops at once (its live loop and a drain), and several
  // servers may react together (no lease): within this process, one document's reactions run one after
  // the other, the second reading the first's record and doing nothing. Across servers, the search before
  // submitting and the platform's AlreadyExistingFlow keep a second file from counting.
  const serially = oneAtATime();
  const issue = (e: StoredEvent, at: Date, step: string, type: string, data: Record<string, unknown>) =>
    deps.commands
      .issue({ orgId: e.orgId, type, data, metadata: reactionMetadata(SENDING_REACTOR, e, at, step) })
      .catch((error: unknown) => {
        // Another flow recorded first (two servers at once): the document is sent, nothing more to do.
        if (alreadyTransmitted(error)) return { duplicate: true };
        throw error;
      });

  const react = async (e: StoredEvent, platform: EInvoicingPlatform): Promise<void> => {
    const docId = e.streamId.slice("doc-".length);
    const state = await deps.loadDocument(e.orgId, docId);
    if (!isLive(state) || !state.validation) return;
    const t = state.transmission;
    // Already decided (a reaction given again after its record): nothing to do.
    if (t && (t.submission || t.notSent || t.refusal)) return;
    let scope = transmissionScope(state);
    if (scope.decision === "none") return;
    const at = deps.clock();
    const key = (step: string) => reactionId(SENDING_REACTOR, e, step);
    if (scope.decision === "lookup") {
      const unit = await platform.lookupSiren(scope.siren, { requestId: key("lookup") });
      scope = transmissionScope(state, unit ? "found" : "notFound");
    }
    if (scope.decision === "ereporting") {
      await issue(e, at, "not-sent", "RecordTransmissionNotSent", {
        docId,
        reason: scope.reason,
        at: at.toISOString(),
      });
      return;
    }
    if (scope.decision !== "send") return;
    const number = state.validation.number;
    const file = await deps.fileOf(e.orgId, state);
    const info = {
      trackingId: number,
      name: file.name,
      processingRule: "B2B" as const,
      flowSyntax: file.syntax,
      flowProfile: file.profile,
      sha256: file.sha256,
    };
    let flowId: string;
    let submittedAt: string;
    let sha256 = file.sha256;
    const found = await flowSent(platform, number, key("search"));
    if (found) {
      ({ flowId, submittedAt, sha256 } = await foundFlow(platform, found, key("found"), at));
    } else {
      try {
        const sent = await platform.submitFlow(info, file, { requestId: key("submit") });
        if (!sent.flowId) throw new Error(`the platform answered no flowId for ${number}`);
        flowId = sent.flowId;
        submittedAt = sent.submittedAt ?? at.toISOString();
      } catch (error) {
        if (!isPlatformError(error) || error.transient) throw error;
        if (error.errorCode === "AlreadyExistingFlow") {
          const again = await flowSent(platform, number, key("search-again"));
          if (!again) throw error;
          ({ flowId, submittedAt, sha256 } = await foundFlow(platform, again, key("found"), at));
        } else if (error.status !== null && FILE_REFUSED.has(error.status)) {
          await issue(e, at, "refused", "RecordTransmissionRefused", {
            docId,
            errorCode: error.errorCode,
            errorMessage: error.errorMessage.slice(0, 1000),
            at: at.toISOString(),
          });
          return;
        } else throw error;
      }
    }
    await issue(e, at, "submitted", "RecordTransmissionSubmitted", {
      docId,
      flowId,
      trackingId: number,
      sha256,
      syntax: info.flowSyntax,
      profile: info.flowProfile,
      processingRule: info.processingRule,
      fileName: file.name,
      at: submittedAt,
      on: parisDate(new Date(submittedAt)),
    });
  };

  return {
    name: SENDING_REACTOR,
    handles: ["DocumentValidated"],
    react: async (events) => {
      // One organisation's events: its platform asked once.
      let platform: EInvoicingPlatform | null | undefined;
      for (const e of events) {
        if (!e.streamId.startsWith("doc-")) continue;
        platform ??= await deps.platformOf(e.orgId);
        if (!platform) return;
        const ready = platform;
        await serially(`${e.orgId}/${e.streamId}`, () => react(e, ready));
      }
    },
  };
};

/** A flow found at the platform: its id, when it was taken, and the SHA-256 of the file it holds. */
export const foundFlow = async (platform: EInvoicingPlatform, flow: Flow, requestId: string, at: Date) => {
  const original = await platform.getFlowFile(flow.flowId ?? "", "Original", { requestId });
  return {
    flowId: flow.flowId ?? "",
    submittedAt: flow.submittedAt ?? flow.updatedAt ?? at.toISOString(),
    sha256: sha256Hex(original.bytes),
  };
};
