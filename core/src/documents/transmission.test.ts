import { describe, expect, it } from "vitest";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import type { DocumentEvent } from "./document.ts";
import { alpha, created, spec, stateOf, status, validated } from "./documents.fixtures.ts";
import type {
  LifecycleStatus,
  TransmissionAcknowledgement,
  TransmissionCommand,
  TransmissionFlowReplacement,
  TransmissionSubmission,
} from "./transmission.ts";
import { transmissionScope } from "./transmission-scope.ts";

const SHA = "a".repeat(64);
const submission = (changes: Partial<TransmissionSubmission> = {}): TransmissionSubmission => ({
  flowId: "flow-1",
  trackingId: "FA2025-00001",
  sha256: SHA,
  syntax: "Factur-X",
  profile: "CIUS",
  processingRule: "B2B",
  fileName: "FA2025-00001.pdf",
  at: "2025-01-06T09:00:00.000Z",
  ...changes,
});
const submit = (changes: Partial<TransmissionSubmission> = {}): TransmissionCommand => ({
  type: "RecordTransmissionSubmitted",
  data: { ...submission(changes), on: "2025-01-06" },
});
const submitted = (changes: Partial<TransmissionSubmission> = {}): DocumentEvent => ({
  type: "DocumentTransmissionSubmitted",
  data: submission(changes),
});
const ack = (changes: Partial<TransmissionAcknowledgement> = {}): TransmissionAcknowledgement => ({
  flowId: "flow-1",
  status: "Ok",
  details: [],
  at: "2025-01-06T09:00:05.000Z",
  ...changes,
});
const lifecycle = (changes: Partial<LifecycleStatus> = {}): LifecycleStatus => ({
  flowId: "cdar-1",
  code: 200,
  date: "2025-01-06T09:00:10.000Z",
  reasonCode: null,
  reason: null,
  ...changes,
});
const rejected: TransmissionAcknowledgement = ack({
  status: "Error",
  details: [
    { level: "Error", item: "file", reasonCode: "InvalidSchema", reasonMessage: "Not a CII invoice" },
  ],
});

