import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { einvoicingInboxProjector } from "./einvoicing-inbox.ts";
import { hostileTexts, projectorSpecification } from "./testing/index.ts";

const info = (receivedId: string, flowId: string) => ({
  receivedId,
  flowId,
  trackingId: "F202500003",
  receivedAt: "2025-07-01T14:10:00.000Z",
  syntax: "CII",
});

describe.each(databaseKinds)("einvoicing_inbox read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, einvoicingInboxProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given flows imported and refused, and statuses sent, then one row each with its statuses; a rebuild equals it", async () => {
    const org = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    const doc = randomUUID();
    const status = (code: number, reasonCode: string | null, at: string) => ({
      code,
      reasonCode,
      reason: reasonCode ? hostileTexts[4] : null,
      flowId: `lc-${code}`,
      trackingId: `t-${code}`,
      at,
    });
    await spec
      .given(
        {
          orgId: org,
          streamId: `einvoicing-received-${a}`,
          type: "ReceivedFlowImported",
          data: {
            ...info(a, "flow-a"),
            docId: doc,
            contactId: null,
            contactCreated: false,
            invoice: {
              number: "F202500003",
              issueDate: "2025-07-01",
              typeCode: "380",
              sellerName: hostileTexts[6],
              sellerSiren: "100000009",
              buyerSiren: "200000008",
              totalCents: 1_200_000,
              currency: "EUR",
            },
          },
        },
        {
          orgId: org,
          streamId: `einvoicing-received-${b}`,
          type: "ReceivedFlowRefused",
          data: { ...info(b, "flow-b"), code: "einvoice.unsafeXml", field: "file" },
        },
        {
          orgId: org,
          streamId: `einvoicing-received-${a}`,
          type: "BuyerStatusSent",
          data: status(204, null, "2025-07-02T08:00:00.000Z"),
        },
        {
          orgId: org,
          streamId: `einvoicing-received-${a}`,
          type: "BuyerStatusSent",
          data: status(207, "QTE_ERR", "2025-07-03T08:00:00.000Z"),
        },
        {
          orgId: org,
          streamId: `einvoicing-received-${a}`,
          type: "BuyerStatusSent",
          data: status(210, "DOUBLON", "2025-07-04T08:00:00.000Z"),
        },
      )
      .then({
        einvoicing_inbox: [
          expect.objectContaining({
            received_id: a,
            flow_id: "flow-a",
            state: "imported",
            doc_id: doc,
            supplier_name: hostileTexts[6],
            invoice_number: "F202500003",
            total_cents: 1_200_000,
            statuses: [
              status(204, null, "2025-07-02T08:00:00.000Z"),
              status(207, "QTE_ERR", "2025-07-03T08:00:00.000Z"),
              status(210, "DOUBLON", "2025-07-04T08:00:00.000Z"),
            ],
            last_status: 210,
            last_status_at: new Date("2025-07-04T08:00:00.000Z"),
          }),
          expect.objectContaining({
            received_id: b,
            state: "refused",
            refusal_code: "einvoice.unsafeXml",
            refusal_field: "file",
            doc_id: null,
            statuses: [],
            last_status: null,
          }),
        ],
      });
  });
});
