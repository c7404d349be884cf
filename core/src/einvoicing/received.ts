import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { type BuyerStatusCode, cdarReasonCodes, isBuyerStatusCode } from "./cdar-codes.ts";

/**
 * A flow received from the organisation's e-invoicing platform (an In SupplierInvoice flow): one stream
 * per flow, `einvoicing-received-<id>` (the id derived from the platform's flowId by the API), which
 * says what became of it — imported as a draft purchase invoice, or refused and why — and then the
 * statuses the organisation, as the buyer, sent about that invoice (204, 205, 207, 210, 211), each with
 * the lifecycle flow that carried it. The inbox read model (`einvoicing_inbox`) is folded from it.
 */

export const receivedFlowStreamId = (receivedId: string) => `einvoicing-received-${receivedId}`;

/** What the received invoice says, as the inbox lists it and a status message names it. */
export type ReceivedInvoice = {
  readonly number: string;
  readonly issueDate: string;
  /** BT-3: 380 an invoice, 381 a credit note… */
  readonly typeCode: string;
  readonly sellerName: string;
  readonly sellerSiren: string | null;
  readonly buyerSiren: string | null;
  readonly totalCents: number;
  readonly currency: string;
};

export type ReceivedFlowInfo = {
  readonly receivedId: string;
  readonly flowId: string;
  readonly trackingId: string | null;
  /** When the platform received the flow (its submittedAt), ISO-8601. */
  readonly receivedAt: string;
  readonly syntax: string | null;
};

export type ReceivedFlowImported = DomainEvent<
  "ReceivedFlowImported",
  ReceivedFlowInfo & {
    readonly docId: string;
    readonly contactId: string | null;
    readonly contactCreated: boolean;
    readonly invoice: ReceivedInvoice;
  }
>;

export type ReceivedFlowRefused = DomainEvent<
  "ReceivedFlowRefused",
  ReceivedFlowInfo & {
    /** The refusal's stable code (`einvoice.notInvoice`, `einvoice.unsafeXml`, `upload.tooLarge`…). */
    readonly code: string;
    readonly field: string | null;
  }
>;

export type BuyerStatusSent = DomainEvent<
  "BuyerStatusSent",
  {
    readonly code: BuyerStatusCode;
    readonly reasonCode: string | null;
    readonly reason: string | null;
    /** The lifecycle flow that carried it (the platform's id) and the tracking id it was sent under. */
    readonly flowId: string;
    readonly trackingId: string;
    readonly at: string;
  }
>;

export type ReceivedFlowEvent = ReceivedFlowImported | ReceivedFlowRefused | BuyerStatusSent;

export type BuyerStatusInput = {
  readonly code: number;
  readonly reasonCode?: string | null | undefined;
  readonly reason?: string | null | undefined;
};

export type ReceivedFlowCommand =
  | { readonly type: "RecordImport"; readonly data: ReceivedFlowImported["data"] }
  | { readonly type: "RecordRefusal"; readonly data: ReceivedFlowRefused["data"] }
  | { readonly type: "RecordBuyerStatus"; readonly data: BuyerStatusSent["data"] };

export type SentBuyerStatus = BuyerStatusSent["data"];

export type ReceivedFlowState =
  | { readonly status: "none" }
  | (ReceivedFlowImported["data"] & {
      readonly status: "imported";
      readonly statuses: readonly SentBuyerStatus[];
    })
  | (ReceivedFlowRefused["data"] & { readonly status: "refused" });

/**
 * Why a buyer status cannot be sent about this flow, before anything is sent: a flow refused or
 * unknown, a status a buyer does not send, a refusal without its reason or a reason off the status's
 * list, anything after a refusal (the invoice is then the seller's to cancel). Null when it can.
 */
export const buyerStatusRefusal = (state: ReceivedFlowState, input: BuyerStatusInput): DomainError | null => {
  if (state.status === "none") return new DomainError("einvoicing.receivedNotFound", { field: "id" }, 404);
  if (state.status === "refused")
    return new DomainError("einvoicing.receivedNotImported", { field: "id" }, 409);
  if (!isBuyerStatusCode(input.code)) return new DomainError("einvoicing.statusNotBuyers", { field: "code" });
  const reasonCode = input.reasonCode ?? null;
  if (input.code === 210 && !reasonCode)
    return new DomainError("einvoicing.reasonRequired", { field: "reasonCode" });
  if (reasonCode && !cdarReasonCodes(input.code).includes(reasonCode as never))
    return new DomainError("einvoicing.reasonNotAllowed", {
      field: "reasonCode",
      code: reasonCode.slice(0, 40),
    });
  if (state.statuses.some((s) => s.code === 210))
    return new DomainError("einvoicing.alreadyRefused", { field: "code" }, 409);
  return null;
};

const decide = (command: ReceivedFlowCommand, state: ReceivedFlowState): ReceivedFlowEvent[] => {
  switch (command.type) {
    case "RecordImport":
      // A flow is recorded once: a second record of it (a retry, a second sync) adds nothing.
      return state.status === "none" ? [{ type: "ReceivedFlowImported", data: command.data }] : [];
    case "RecordRefusal":
      return state.status === "none" ? [{ type: "ReceivedFlowRefused", data: command.data }] : [];
    case "RecordBuyerStatus": {
      const refusal = buyerStatusRefusal(state, command.data);
      if (refusal) throw refusal;
      return [{ type: "BuyerStatusSent", data: command.data }];
    }
  }
};

const evolve = (state: ReceivedFlowState, event: ReceivedFlowEvent): ReceivedFlowState => {
  switch (event.type) {
    case "ReceivedFlowImported":
      return { ...event.data, status: "imported", statuses: [] };
    case "ReceivedFlowRefused":
      return { ...event.data, status: "refused" };
    case "BuyerStatusSent":
      return state.status === "imported" ? { ...state, statuses: [...state.statuses, event.data] } : state;
  }
};

export const receivedFlowDecider: Decider<ReceivedFlowCommand, ReceivedFlowEvent, ReceivedFlowState> = {
  decide,
  evolve,
  initialState: () => ({ status: "none" }),
};
