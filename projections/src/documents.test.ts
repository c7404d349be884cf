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
const quote = (id: string): DocumentCommand => ({
  type: "CreateDocument",
  data: {
    id,
    kind: "quote",
    direction: "sales",
    header: { issueDate: "2026-03-02", label: "Devis" },
    contact,
    lines: [free("L1", "Conseil", "3", "80")],
    numbering: {
      series: { id: "sales-quote", kind: "quote", direction: "sales", format: "DE{YYYY}-{###}" },
      sequence: 1,
    },
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
        // Counted once, in its validated cell: the draft's cell emptied (deleted), the deleted one's too.
        document_days: [
          {
            org_id: org,
            direction: "sales",
            kind: "invoice",
            issue_date: "2026-03-02",
            status: "validated",
            documents: 1,
            total_excl_tax: 84_550,
            total_incl_tax: 101_460,
          },
        ],
        // Open: by the day it falls due, and its customer's.
        document_open_days: [
          {
            org_id: org,
            direction: "sales",
            kind: "invoice",
            due_day: "2026-04-01",
            documents: 1,
            due: 101_460,
          },
        ],
        document_open_contacts: [
          { org_id: org, direction: "sales", contact_key: contact.id, documents: 1, due: 101_460 },
        ],
      });
  });

  it("given documents whose day, lines and status change over batches, then the day cells count each once where it stands", async () => {
    const org = randomUUID();
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const cell = (kind: string, issue_date: string, status: string, documents: number, excl: number) => ({
      org_id: org,
      direction: "sales",
      kind,
      issue_date,
      status,
      documents,
      total_excl_tax: excl,
      total_incl_tax: excl * 1.2,
    });
    await spec
      .given(
        // a: moved to the 5th, a line added (its cell follows it and its amount); b: stays a draft on the 2nd;
        // c: a quote of the 2nd marked sent; d: a quote on the 2nd, then deleted.
        ...decided(org, a, [
          create(a, "A"),
          { type: "ChangeDocumentHeader", data: { issueDate: "2026-03-05" } },
          { type: "AddDocumentLine", data: { line: free("L2", "Extra", "1", "60") } },
        ]),
        ...decided(org, b, [create(b, "B")]),
        ...decided(org, c, [
          quote(c),
          { type: "ChangeDocumentStatus", data: { status: "sent", on: "2026-03-03" } },
        ]),
        ...decided(org, d, [quote(d), { type: "DeleteDocument", data: {} }]),
      )
      .then({
        document_days: [
          cell("invoice", "2026-03-02", "draft", 1, 24_000),
          cell("invoice", "2026-03-05", "draft", 1, 30_000),
          cell("quote", "2026-03-02", "sent", 1, 24_000),
        ],
      });
  });

  it("given invoices validated, paid in part, paid in full and released, then the open cells hold what is left due", async () => {
    const org = randomUUID();
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const series = {
      id: "sales-invoice",
      kind: "invoice" as const,
      direction: "sales" as const,
      format: "FA{#####}",
    };
    const validate = (sequence: number): DocumentCommand => ({
      type: "ValidateDocument",
      data: { validatedOn: "2026-03-02", entryMvt: randomUUID(), numbering: { series, sequence } },
      context: { seller, lastIssueDate: null },
    });
    const paid = (id: string, payment: string, amount: number): GivenEvent => ({
      orgId: org,
      streamId: documentStreamId(id),
      type: "DocumentPaymentAllocated",
      data: { payment, date: "2026-03-10", amount, lines: [] },
    });
    const released = (id: string, payment: string): GivenEvent => ({
      orgId: org,
      streamId: documentStreamId(id),
      type: "DocumentPaymentReleased",
      data: { payment },
    });
    // Each 28,800 incl. tax, due on 2026-04-01: a paid 10,000; b paid in full, then that payment released;
    // c paid in full; a draft (not validated) owes nothing yet.
    await spec
      .given(
        ...decided(org, a, [create(a, "A"), validate(1)]),
        ...decided(org, b, [create(b, "B"), validate(2)]),
        ...decided(org, c, [create(c, "C"), validate(3)]),
        ...decided(org, d, [create(d, "Draft")]),
        paid(a, "P1", 10_000),
        paid(b, "P2", 28_800),
        paid(c, "P3", 28_800),
        released(b, "P2"),
      )
      .then({
        document_open_days: [
          {
            org_id: org,
            direction: "sales",
            kind: "invoice",
            due_day: "2026-04-01",
            documents: 2,
            due: 47_600,
          },
        ],
        document_open_contacts: [
          { org_id: org, direction: "sales", contact_key: contact.id, documents: 2, due: 47_600 },
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
