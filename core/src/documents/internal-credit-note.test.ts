import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import type { DocumentEvent } from "./document.ts";
import { created, priced, spec, stateOf, validated } from "./documents.fixtures.ts";
import { lastLifecycleStatus, planInternalCreditNote } from "./internal-credit-note.ts";
import { transmissionScope } from "./transmission-scope.ts";

const submitted: DocumentEvent = {
  type: "DocumentTransmissionSubmitted",
  data: {
    flowId: "flow-1",
    trackingId: "FA2025-00001",
    sha256: "a".repeat(64),
    syntax: "Factur-X",
    profile: "CIUS",
    processingRule: "B2B",
    fileName: "FA2025-00001.pdf",
    at: "2025-01-06T09:00:00.000Z",
  },
};
const received = (code: number, date: string, flowId = `cdar-${code}`): DocumentEvent => ({
  type: "DocumentLifecycleStatusReceived",
  data: { flowId, code, date, reasonCode: code === 210 ? "TX_TVA_ERR" : null, reason: null },
});
const invoice = (...statuses: DocumentEvent[]) =>
  stateOf(
    created({ lines: [priced({ id: "l1" }), priced({ id: "l2", unitPrice: "150.00", vatRate: "5.5" })] }),
    validated(),
    submitted,
    ...statuses,
  );
const input = { id: "cn-1", issueDate: "2025-01-20", children: [] };

describe("the internal credit note of a rejected or refused invoice", () => {
  it("credits the whole invoice, marked internal, naming the invoice by number and date", () => {
    for (const code of [210, 213]) {
      const doc = invoice(received(200, "2025-01-06T09:00:10Z"), received(code, "2025-01-07T10:00:00Z"));
      const plan = planInternalCreditNote(doc, input);
      expect(plan.create.data).toMatchObject({
        id: "cn-1",
        kind: "creditNote",
        direction: "sales",
        internal: true,
        origin: { relation: "creditNote", docId: "d-1", number: "FA2025-00001", issueDate: "2025-01-05" },
      });
      expect(plan.create.data.lines?.map((l) => ("originLineId" in l ? l.originLineId : null))).toEqual([
        "l1",
        "l2",
      ]);
      expect(plan.link).toEqual({
        type: "LinkChildDocument",
        data: { docId: "cn-1", kind: "creditNote", relation: "creditNote", on: "2025-01-20" },
      });
    }
  });

  it("is refused (409) unless the invoice's last status is 210 or 213", () => {
    const refused = (doc: ReturnType<typeof invoice>) => {
      try {
        planInternalCreditNote(doc, input);
      } catch (error) {
        if (error instanceof DomainError) return [error.code, error.status, error.params.status];
      }
      return null;
    };
    expect(refused(invoice())).toEqual(["einvoicing.notRefused", 409, "none"]);
    expect(refused(invoice(received(205, "2025-01-07T10:00:00Z")))).toEqual([
      "einvoicing.notRefused",
      409,
      205,
    ]);
    // Refused, then approved after all: its last word is the approval.
    expect(
      refused(invoice(received(210, "2025-01-07T10:00:00Z"), received(205, "2025-01-08T10:00:00Z"))),
    ).toEqual(["einvoicing.notRefused", 409, 205]);
    // A status received late but dated before the refusal does not hide it.
    const late = invoice(received(210, "2025-01-07T10:00:00Z"), received(204, "2025-01-06T12:00:00Z"));
    expect(lastLifecycleStatus(late)?.code).toBe(210);
    expect(refused(late)).toBeNull();
  });

  it("is refused once a credit note of the invoice stands", () => {
    const doc = invoice(received(213, "2025-01-07T10:00:00Z"));
    const credit = stateOf(
      created({
        id: "cn-0",
        kind: "creditNote",
        origin: {
          relation: "creditNote",
          docId: "d-1",
          kind: "invoice",
          number: "FA2025-00001",
          issueDate: "2025-01-05",
        },
      }),
    );
    expect(() => planInternalCreditNote(doc, { ...input, children: [credit] })).toThrowError(
      expect.objectContaining({ code: "einvoicing.alreadyCredited", status: 409 }),
    );
  });

  it("is created internal, and only as a sales credit note of an invoice", () => {
    const doc = invoice(received(213, "2025-01-07T10:00:00Z"));
    const { create } = planInternalCreditNote(doc, input);
    const events = spec.given([]).when(create);
    events.then([
      {
        type: "DocumentCreated",
        data: expect.objectContaining({ id: "cn-1", kind: "creditNote", internal: true }) as never,
      },
    ]);
    spec
      .given([])
      .when({ ...create, data: { ...create.data, kind: "invoice", origin: null } })
      .thenThrows(refusedOnField("validation.notAllowed", "internal"));
  });

  it("is never transmitted nor e-reported", () => {
    const doc = invoice(received(213, "2025-01-07T10:00:00Z"));
    const { create } = planInternalCreditNote(doc, input);
    const credit = stateOf(
      {
        type: "DocumentCreated",
        data: { ...(create.data as object), number: null, series: null },
      } as DocumentEvent,
      validated("AV2025-00001"),
    );
    expect(credit.internal).toBe(true);
    expect(transmissionScope(credit)).toEqual({ decision: "none" });
    spec
      .given([
        {
          type: "DocumentCreated",
          data: { ...(create.data as object), number: null, series: null },
        } as DocumentEvent,
        validated("AV2025-00001"),
      ])
      .when({ type: "RecordTransmissionNotSent", data: { reason: "b2c", at: "2025-01-20T10:00:00Z" } })
      .thenThrows(refusedWith("transmission.internal", {}, 409));
    // Nor marked sent by hand: the status would say what never happens.
    spec
      .given([
        {
          type: "DocumentCreated",
          data: { ...(create.data as object), number: null, series: null },
        } as DocumentEvent,
        validated("AV2025-00001"),
      ])
      .when({ type: "ChangeDocumentStatus", data: { status: "sent", on: "2025-01-21" } })
      .thenThrows(refusedOnField("doc.internalNotSent", "status", 409));
  });
});