describe("a sales invoice's transmission", () => {
  it("records its submission, and the validated invoice becomes sent", () => {
    spec
      .given([created(), validated()])
      .when(submit())
      .then([submitted(), status("validated", "sent", "2025-01-06")]);
  });

  it("records a submission of an invoice already sent by e-mail without a status change", () => {
    spec
      .given([created(), validated(), status("validated", "sent")])
      .when(submit())
      .then([submitted()]);
  });

  it("records nothing for the same flow again (a reaction given again)", () => {
    spec.given([created(), validated(), submitted()]).when(submit()).then([]);
  });

  it("never records a second submission of a document", () => {
    spec
      .given([created(), validated(), submitted()])
      .when(submit({ flowId: "flow-2" }))
      .thenThrows(refusedWith("transmission.alreadySubmitted", { flowId: "flow-1" }, 409));
  });

  it("refuses a tracking id other than the document's number, a bad hash, a draft, a purchase", () => {
    spec
      .given([created(), validated()])
      .when(submit({ trackingId: "FA2025-00002" }))
      .thenThrows(refusedOnField("transmission.trackingIdMismatch", "trackingId", 422));
    spec
      .given([created(), validated()])
      .when(submit({ sha256: "XYZ" }))
      .thenThrows(refusedOnField("validation.notAllowed", "sha256"));
    spec
      .given([created()])
      .when(submit())
      .thenThrows(refusedWith("transmission.notValidated", { kind: "invoice" }, 409));
    spec
      .given([created({ direction: "purchases" }), validated()])
      .when(submit())
      .thenThrows(refusedWith("transmission.notTransmissible", { kind: "invoice" }, 409));
  });

  it("records the acknowledgement, Ok or Error with the platform's reasons, once", () => {
    spec
      .given([created(), validated(), submitted()])
      .when({ type: "RecordTransmissionAcknowledgement", data: rejected })
      .then([{ type: "DocumentTransmissionAcknowledged", data: rejected }]);
    spec
      .given([
        created(),
        validated(),
        submitted(),
        { type: "DocumentTransmissionAcknowledged", data: rejected },
      ])
      .when({ type: "RecordTransmissionAcknowledgement", data: { ...rejected, at: "2025-01-07T00:00:00Z" } })
      .then([]);
  });

  it("refuses an acknowledgement before the submission, or of another flow", () => {
    spec
      .given([created(), validated()])
      .when({ type: "RecordTransmissionAcknowledgement", data: ack() })
      .thenThrows(refusedWith("transmission.notSubmitted", {}, 409));
    spec
      .given([created(), validated(), submitted()])
      .when({ type: "RecordTransmissionAcknowledgement", data: ack({ flowId: "flow-9" }) })
      .thenThrows(refusedOnField("transmission.otherFlow", "flowId", 409));
  });

  it("records each lifecycle status once per message, with its date and reason", () => {
    const refused = lifecycle({ flowId: "cdar-2", code: 210, reasonCode: "TX_TVA_ERR", reason: "Taux faux" });
    const received = (s: LifecycleStatus): DocumentEvent => ({
      type: "DocumentLifecycleStatusReceived",
      data: s,
    });
    spec
      .given([created(), validated(), submitted(), received(lifecycle())])
      .when({ type: "RecordLifecycleStatus", data: refused })
      .then([received(refused)]);
    spec
      .given([created(), validated(), submitted(), received(lifecycle())])
      .when({ type: "RecordLifecycleStatus", data: lifecycle() })
      .then([]);
    const doc = stateOf(created(), validated(), submitted(), received(lifecycle()), received(refused));
    expect(doc.transmission?.statuses.map((s) => s.code)).toEqual([200, 210]);
  });

  it("refuses a status for a document never submitted, and a code outside 200…213", () => {
    spec
      .given([created(), validated()])
      .when({ type: "RecordLifecycleStatus", data: lifecycle() })
      .thenThrows(refusedWith("transmission.notSubmitted", {}, 409));
    spec
      .given([created(), validated(), submitted()])
      .when({ type: "RecordLifecycleStatus", data: lifecycle({ code: 299 }) })
      .thenThrows(refusedOnField("transmission.invalidStatus", "code"));
    spec
      .given([created(), validated(), submitted()])
      .when({ type: "RecordLifecycleStatus", data: lifecycle({ date: "hier" }) })
      .thenThrows(refusedOnField("validation.invalidDate", "date"));
  });

  it("records « not sent » with its reason once, never after a submission", () => {
    const notSent = { reason: "b2c" as const, at: "2025-01-06T09:00:00.000Z" };
    spec
      .given([created(), validated()])
      .when({ type: "RecordTransmissionNotSent", data: notSent })
      .then([{ type: "DocumentTransmissionNotSent", data: notSent }]);
    spec
      .given([created(), validated(), { type: "DocumentTransmissionNotSent", data: notSent }])
      .when({ type: "RecordTransmissionNotSent", data: notSent })
      .then([]);
    spec
      .given([created(), validated(), submitted()])
      .when({ type: "RecordTransmissionNotSent", data: notSent })
      .thenThrows(refusedWith("transmission.alreadySubmitted", { flowId: "flow-1" }, 409));
  });

  it("records the platform's refusal of a submission, visible until a submission goes through", () => {
    const refusal = { errorCode: "400", errorMessage: "flowInfo invalid", at: "2025-01-06T09:00:00.000Z" };
    spec
      .given([created(), validated()])
      .when({ type: "RecordTransmissionRefused", data: refusal })
      .then([{ type: "DocumentTransmissionRefused", data: refusal }]);
    const doc = stateOf(
      created(),
      validated(),
      { type: "DocumentTransmissionRefused", data: refusal },
      submitted(),
    );
    expect(doc.transmission).toMatchObject({ refusal: null, submission: { flowId: "flow-1" } });
  });
});

