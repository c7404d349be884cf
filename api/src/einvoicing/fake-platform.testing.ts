import { createHash } from "node:crypto";
import { buildCdar, type CdarStatusCode } from "@registre/core";
import {
  type EInvoicingPlatform,
  type EInvoicingPlatforms,
  type Flow,
  type FlowFile,
  type FlowInfo,
  PlatformError,
  type SearchFlowFilters,
} from "../ports/index.ts";

/**
 * A platform in memory for the API's tests, implementing the port as the standard describes it:
 * flows stored per account (a connection's `clientId`), acknowledgements Pending until `settle()`
 * (then Ok, or Error with the reason `faults.ackError` names, or AlreadyExistingFlow for a second flow
 * of one tracking id), the directory's SIRENs, and faults: `down` answers every call as a platform out
 * of reach (a transient `PlatformError`). It records every submission, so a test can say a file was
 * sent once. Not the local platform (`local-platform/`, a real HTTP server): the port's double.
 */
type Stored = { flow: Flow; file: FlowFile; account: string };

export const fakePlatform = (options: { now?: () => Date } = {}) => {
  let tick = 0;
  // Strictly increasing instants, so that paging by updatedAt never meets two flows at one instant.
  const stamp = () => new Date((options.now?.() ?? new Date()).getTime() + tick++).toISOString();
  const flows: Stored[] = [];
  const directory = new Set<string>();
  const faults = { down: false, ackError: null as string | null };
  const submissions: { account: string; trackingId: string; sha256: string }[] = [];
  let ids = 0;

  const down = (operation: string) => {
    if (faults.down)
      throw new PlatformError({
        status: 503,
        errorCode: "UNAVAILABLE",
        errorMessage: "the platform is down",
        transient: true,
        operation,
      });
  };

  const add = (account: string, flow: Omit<Flow, "flowId" | "submittedAt" | "updatedAt">, file: FlowFile) => {
    const at = stamp();
    const stored: Stored = {
      account,
      file,
      flow: { ...flow, flowId: `flow-${++ids}`, submittedAt: at, updatedAt: at },
    };
    flows.push(stored);
    return stored.flow;
  };

  const matches = (f: Flow, where: SearchFlowFilters): boolean =>
    (!where.updatedAfter || Date.parse(f.updatedAt ?? "") > Date.parse(where.updatedAfter)) &&
    (!where.trackingId || f.trackingId === where.trackingId) &&
    (!where.flowDirection || where.flowDirection.includes(f.flowDirection ?? "Out")) &&
    (!where.flowType || where.flowType.includes(f.flowType ?? "CustomerInvoice")) &&
    (!where.ackStatus || f.acknowledgement?.status === where.ackStatus);

  /** The account's flow `flowId`, or the platform's 404. */
  const stored = (account: string, flowId: string, operation: string): Stored => {
    down(operation);
    const found = flows.find((s) => s.account === account && s.flow.flowId === flowId);
    if (!found)
      throw new PlatformError({
        status: 404,
        errorCode: "NOT_FOUND",
        errorMessage: "no such flow",
        transient: false,
        operation,
      });
    return found;
  };

  const client = (account: string): EInvoicingPlatform => ({
    healthcheck: async () => down("healthcheck"),
    submitFlow: async (info: FlowInfo, file: FlowFile) => {
      down("submitFlow");
      const sha256 = createHash("sha256").update(file.bytes).digest("hex");
      if (info.sha256 && info.sha256 !== sha256)
        throw new PlatformError({
          status: 400,
          errorCode: "ChecksumMismatch",
          errorMessage: "sha256 differs",
          transient: false,
          operation: "submitFlow",
        });
      submissions.push({ account, trackingId: info.trackingId ?? "", sha256 });
      const flow = add(
        account,
        {
          trackingId: info.trackingId,
          flowType: "CustomerInvoice",
          flowDirection: "Out",
          flowSyntax: info.flowSyntax,
          flowProfile: info.flowProfile,
          processingRule: info.processingRule,
          acknowledgement: { status: "Pending" },
        },
        file,
      );
      return { ...info, flowId: flow.flowId, submittedAt: flow.submittedAt };
    },
    searchFlows: async (where, limit = 25) => {
      down("searchFlows");
      return flows
        .filter((s) => s.account === account && matches(s.flow, where))
        .map((s) => s.flow)
        .sort((a, b) => Date.parse(a.updatedAt ?? "") - Date.parse(b.updatedAt ?? ""))
        .slice(0, limit);
    },
    getFlow: async (flowId) => stored(account, flowId, "getFlow").flow,
    getFlowFile: async (flowId) => {
      const found = stored(account, flowId, "getFlowFile");
      return { bytes: found.file.bytes, contentType: found.file.contentType, name: found.file.name };
    },
    lookupSiren: async (siren) => {
      down("lookupSiren");
      return directory.has(siren) ? ({ siren } as never) : null;
    },
    lookupSiret: async () => {
      down("lookupSiret");
      return null;
    },
    directoryLines: async (siren) => {
      down("directoryLines");
      return directory.has(siren) ? [{ siren } as never] : [];
    },
  });

  const platforms: EInvoicingPlatforms = { connect: (connection) => client(connection.clientId) };

  return {
    platforms,
    directory,
    faults,
    submissions,
    flows: () => flows.map((s) => ({ account: s.account, ...s.flow })),
    /** Every Pending acknowledgement becomes Ok — or Error: a duplicate tracking id, or `faults.ackError`. */
    settle: () => {
      for (const s of flows) {
        if (s.flow.acknowledgement?.status !== "Pending") continue;
        const earlier = flows.find(
          (o) =>
            o !== s &&
            o.account === s.account &&
            o.flow.trackingId === s.flow.trackingId &&
            o.flow.flowDirection === "Out" &&
            Date.parse(o.flow.submittedAt ?? "") < Date.parse(s.flow.submittedAt ?? ""),
        );
        const reason = earlier ? "AlreadyExistingFlow" : faults.ackError;
        s.flow = {
          ...s.flow,
          updatedAt: stamp(),
          acknowledgement: reason
            ? {
                status: "Error",
                details: [
                  { level: "Error", item: "file", reasonCode: reason, reasonMessage: `refused: ${reason}` },
                ],
              }
            : { status: "Ok" },
        };
      }
    },
    /** A lifecycle message about `number` to the seller's account, as the platform forwards it (In CustomerInvoiceLC). */
    sendStatus: (
      account: string,
      number: string,
      status: CdarStatusCode,
      reason?: { code: string; text: string },
    ) => {
      const at = new Date((options.now?.() ?? new Date()).getTime());
      const xml = buildCdar({
        status,
        issuedAt: at.toISOString(),
        invoice: {
          number,
          issueDate: at.toISOString().slice(0, 10),
          typeCode: "380",
          receivedAt: at.toISOString(),
        },
        seller: { siren: "123456782", name: "Vendeur" },
        buyer: { siren: "732829320", name: "Acheteur" },
        from: status === 200 || status === 213 ? "seller" : "buyer",
        reason: reason ?? null,
      });
      return add(
        account,
        {
          trackingId: `${number}-${status}`,
          flowType: "CustomerInvoiceLC",
          flowDirection: "In",
          flowSyntax: "CDAR",
          acknowledgement: { status: "Ok" },
        },
        {
          bytes: new TextEncoder().encode(xml),
          name: `${number}-${status}.xml`,
          contentType: "application/xml",
        },
      );
    },
  };
};

export type FakePlatform = ReturnType<typeof fakePlatform>;
