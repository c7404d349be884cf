import { createHash, randomUUID } from "node:crypto";
import { lifecycleName, lifecycleXml, type PlatformStatus } from "./lifecycle.ts";
import type {
  Acknowledgement,
  FlowProfile,
  FlowSyntax,
  FlowType,
  InvoiceFacts,
  ProcessingRule,
  ReasonCode,
  StoredFlow,
} from "./model.ts";
import { readCdar, readFile } from "./read.ts";
import type { Store } from "./store.ts";
import type { Tasks } from "./tasks.ts";
import type { Webhooks } from "./webhooks.ts";
import { kids, NotReadable, parseXml, rootOf } from "./xml.ts";

/**
 * A flow's life on the platform: submitted (acknowledgement Pending), checked shortly after (Ok, or Error
 * with its reason: the fault injected, EmptyFlow, ChecksumMismatch, AlreadyExistingFlow, InvalidSchema,
 * an invoice whose seller is not the sender, a lifecycle message about no invoice of the sender's), then
 * routed: an invoice to its buyer's account as an In SupplierInvoice flow, with the platform's lifecycle
 * messages (200, then 202 and 203 when delivered, 201 when the buyer is on another platform, 213 when
 * the buyer is in no directory) to its seller as In CustomerInvoiceLC flows; a lifecycle message to the
 * other party of the invoice it is about.
 */
export type Platform = {
  store: Store;
  tasks: Tasks;
  webhooks: Webhooks;
  now: () => Date;
  /** How long a flow stays Pending before it is checked. */
  ackDelayMs: number;
};

export type FlowInfo = {
  trackingId?: string;
  name?: string;
  processingRule?: ProcessingRule;
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  sha256?: string;
};