describe("a duplicate recorded, then replaced by the platform's original flow", () => {
  // Two servers submitted the invoice at once; this one recorded flow-2, which the platform refused as a
  // duplicate of flow-1.
  const duplicateRefused = [
    { level: "Error" as const, item: "file", reasonCode: "AlreadyExistingFlow", reasonMessage: "duplicate" },
  ];
  const replacement = (changes: Partial<TransmissionFlowReplacement> = {}): TransmissionFlowReplacement => ({
    from: "flow-2",
    to: "flow-1",
    sha256: "b".repeat(64),
    submittedAt: "2025-01-06T08:59:59.000Z",
    details: duplicateRefused,
    at: "2025-01-06T09:00:05.000Z",
    ...changes,
  });
  const replace = (changes: Partial<TransmissionFlowReplacement> = {}): TransmissionCommand => ({
    type: "RecordTransmissionFlowReplaced",
    data: replacement(changes),
  });
  const replaced = (changes: Partial<TransmissionFlowReplacement> = {}): DocumentEvent => ({
    type: "DocumentTransmissionFlowReplaced",
    data: replacement(changes),
  });
  const recordedDuplicate = submitted({ flowId: "flow-2" });

  it("records that the original flow carries the transmission", () => {
    spec.given([created(), validated(), recordedDuplicate]).when(replace()).then([replaced()]);
  });

  it("is allowed after the duplicate's acknowledgement in error was recorded, which stops counting", () => {
    const duplicateAck = ack({ flowId: "flow-2", status: "Error", details: duplicateRefused });
    spec
      .given([
        created(),
        validated(),
        recordedDuplicate,
        { type: "DocumentTransmissionAcknowledged", data: duplicateAck },
      ])
      .when(replace())
      .then([replaced()]);
    const doc = stateOf(
      created(),
      validated(),
      recordedDuplicate,
      { type: "DocumentTransmissionAcknowledged", data: duplicateAck },
      replaced(),
    );
    expect(doc.transmission).toMatchObject({
      submission: { flowId: "flow-1", sha256: "b".repeat(64), at: "2025-01-06T08:59:59.000Z" },
      acknowledgement: null,
      replaced: { from: "flow-2", to: "flow-1" },
    });
  });

  it("then takes the original's acknowledgement and statuses, and refuses the duplicate's", () => {
    const given = [created(), validated(), recordedDuplicate, replaced()];
    spec
      .given(given)
      .when({ type: "RecordTransmissionAcknowledgement", data: ack() })
      .then([{ type: "DocumentTransmissionAcknowledged", data: ack() }]);
    spec
      .given(given)
      .when({
        type: "RecordTransmissionAcknowledgement",
        data: ack({ flowId: "flow-2", status: "Error", details: duplicateRefused }),
      })
      .thenThrows(refusedOnField("transmission.otherFlow", "flowId", 409));
    spec
      .given(given)
      .when({ type: "RecordLifecycleStatus", data: lifecycle() })
      .then([{ type: "DocumentLifecycleStatusReceived", data: lifecycle() }]);
    const doc = stateOf(...given, { type: "DocumentTransmissionAcknowledged", data: ack() });
    expect(doc.transmission?.acknowledgement).toMatchObject({ flowId: "flow-1", status: "Ok" });
  });

  it("records nothing for the same replacement again (idempotent)", () => {
    spec.given([created(), validated(), recordedDuplicate, replaced()]).when(replace()).then([]);
  });

  it("is refused from a flow not refused as a duplicate, or acknowledged Ok", () => {
    spec
      .given([created(), validated(), recordedDuplicate])
      .when(replace({ details: rejected.details }))
      .thenThrows(refusedOnField("transmission.notDuplicate", "details", 409));
    spec
      .given([
        created(),
        validated(),
        recordedDuplicate,
        { type: "DocumentTransmissionAcknowledged", data: ack({ flowId: "flow-2" }) },
      ])
      .when(replace())
      .thenThrows(refusedOnField("transmission.notDuplicate", "details", 409));
  });

  it("is refused from another flow than the one recorded, before the submission, or to itself", () => {
    spec
      .given([created(), validated(), submitted()])
      .when(replace())
      .thenThrows(refusedOnField("transmission.otherFlow", "from", 409));
    spec
      .given([created(), validated(), recordedDuplicate, replaced()])
      .when(replace({ to: "flow-3" }))
      .thenThrows(refusedOnField("transmission.otherFlow", "from", 409));
    spec
      .given([created(), validated()])
      .when(replace())
      .thenThrows(refusedWith("transmission.notSubmitted", {}, 409));
    spec
      .given([created(), validated(), recordedDuplicate])
      .when(replace({ to: "flow-2" }))
      .thenThrows(refusedOnField("validation.notAllowed", "to"));
    spec
      .given([created(), validated(), recordedDuplicate])
      .when(replace({ sha256: "nope" }))
      .thenThrows(refusedOnField("validation.notAllowed", "sha256"));
  });
});

