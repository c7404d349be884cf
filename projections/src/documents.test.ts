import { randomUUID } from "node:crypto";
import {
  type DocumentCommand,
  type DocumentContact,
  type DocumentEvent,
  type DocumentState,
  documentDecider,
  documentStreamId,
} from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { documentsProjector } from "./documents.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const T0 = "2026-03-02T09:00:00.000Z";
const seller = {
  name: "Atelier",
  siren: "552120222",
  vatNumber: "FR27552120222",
  hasAddress: true,
  vatFranchise: false,
};
const contact: DocumentContact = {
  id: "00000000-0000-4000-8000-000000000001",
  kind: "company",
  name: "Alpha SARL",
  siren: "732829320",
  vatNumber: null,
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

/** The events the core decides for these commands, as events of the document's stream. */
const decided = (orgId: string, id: string, commands: readonly DocumentCommand[], at = T0): GivenEvent[] => {
  let state: DocumentState = documentDecider.initialState();
  const events: DocumentEvent[] = [];
  for (const command of commands) {
    const produced = documentDecider.decide(command, state);
    events.push(...produced);
    state = produced.reduce(documentDecider.evolve, state);
  }
  return events.map((e) => ({ orgId, streamId: documentStreamId(id), type: e.type, at, data: e.data }));
};

const create = (id: string, label: string, lines = [free("L1", "Conseil", "3", "80")]): DocumentCommand => ({
  type: "CreateDocument",
  data: {
    id,
    kind: "invoice",
    direction: "sales",
    header: { issueDate: "2026-03-02", label },
    contact,
    lines,
  },
});
const free = (id: string, label: string, quantity: string, unitPrice: string) => ({
  kind: "free" as const,
  id,
  label,
  quantity,
  unitPrice,
  vatRate: "20" as const,
  account: "706000",
});

describe.each(databaseKinds)("documents read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, documentsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given an invoice drafted, changed and validated, and one deleted, then one row with its totals, entry and lines", async () => {
    const org = randomUUID();
    const [id, gone] = [randomUUID(), randomUUID()];
    const mvt = randomUUID();
    const series = {
      id: "sales-invoice",
      kind: "invoice" as const,
      direction: "sales" as const,
      format: "FA{YYYY}-{#####}",
    };
    await spec
      .given(
        ...decided(org, id, [
          create(id, "Audit"),
          { type: "AddDocumentLine", data: { line: free("L2", "Déplacement", "1", "45.5") } },
          { type: "ChangeDocumentLine", data: { line: free("L1", "Conseil", "10", "80") } },
          {
            type: "ValidateDocument",
            data: { validatedOn: "2026-03-03", entryMvt: mvt, numbering: { series, sequence: 7 } },
            context: { seller, lastIssueDate: null },
          },
        ]),
        ...decided(org, gone, [create(gone, "Gone"), { type: "DeleteDocument", data: {} }]),
      )
      .then({
        documents: [
          expect.objectContaining({
            org_id: org,
            id,
            direction: "sales",
            kind: "invoice",
            status: "validated",
            number: "FA2026-00007",
            series: "sales-invoice",
            contact_id: contact.id,
            contact_name: "Alpha SARL",
            issue_date: "2026-03-02",
            due_date: "2026-04-01",
            total_excl_tax: 84_550,
            total_vat: 16_910,
            total_incl_tax: 101_460,
            paid: 0,
            due: 101_460,
            entry_mvt: mvt,
            validated_on: "2026-03-03",
            line_count: 2,
            version: 4,
            search: "fa2026-00007\u001falpha sarl\u001f\u001faudit",
          }),
        ],
        document_lines: [
          expect.objectContaining({
            org_id: org,
            doc_id: id,
            line_id: "L1",
            rank: 0,
            net: 80_000,
            quantity: "10",
          }),
          expect.objectContaining({
            org_id: org,
            doc_id: id,
            line_id: "L2",
            rank: 1,
            net: 4_550,
            account: "706000",
          }),
        ],
      });
  });

  it("given labels no bulk writer should mangle, then the rebuilt rows equal the live ones", async () => {
    const org = randomUUID();
    const ids = hostileTexts.map(() => randomUUID());
    await spec
      .given(
        ...ids.flatMap((id, i) =>
          decided(org, id, [
            create(id, hostileTexts[i] ?? "", [free("L1", hostileTexts[i] ?? "", "1", "10")]),
          ]),
        ),
      )
      // Live equals rebuilt (COPY) row for row, the state's jsonb too: the texts went through both writers intact.
      .then({
        documents: ids.map((id) => expect.objectContaining({ id, line_count: 1 })),
        document_lines: ids.map((id) => expect.objectContaining({ doc_id: id, line_id: "L1", net: 1_000 })),
      });
  });
});