export type Submission = {
  owner: string;
  info: FlowInfo;
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Whether an e-reporting file reports payments: its root holds a PaymentsReport (unreadable: no). */
const reportsPayments = (bytes: Uint8Array): boolean => {
  try {
    const root = rootOf(parseXml(bytes));
    return root !== null && kids(root.node, "PaymentsReport").length > 0;
  } catch {
    return false;
  }
};

/** The flow's type, from its syntax and, for a lifecycle message, who issued it about whose invoice. */
const flowTypeOf = (s: Submission): FlowType => {
  switch (s.info.flowSyntax) {
    case "CII":
    case "UBL":
    case "Factur-X":
      return "CustomerInvoice";
    case "CDAR":
      try {
        const facts = readCdar(s.bytes);
        if (facts.issuerRole === "SE") return "CustomerInvoiceLC";
        if (facts.issuerRole === "BY") return "SupplierInvoiceLC";
        return facts.sellerSiren === s.owner ? "CustomerInvoiceLC" : "SupplierInvoiceLC";
      } catch {
        return "SupplierInvoiceLC";
      }
    case "FRR": {
      // The e-reporting schema is not public: a report whose root holds a PaymentsReport is typed as
      // payments (10.4 / 10.2), any other as transactions (10.3 / 10.1), by its processing rule.
      const payments = reportsPayments(s.bytes);
      if (s.info.processingRule === "B2C")
        return payments ? "AggregatedCustomerPaymentReport" : "AggregatedCustomerTransactionReport";
      if (s.info.processingRule === "B2BInt")
        return payments ? "UnitaryCustomerPaymentReport" : "UnitaryCustomerTransactionReport";
      return "MultiFlowReport";
    }
  }
};

export const submitFlow = (p: Platform, s: Submission): StoredFlow => {
  const at = p.store.stamp();
  const { info } = s;
  const stored: StoredFlow = {
    flow: {
      flowId: randomUUID(),
      submittedAt: at,
      updatedAt: at,
      ...(info.trackingId !== undefined && { trackingId: info.trackingId }),
      flowType: flowTypeOf(s),
      processingRule: info.processingRule ?? "B2B",
      processingRuleSource: info.processingRule ? "Input" : "Computed",
      flowDirection: "Out",
      flowSyntax: info.flowSyntax,
      ...(info.flowProfile !== undefined && { flowProfile: info.flowProfile }),
      acknowledgement: { status: "Pending" },
    },
    owner: s.owner,
    fileName: info.name ?? s.fileName,
    contentType: s.contentType,
    file: Buffer.from(s.bytes).toString("base64"),
    sha256: sha256(s.bytes),
    declaredSha256: info.sha256 ?? null,
    invoice: null,
    lifecycle: null,
    sourceFlowId: null,
  };
  p.store.state.flows.push(stored);
  p.store.changed();
  p.webhooks.notify(stored.owner, stored.flow);
  const flowId = stored.flow.flowId;
  p.tasks.later(p.ackDelayMs, () => acknowledge(p, flowId));
  return stored;
};

/** The flows still Pending (after a restart): checked again. */
export const resumePending = (p: Platform) => {
  for (const f of p.store.state.flows)
    if (f.flow.acknowledgement.status === "Pending") {
      const flowId = f.flow.flowId;
      p.tasks.later(p.ackDelayMs, () => acknowledge(p, flowId));
    }
};

type Refusal = { reasonCode: ReasonCode; item: string; message: string };

const setAck = (p: Platform, f: StoredFlow, ack: Acknowledgement) => {
  f.flow.acknowledgement = ack;
  f.flow.updatedAt = p.store.stamp();
  p.store.changed();
  p.webhooks.notify(f.owner, f.flow);
};

const acknowledge = async (p: Platform, flowId: string) => {
  const f = p.store.flow(flowId);
  if (f?.flow.acknowledgement.status !== "Pending") return;
  let refusal: Refusal | null;
  try {
    refusal = await check(p, f);
  } catch {
    // Whatever the file did to a reader, the flow is answered, never left Pending.
    refusal = {
      reasonCode: "OtherTechnicalError",
      item: "file",
      message: "The file could not be processed.",
    };
  }
  if (refusal) {
    setAck(p, f, {
      status: "Error",
      details: [
        {
          level: "Error",
          item: refusal.item,
          reasonCode: refusal.reasonCode,
          reasonMessage: refusal.message,
        },
      ],
    });
    return;
  }
  setAck(p, f, { status: "Ok" });
  route(p, f);
};

const check = async (p: Platform, f: StoredFlow): Promise<Refusal | null> => {
  const injected = p.store.state.faults.ackError;
  if (injected)
    return { reasonCode: injected, item: "flow", message: `Refused by the fault set: ${injected}.` };
  const bytes = Buffer.from(f.file, "base64");
  if (bytes.byteLength === 0) return { reasonCode: "EmptyFlow", item: "file", message: "The file is empty." };
  if (f.declaredSha256 !== null && f.declaredSha256 !== f.sha256)
    return {
      reasonCode: "ChecksumMismatch",
      item: "sha256",
      message: `The declared sha256 ${f.declaredSha256} is not the file's (${f.sha256}).`,
    };
  const { trackingId } = f.flow;
  if (trackingId !== undefined) {
    const earlier = p.store.state.flows.find(
      (o) =>
        o !== f &&
        o.owner === f.owner &&
        o.flow.flowDirection === "Out" &&
        o.flow.trackingId === trackingId &&
        o.flow.acknowledgement.status !== "Error" &&
        o.flow.submittedAt < f.flow.submittedAt,
    );
    if (earlier)
      return {
        reasonCode: "AlreadyExistingFlow",
        item: "trackingId",
        message: `The trackingId ${trackingId} was already submitted (flow ${earlier.flow.flowId}).`,
      };
  }
  let facts: Awaited<ReturnType<typeof readFile>>;
  try {
    facts = await readFile(f.flow.flowSyntax, bytes);
  } catch (error) {
    if (error instanceof NotReadable)
      return { reasonCode: "InvalidSchema", item: "file", message: error.detail };
    return { reasonCode: "InvalidSchema", item: "file", message: "The file cannot be read." };
  }
  if (facts.kind === "invoice") {
    f.invoice = facts.invoice;
    if (facts.invoice.sellerSiren !== f.owner)
      return {
        reasonCode: "OtherTechnicalError",
        item: "SellerTradeParty",
        message: `The invoice's seller (${facts.invoice.sellerSiren ?? "no SIREN"}) is not this account's business (${f.owner}).`,
      };
  }
  if (facts.kind === "lifecycle") {
    f.lifecycle = facts.lifecycle;
    const invoice = lifecycleInvoice(p, f);
    if (!invoice)
      return {
        reasonCode: "InvoiceLCRuleError",
        item: "ReferenceReferencedDocument",
        message: `No invoice ${facts.lifecycle.invoiceNumber} of seller ${facts.lifecycle.sellerSiren ?? "?"} was ${
          f.flow.flowType === "CustomerInvoiceLC" ? "sent" : "received"
        } by this account.`,
      };
    f.sourceFlowId = invoice.flow.flowId;
  }
  return null;
};

/**
 * The invoice flow a lifecycle message is about, on its sender's account: for a buyer's message, the In
 * SupplierInvoice it received; for a seller's, the Out CustomerInvoice it sent (accepted).
 */
const lifecycleInvoice = (p: Platform, f: StoredFlow): StoredFlow | undefined => {
  const facts = f.lifecycle;
  if (!facts) return undefined;
  const buyerSide = f.flow.flowType === "SupplierInvoiceLC";
  return p.store.state.flows.find(
    (o) =>
      o.owner === f.owner &&
      o.invoice?.number === facts.invoiceNumber &&
      (facts.sellerSiren === null || o.invoice.sellerSiren === facts.sellerSiren) &&
      (buyerSide
        ? o.flow.flowDirection === "In" && o.flow.flowType === "SupplierInvoice"
        : o.flow.flowDirection === "Out" &&
          o.flow.flowType === "CustomerInvoice" &&
          o.flow.acknowledgement.status === "Ok"),
  );
};

/** A flow the platform makes for an account (In): acknowledged Ok at once, its webhook called. */
const deliverIn = (
  p: Platform,
  owner: string,
  fields: {
    flowType: FlowType;
    flowSyntax: FlowSyntax;
    flowProfile?: FlowProfile | undefined;
    processingRule?: ProcessingRule | undefined;
    bytes: Uint8Array;
    fileName: string;
    contentType: string;
    invoice: InvoiceFacts | null;
    lifecycle: StoredFlow["lifecycle"];
    sourceFlowId: string;
  },
): StoredFlow => {
  const at = p.store.stamp();
  const stored: StoredFlow = {
    flow: {
      flowId: randomUUID(),
      submittedAt: at,
      updatedAt: at,
      flowType: fields.flowType,
      processingRule: fields.processingRule ?? "B2B",
      processingRuleSource: "Computed",
      flowDirection: "In",
      flowSyntax: fields.flowSyntax,
      ...(fields.flowProfile !== undefined && { flowProfile: fields.flowProfile }),
      acknowledgement: { status: "Ok" },
    },
    owner,
    fileName: fields.fileName,
    contentType: fields.contentType,
    file: Buffer.from(fields.bytes).toString("base64"),
    sha256: sha256(fields.bytes),
    declaredSha256: null,
    invoice: fields.invoice,
    lifecycle: fields.lifecycle,
    sourceFlowId: fields.sourceFlowId,
  };
  p.store.state.flows.push(stored);
  p.store.changed();
  p.webhooks.notify(owner, stored.flow);
  return stored;
};

/** A lifecycle message of the platform about an invoice flow, to its seller (the flow's sender). */
const tellSeller = (
  p: Platform,
  invoiceFlow: StoredFlow,
  invoice: InvoiceFacts,
  status: PlatformStatus,
  reason?: { code: string; text: string },
) => {
  const message = {
    status,
    invoice,
    receivedAt: new Date(invoiceFlow.flow.submittedAt),
    at: p.now(),
    ...(reason && { reason }),
  };
  deliverIn(p, invoiceFlow.owner, {
    flowType: "CustomerInvoiceLC",
    flowSyntax: "CDAR",
    bytes: new TextEncoder().encode(lifecycleXml(message)),
    fileName: `${lifecycleName(message)}.xml`,
    contentType: "application/xml",
    invoice: null,
    lifecycle: {
      invoiceNumber: invoice.number,
      sellerSiren: invoice.sellerSiren,
      issuerRole: "WK",
      statusCode: String(status),
    },
    sourceFlowId: invoiceFlow.flow.flowId,
  });
};

const route = (p: Platform, f: StoredFlow) => {
  const { flowType } = f.flow;
  const bytes = Buffer.from(f.file, "base64");
  if (flowType === "CustomerInvoice" && f.invoice) {
    const invoice = f.invoice;
    tellSeller(p, f, invoice, 200);
    const buyer = invoice.buyerSiren;
    if (buyer && p.store.account(buyer)) {
      deliverIn(p, buyer, {
        flowType: "SupplierInvoice",
        flowSyntax: f.flow.flowSyntax,
        flowProfile: f.flow.flowProfile,
        processingRule: f.flow.processingRule,
        bytes,
        fileName: f.fileName,
        contentType: f.contentType,
        invoice,
        lifecycle: null,
        sourceFlowId: f.flow.flowId,
      });
      tellSeller(p, f, invoice, 202);
      tellSeller(p, f, invoice, 203);
    } else if (buyer && p.store.state.directory.some((d) => d.siren === buyer)) {
      tellSeller(p, f, invoice, 201);
    } else {
      tellSeller(p, f, invoice, 213, {
        code: "REJ_ADR",
        text: buyer
          ? `Le destinataire ${buyer} n'est dans aucun annuaire.`
          : "L'acheteur n'a ni SIREN (BT-47) ni numéro de TVA français (BT-48).",
      });
    }
    return;
  }
  if ((flowType === "SupplierInvoiceLC" || flowType === "CustomerInvoiceLC") && f.sourceFlowId) {
    const invoiceFlow = p.store.flow(f.sourceFlowId);
    // The buyer's message goes to the seller whose flow the received invoice came from; the seller's to
    // the buyer's account the invoice was delivered to.
    const target =
      flowType === "SupplierInvoiceLC"
        ? invoiceFlow?.sourceFlowId
          ? p.store.flow(invoiceFlow.sourceFlowId)
          : undefined
        : p.store.state.flows.find(
            (o) => o.flow.flowType === "SupplierInvoice" && o.sourceFlowId === invoiceFlow?.flow.flowId,
          );
    if (!target) return;
    deliverIn(p, target.owner, {
      flowType: flowType === "SupplierInvoiceLC" ? "CustomerInvoiceLC" : "SupplierInvoiceLC",
      flowSyntax: "CDAR",
      processingRule: f.flow.processingRule,
      bytes,
      fileName: f.fileName,
      contentType: f.contentType,
      invoice: null,
      lifecycle: f.lifecycle,
      sourceFlowId: target.flow.flowId,
    });
  }
};