describe("the reform's scope", () => {
  const doc = stateOf(created(), validated());
  it("looks a French business customer's SIREN up, then sends when the directory knows it", () => {
    expect(transmissionScope(doc)).toEqual({ decision: "lookup", siren: "732829320" });
    expect(transmissionScope(doc, "found")).toEqual({ decision: "send", siren: "732829320" });
    expect(transmissionScope(doc, "notFound")).toEqual({ decision: "ereporting", reason: "notInDirectory" });
  });

  it("sends a credit note like an invoice; nothing for drafts, purchases, quotes", () => {
    const credit = stateOf(created({ kind: "creditNote" }), validated("AV2025-00001"));
    expect(transmissionScope(credit, "found")).toEqual({ decision: "send", siren: "732829320" });
    expect(transmissionScope(stateOf(created()))).toEqual({ decision: "none" });
    expect(transmissionScope(stateOf(created({ direction: "purchases" }), validated()))).toEqual({
      decision: "none",
    });
    expect(transmissionScope(stateOf(created({ kind: "quote" })))).toEqual({ decision: "none" });
  });

  it("reports B2C (a person, a business without SIREN) and international customers", () => {
    const person = stateOf(created({ contact: { ...alpha, kind: "person", siren: null } }), validated());
    expect(transmissionScope(person)).toEqual({ decision: "ereporting", reason: "b2c" });
    const noSiren = stateOf(created({ contact: { ...alpha, siren: null } }), validated());
    expect(transmissionScope(noSiren)).toEqual({ decision: "ereporting", reason: "b2c" });
    const foreign = stateOf(
      created({
        contact: {
          ...alpha,
          billingAddress: {
            line1: "1 Hauptstraße",
            line2: null,
            postalCode: "10115",
            city: "Berlin",
            country: "DE",
          },
        },
      }),
      validated(),
    );
    expect(transmissionScope(foreign, "found")).toEqual({ decision: "ereporting", reason: "international" });
    const monaco = stateOf(
      created({
        contact: {
          ...alpha,
          billingAddress: { line1: "1 bd", line2: null, postalCode: "98000", city: "Monaco", country: "MC" },
        },
      }),
      validated(),
    );
    expect(transmissionScope(monaco)).toEqual({ decision: "lookup", siren: "732829320" });
  });
});

describe("the collected status (212) sent about an invoice's payment", () => {
  const sent212 = (changes: Record<string, unknown> = {}) => ({
    payment: "p-1",
    date: "2025-02-01",
    amounts: [{ ratePercent: "20.00", cents: 240000 }],
    total: 240000,
    flowId: "cdar-9",
    trackingId: "t-9",
    at: "2025-02-01T10:00:00.000Z",
    ...changes,
  });
  const record = (changes: Record<string, unknown> = {}) =>
    ({ type: "RecordCollectedStatusSent", data: sent212(changes) }) as TransmissionCommand;

  it("is recorded once per payment, on a submitted invoice", () => {
    spec
      .given([created(), validated(), submitted()])
      .when(record())
      .then([{ type: "DocumentCollectedStatusSent", data: sent212() } as DocumentEvent]);
    spec
      .given([
        created(),
        validated(),
        submitted(),
        { type: "DocumentCollectedStatusSent", data: sent212() } as DocumentEvent,
      ])
      .when(record({ flowId: "cdar-10" }))
      .then([]);
  });

  it("is refused before the submission, with amounts that do not add up, and on a credit note", () => {
    spec
      .given([created(), validated()])
      .when(record())
      .thenThrows(refusedWith("transmission.notSubmitted", {}, 409));
    spec
      .given([created(), validated(), submitted()])
      .when(record({ total: 1 }))
      .thenThrows(refusedOnField("validation.notAllowed", "amounts"));
    spec
      .given([
        created({ kind: "creditNote" }),
        validated("AV2025-00001"),
        submitted({ trackingId: "AV2025-00001" }),
      ])
      .when(record())
      .thenThrows(refusedWith("transmission.notTransmissible", { kind: "creditNote" }, 409));
  });
});
