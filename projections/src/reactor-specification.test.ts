import { randomUUID } from "node:crypto";
import type { StoredEvent } from "@registre/store";
import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { type CommandPort, type Reactor, reactionId, reactionMetadata } from "./reactor.ts";
import { reactorSpecification } from "./testing/reactor-specification.ts";

/** A platform the invoices are sent to: it takes an idempotency key, as such platforms do. */
type Platform = { readonly submit: (invoiceId: string, key: string) => Promise<{ ticket: string }> };

/**
 * The specification's subject: sends each validated invoice to the platform (the reaction's id as the
 * key, so a replay is recognised there too) and records the platform's ticket with a command; a credit
 * note is not sent.
 */
const sendingReactor = (name: string, commands: CommandPort, platform: Platform): Reactor => ({
  name,
  handles: ["SpecInvoiceValidated"],
  react: async (events) => {
    for (const e of events) {
      const { invoiceId, kind } = e.data as { invoiceId: string; kind: string };
      if (kind !== "invoice") continue;
      const { ticket } = await platform.submit(invoiceId, reactionId(name, e, "submit"));
      await commands.issue({
        orgId: e.orgId,
        type: "RecordSubmission",
        data: { invoiceId, ticket },
        metadata: reactionMetadata(name, e, new Date("2026-11-30T12:00:00.000Z"), "record"),
      });
    }
  },
});

describe.each(databaseKinds)("a reactor specification on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("states the commands issued and the port calls made, and replays them with the same ids", async () => {
    const name = `sending_${kind}`;
    const spec = reactorSpecification(database, ({ commands, port }) =>
      sendingReactor(
        name,
        commands,
        port<Platform>("platform", { submit: async (invoiceId) => ({ ticket: `T-${invoiceId}` }) }),
      ),
    );
    const org = randomUUID();
    const other = randomUUID();
    try {
      // Nothing happened yet: nothing is done.
      await spec.given().then({ commands: [], calls: [] });
      const events = [
        {
          orgId: org,
          streamId: "doc-1",
          type: "SpecInvoiceValidated",
          data: { invoiceId: "FA1", kind: "invoice" },
        },
        {
          orgId: org,
          streamId: "doc-2",
          type: "SpecInvoiceValidated",
          data: { invoiceId: "AV1", kind: "credit" },
        },
        {
          orgId: other,
          streamId: "doc-3",
          type: "SpecInvoiceValidated",
          data: { invoiceId: "FA2", kind: "invoice" },
        },
        { orgId: org, streamId: "doc-4", type: "SpecOther", data: {} },
      ];
      // The ids derive from the events' places in the log: stated from the events as appended.
      await spec.given(...events).then(([fa1, , fa2]) => ({
        commands: [
          {
            orgId: org,
            type: "RecordSubmission",
            data: { invoiceId: "FA1", ticket: "T-FA1" },
            commandId: reactionId(name, fa1 as StoredEvent, "record"),
          },
          {
            orgId: other,
            type: "RecordSubmission",
            data: { invoiceId: "FA2", ticket: "T-FA2" },
            commandId: reactionId(name, fa2 as StoredEvent, "record"),
          },
        ],
        calls: [
          {
            port: "platform",
            method: "submit",
            args: ["FA1", reactionId(name, fa1 as StoredEvent, "submit")],
          },
          {
            port: "platform",
            method: "submit",
            args: ["FA2", reactionId(name, fa2 as StoredEvent, "submit")],
          },
        ],
      }));
    } finally {
      await spec.close();
    }
  });
});
