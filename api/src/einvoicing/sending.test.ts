import { createHash, randomUUID } from "node:crypto";
import {
  type DocumentContact,
  type DocumentEvent,
  type DocumentState,
  documentDecider,
  documentStreamId,
} from "@registre/core";
import { reactionId } from "@registre/projections";
import { reactorSpecification } from "@registre/projections/testing";
import { createEventStore, type StoredEvent } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/support/databases.ts";
import type { EInvoicingPlatform } from "../ports/index.ts";
import { fakePlatform } from "./fake-platform.testing.ts";
import { SENDING_REACTOR, sendingReactor } from "./sending.ts";

/**
 * The sending reactor, by the reactor specification (both databases): given documents validated, the
 * commands it issues and the calls it makes, then the same again on a replay from before the events —
 * the ids derived from the validations' places in the log, the file sent once across the replay.
 */
const AT = new Date("2026-11-30T09:00:00.000Z");

const alpha: DocumentContact = {
  id: "c-alpha",
  kind: "company",
  name: "Alpha SARL",
  siren: "732829320",
  vatNumber: "FR44732829320",
  billingAddress: {
    line1: "3 place Bellecour",
    line2: null,
    postalCode: "69002",
    city: "Lyon",
    country: "FR",
  },
  deliveryAddress: null,
  auxiliary: { control: "411000", code: "CALPHA" },
  paymentTerms: null,
};

const created = (id: string, changes: { kind?: string; direction?: string; contact?: DocumentContact }) => ({
  type: "DocumentCreated",
  data: {
    id,
    kind: changes.kind ?? "invoice",
    direction: changes.direction ?? "sales",
    number: null,
    series: null,
    header: {
      issueDate: "2026-11-30",
      deliveryDate: null,
      expiryDate: null,
      dueDate: null,
      deadline: null,
      reference: null,
      label: null,
      customerReference: null,
      notes: null,
      supplierNumber: null,
      supplierDate: null,
    },
    contact: changes.contact ?? alpha,
    lines: [],
    origin: null,
    depositOn: null,
  },
});
const validated = (number: string) => ({
  type: "DocumentValidated",
  data: {
    number,
    series: "sales-invoice",
    sequence: 1,
    dueDate: "2026-12-30",
    validatedOn: "2026-11-30",
    entryMvt: null,
    vatRules: 2,
  },
});

describe.each(databaseKinds)("the sending reactor on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("sends what is in scope once, records « not sent » for the rest, and nothing for the unconnected", async () => {
    const fake = fakePlatform({ now: () => AT });
    fake.directory.add("732829320");
    const connected = randomUUID();
    const unconnected = randomUUID();
    const store = createEventStore(database);
    const name = SENDING_REACTOR;
    const spec = reactorSpecification(database, ({ commands, port }) => {
      const client = fake.platforms.connect({
        flowUrl: "",
        directoryUrl: "",
        tokenUrl: "",
        clientId: connected,
        clientSecret: "",
      });
      // The directory's look-ups are recorded (made again on a replay); the flows' calls are the
      // platform's own business: a replay finds the flow sent and submits nothing (counted below).
      const directory = port<Pick<EInvoicingPlatform, "lookupSiren">>("directory", {
        lookupSiren: client.lookupSiren,
      });
      const platform: EInvoicingPlatform = { ...client, lookupSiren: directory.lookupSiren };
      return sendingReactor({
        commands,
        platformOf: async (orgId) => (orgId === connected ? platform : null),
        loadDocument: async (orgId, docId) =>
          (await store.readStream(orgId, documentStreamId(docId))).reduce<DocumentState>(
            (state, e) => documentDecider.evolve(state, e as unknown as DocumentEvent),
            documentDecider.initialState(),
          ),
        fileOf: async (_orgId, doc) => {
          const bytes = new TextEncoder().encode(`<invoice>${doc.validation?.number}</invoice>`);
          return {
            bytes,
            name: `${doc.validation?.number}.xml`,
            contentType: "application/xml",
            syntax: "CII",
            profile: "CIUS",
            sha256: createHash("sha256").update(bytes).digest("hex"),
          };
        },
        clock: () => AT,
      });
    });
    const person = { ...alpha, kind: "person" as const, siren: null, vatNumber: null };
    const foreign = {
      ...alpha,
      billingAddress: {
        line1: "1 Hauptstraße",
        line2: null,
        postalCode: "10115",
        city: "Berlin",
        country: "DE",
      },
    };
    const unknown = { ...alpha, siren: "552120222" };
    const doc = (orgId: string, id: string, number: string, changes = {}) => [
      { orgId, streamId: documentStreamId(id), ...created(id, changes) },
      { orgId, streamId: documentStreamId(id), ...validated(number) },
    ];
    try {
      await spec.given().then({ commands: [], calls: [] });
      const events = [
        ...doc(connected, "d-send", "FA2026-00001"),
        ...doc(connected, "d-b2c", "FA2026-00002", { contact: person }),
        ...doc(connected, "d-foreign", "FA2026-00003", { contact: foreign }),
        ...doc(connected, "d-unknown", "FA2026-00004", { contact: unknown }),
        ...doc(connected, "d-purchase", "F-778", { direction: "purchases" }),
        ...doc(unconnected, "d-other", "FA2026-00001"),
      ];
      await spec.given(...events).then((appended: readonly StoredEvent[]) => {
        const at = (i: number) => appended[i] as StoredEvent;
        const notSent = (i: number, docId: string, reason: string) => ({
          orgId: connected,
          type: "RecordTransmissionNotSent",
          data: { docId, reason, at: AT.toISOString() },
          commandId: reactionId(name, at(i), "not-sent"),
        });
        const sha = createHash("sha256").update("<invoice>FA2026-00001</invoice>").digest("hex");
        return {
          commands: [
            {
              orgId: connected,
              type: "RecordTransmissionSubmitted",
              data: {
                docId: "d-send",
                flowId: "flow-1",
                trackingId: "FA2026-00001",
                sha256: sha,
                syntax: "CII",
                profile: "CIUS",
                processingRule: "B2B",
                fileName: "FA2026-00001.xml",
                at: AT.toISOString(),
                on: "2026-11-30",
              },
              commandId: reactionId(name, at(1), "submitted"),
            },
            notSent(3, "d-b2c", "b2c"),
            notSent(5, "d-foreign", "international"),
            notSent(7, "d-unknown", "notInDirectory"),
          ],
          calls: [
            {
              port: "directory",
              method: "lookupSiren",
              args: ["732829320", { requestId: reactionId(name, at(1), "lookup") }],
            },
            {
              port: "directory",
              method: "lookupSiren",
              args: ["552120222", { requestId: reactionId(name, at(7), "lookup") }],
            },
          ],
        };
      });
      // Submitted once, though the reaction was given again: the replay found the flow at the platform.
      expect(fake.submissions).toMatchObject([
        { account: connected, trackingId: "FA2026-00001", sha256: expect.any(String) },
      ]);
    } finally {
      await spec.close();
    }
  });
});
