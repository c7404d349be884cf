import { describe, it } from "vitest";
import { DomainError } from "../decider.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import {
  type BuyerStatusSent,
  type ReceivedFlowImported,
  type ReceivedFlowRefused,
  receivedFlowDecider,
} from "./received.ts";

const spec = deciderSpecification(receivedFlowDecider);

const info = {
  receivedId: "5b0e7a3c-0000-5000-8000-000000000001",
  flowId: "flow-1",
  trackingId: "F202500003",
  receivedAt: "2025-07-01T14:10:00.000Z",
  syntax: "CII",
};
const imported: ReceivedFlowImported = {
  type: "ReceivedFlowImported",
  data: {
    ...info,
    docId: "5b0e7a3c-0000-5000-8000-000000000002",
    contactId: "5b0e7a3c-0000-5000-8000-000000000003",
    contactCreated: true,
    invoice: {
      number: "F202500003",
      issueDate: "2025-07-01",
      typeCode: "380",
      sellerName: "VENDEUR",
      sellerSiren: "100000009",
      buyerSiren: "200000008",
      totalCents: 1_200_000,
      currency: "EUR",
    },
  },
};
const refused: ReceivedFlowRefused = {
  type: "ReceivedFlowRefused",
  data: { ...info, code: "einvoice.unsafeXml", field: "file" },
};
const status = (code: 204 | 205 | 207 | 210 | 211, reasonCode: string | null = null): BuyerStatusSent => ({
  type: "BuyerStatusSent",
  data: {
    code,
    reasonCode,
    reason: null,
    flowId: `lc-${code}`,
    trackingId: `t-${code}`,
    at: "2025-07-02T08:00:00.000Z",
  },
});
const refusedWith = (code: string, status?: number) => (error: unknown) =>
  error instanceof DomainError && error.code === code && (status === undefined || error.status === status);

describe("a received flow", () => {
  it("given nothing, when its import is recorded, then it is imported", () => {
    spec.given([]).when({ type: "RecordImport", data: imported.data }).then([imported]);
  });

  it("given an import, when it is recorded again (a second sync, a retry), then nothing more", () => {
    spec.given([imported]).when({ type: "RecordImport", data: imported.data }).then([]);
    spec.given([imported]).when({ type: "RecordRefusal", data: refused.data }).then([]);
  });

  it("given nothing, when a refusal is recorded, then it is refused with its code", () => {
    spec.given([]).when({ type: "RecordRefusal", data: refused.data }).then([refused]);
  });
});

describe("the buyer's statuses", () => {
  it("given an imported invoice, when the buyer takes it in hand, approves it, disputes it or pays, then each is recorded", () => {
    for (const s of [status(204), status(205), status(207, "QTE_ERR"), status(207), status(211)])
      spec.given([imported]).when({ type: "RecordBuyerStatus", data: s.data }).then([s]);
  });

  it("given an imported invoice, when it is refused with a refusal reason, then recorded; without one: 422 naming reasonCode", () => {
    const s = status(210, "DOUBLON");
    spec.given([imported]).when({ type: "RecordBuyerStatus", data: s.data }).then([s]);
    spec
      .given([imported])
      .when({ type: "RecordBuyerStatus", data: status(210).data })
      .thenThrows(refusedWith("einvoicing.reasonRequired", 422));
  });

  it("refuses a reason off the status's list and a status a buyer does not send", () => {
    spec
      .given([imported])
      .when({ type: "RecordBuyerStatus", data: status(210, "QTE_ERR").data })
      .thenThrows(refusedWith("einvoicing.reasonNotAllowed"));
    spec
      .given([imported])
      .when({ type: "RecordBuyerStatus", data: { ...status(205).data, code: 212 as never } })
      .thenThrows(refusedWith("einvoicing.statusNotBuyers"));
  });

  it("given a refusal sent, when any other status is sent, then 409: the invoice is the seller's to cancel", () => {
    spec
      .given([imported, status(210, "DOUBLON")])
      .when({ type: "RecordBuyerStatus", data: status(205).data })
      .thenThrows(refusedWith("einvoicing.alreadyRefused", 409));
  });

  it("given a refused flow or none, when a status is sent, then 409 / 404", () => {
    spec
      .given([refused])
      .when({ type: "RecordBuyerStatus", data: status(204).data })
      .thenThrows(refusedWith("einvoicing.receivedNotImported", 409));
    spec
      .given([])
      .when({ type: "RecordBuyerStatus", data: status(204).data })
      .thenThrows(refusedWith("einvoicing.receivedNotFound", 404));
  });
});
