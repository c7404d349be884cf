import {
  type EInvoicingPlatform,
  type EInvoicingPlatforms,
  type Flow,
  type FlowFile,
  type FlowInfo,
  PlatformError,
} from "../ports/index.ts";

/**
 * A recording double of the platform port for receiving and the buyer's statuses: supplier invoices
 * delivered to an account (In SupplierInvoice flows, their file served as the Original), every
 * submission recorded (its flow info and file, e.g. a CDAR), and faults — `down` (transient, every
 * call), `missing` (a flow whose file the platform no longer serves: 404), `refuse` (a submission
 * refused: 422). Not the local platform (`local-platform/`, a real HTTP server).
 */
export const inboxPlatform = () => {
  const delivered: { account: string; flow: Flow; file: FlowFile }[] = [];
  const submitted: { account: string; info: FlowInfo; file: FlowFile; flowId: string }[] = [];
  const faults = { down: false, missing: false, refuse: false };
  const calls = { getFlowFile: 0, submitFlow: 0 };
  let ids = 0;
  const fail = (operation: string, status: number, errorCode: string, transient: boolean) => {
    throw new PlatformError({ status, errorCode, errorMessage: errorCode, transient, operation });
  };
  const down = (operation: string) => {
    if (faults.down) fail(operation, 503, "UNAVAILABLE", true);
  };

  const client = (account: string): EInvoicingPlatform => ({
    healthcheck: async () => down("healthcheck"),
    submitFlow: async (info, file) => {
      calls.submitFlow++;
      down("submitFlow");
      if (faults.refuse) fail("submitFlow", 422, "InvalidSchema", false);
      const flowId = `lc-${++ids}`;
      submitted.push({ account, info, file, flowId });
      return { ...info, flowId, submittedAt: new Date().toISOString() };
    },
    searchFlows: async (where) => {
      down("searchFlows");
      return [
        ...delivered.filter((d) => d.account === account).map((d) => d.flow),
        ...submitted
          .filter((s) => s.account === account)
          .map((s) => ({ flowId: s.flowId, trackingId: s.info.trackingId, flowDirection: "Out" as const })),
      ].filter((f) => !where.trackingId || f.trackingId === where.trackingId);
    },
    getFlow: async (flowId) => {
      down("getFlow");
      const found = delivered.find((d) => d.account === account && d.flow.flowId === flowId);
      return found ? found.flow : fail("getFlow", 404, "NOT_FOUND", false);
    },
    getFlowFile: async (flowId) => {
      calls.getFlowFile++;
      down("getFlowFile");
      const found = delivered.find((d) => d.account === account && d.flow.flowId === flowId);
      if (!found || faults.missing) return fail("getFlowFile", 404, "NOT_FOUND", false);
      return { bytes: found.file.bytes.slice(), contentType: found.file.contentType, name: found.file.name };
    },
    lookupSiren: async () => null,
    lookupSiret: async () => null,
    directoryLines: async () => [],
  });

  const platforms: EInvoicingPlatforms = { connect: (connection) => client(connection.clientId) };
  return {
    platforms,
    faults,
    calls,
    submitted,
    /** A supplier's invoice delivered to `account`, as the platform routes it: an In SupplierInvoice flow. */
    deliver: (
      account: string,
      bytes: Uint8Array,
      syntax: "CII" | "UBL" | "Factur-X",
      name: string,
    ): Flow & { flowId: string } => {
      const at = new Date().toISOString();
      const flow: Flow & { flowId: string } = {
        flowId: `in-${++ids}`,
        trackingId: name.slice(0, 36),
        flowType: "SupplierInvoice",
        flowDirection: "In",
        flowSyntax: syntax,
        submittedAt: at,
        updatedAt: at,
        acknowledgement: { status: "Ok" },
      };
      const contentType = syntax === "Factur-X" ? "application/pdf" : "application/xml";
      delivered.push({ account, flow, file: { bytes, name, contentType } });
      return flow;
    },
  };
};
