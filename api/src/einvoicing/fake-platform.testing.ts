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
 * The platform port's double for the API's tests, in memory, as the standard describes the platform:
 * flows stored per account (a connection's `clientId`) and searched by `updatedAt`; what an account
 * submits becomes an Out flow whose acknowledgement stays Pending until `settle()` (then Ok, or Error
 * with the reason `faults.ackError` names, or AlreadyExistingFlow for a second flow of one tracking id);
 * supplier invoices `deliver`ed to an account (In SupplierInvoice flows, their file served as the
 * Original) and lifecycle messages sent to it (`sendStatus`, In CustomerInvoiceLC); the directory's
 * SIRENs. Every submission accepted is recorded with its file, so a test can say a file was sent once.
 *
 * Faults: `down` answers every call as a platform out of reach (a transient `PlatformError`); `missing`,
 * a flow's file the platform no longer serves (404); `refuse`, a submission refused (422 InvalidSchema);
 * `refuseDuplicates`, a second flow of one tracking id refused at once (409 AlreadyExistingFlow) rather
 * than acknowledged in error later. Not the local platform (`local-platform/`, a real HTTP server).
 */
type Stored = { flow: Flow & { flowId: string }; file: FlowFile; account: string };

export type FakeSubmission = {
  readonly account: string;
  readonly trackingId: string;
  readonly sha256: string;
  readonly flowId: string;
  readonly info: FlowInfo;
  readonly file: FlowFile;
};

export const fakePlatform = (options: { now?: () => Date } = {}) => {
  let tick = 0;
  // Strictly increasing instants, so that paging by updatedAt never meets two flows at one instant.
  const stamp = () => new Date((options.now?.() ?? new Date()).getTime() + tick++).toISOString();
  const flows: Stored[] = [];
  const directory = new Set<string>();
  const faults = {
    down: false,
    ackError: null as string | null,
    missing: false,
    refuse: false,
    refuseDuplicates: false,
  };
  const submissions: FakeSubmission[] = [];
  let ids = 0;

  const fail = (operation: string, status: number, errorCode: string, transient: boolean): never => {
    throw new PlatformError({ status, errorCode, errorMessage: errorCode, transient, operation });
  };
  const down = (operation: string) => {
    if (faults.down) fail(operation, 503, "UNAVAILABLE", true);
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
    return found ?? fail(operation, 404, "NOT_FOUND", false);
  };

  const client = (account: string): EInvoicingPlatform => ({
    healthcheck: async () => down("healthcheck"),
    submitFlow: async (info: FlowInfo, file: FlowFile) => {
      down("submitFlow");
      if (faults.refuse) fail("submitFlow", 422, "InvalidSchema", false);
      const sha256 = createHash("sha256").update(file.bytes).digest("hex");
      if (info.sha256 && info.sha256 !== sha256) fail("submitFlow", 400, "ChecksumMismatch", false);
      if (
        faults.refuseDuplicates &&
        flows.some(
          (s) =>
            s.account === account && s.flow.flowDirection === "Out" && s.flow.trackingId === info.trackingId,
        )
      )
        fail("submitFlow", 409, "AlreadyExistingFlow", false);
      const flow = add(
        account,
        {
          trackingId: info.trackingId,
          flowType: info.flowSyntax === "CDAR" ? "CustomerInvoiceLC" : "CustomerInvoice",
          flowDirection: "Out",
          flowSyntax: info.flowSyntax,
          flowProfile: info.flowProfile,
          processingRule: info.processingRule,
          acknowledgement: { status: "Pending" },
        },
        file,
      );
      submissions.push({
        account,
        trackingId: info.trackingId ?? "",
        sha256,
        flowId: flow.flowId,
        info,
        file,
      });
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
      if (faults.missing) return fail("getFlowFile", 404, "NOT_FOUND", false);
      return { bytes: found.file.bytes.slice(), contentType: found.file.contentType, name: found.file.name };
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
    /**
     * Every Pending acknowledgement becomes Ok — or Error: a duplicate tracking id, or `faults.ackError`;
     * only the flows `only` names when given (the others stay Pending).
     */
    settle: (only?: readonly string[]) => {
      for (const s of flows) {
        if (s.flow.acknowledgement?.status !== "Pending") continue;
        if (only && !only.includes(s.flow.flowId)) continue;
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
    /** A supplier's invoice delivered to `account`, as the platform routes it: an In SupplierInvoice flow. */
    deliver: (
      account: string,
      bytes: Uint8Array,
      syntax: "CII" | "UBL" | "Factur-X",
      name: string,
    ): Flow & { flowId: string } =>
      add(
        account,
        {
          trackingId: name.slice(0, 36),
          flowType: "SupplierInvoice",
          flowDirection: "In",
          flowSyntax: syntax,
          acknowledgement: { status: "Ok" },
        },
        { bytes, name, contentType: syntax === "Factur-X" ? "application/pdf" : "application/xml" },
      ),
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
