import { randomUUID } from "node:crypto";
import { createEventStore } from "@registre/store";
import fc from "fast-check";
import { type RawBuilder, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { documentsProjector } from "./documents.ts";
import { createProjectionRunner } from "./runner.ts";
import { salesStatsProjector } from "./sales-stats.ts";
import { type GivenEvent, hostileTexts, projectorSpecification } from "./testing/index.ts";

const line = (id: string, changes: Record<string, unknown> = {}) => ({
  kind: "free",
  id,
  itemId: null,
  reference: null,
  label: "Prestation",
  description: null,
  unit: "C62",
  quantity: "1",
  unitPrice: "100.00",
  discount: "0",
  vatRate: "20",
  vatExemption: null,
  account: "706000",
  nature: "services",
  originLineId: null,
  ...changes,
});

const header = (issueDate: string) => ({
  issueDate,
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
});

const contact = (id: string, name: string) => ({
  id,
  kind: "company",
  name,
  siren: null,
  vatNumber: null,
  billingAddress: null,
  deliveryAddress: null,
  auxiliary: null,
  paymentTerms: null,
});

type DocSpec = {
  kind: "invoice" | "creditNote" | "quote";
  direction: "sales" | "purchases";
  issueDate: string;
  contact: ReturnType<typeof contact>;
  lines: ReturnType<typeof line>[];
};

const created = (orgId: string, id: string, d: DocSpec): GivenEvent => ({
  orgId,
  streamId: `doc-${id}`,
  type: "DocumentCreated",
  data: { id, number: null, series: null, origin: null, depositOn: null, ...d, header: header(d.issueDate) },
});

const validated = (orgId: string, id: string, number: string): GivenEvent => ({
  orgId,
  streamId: `doc-${id}`,
  type: "DocumentValidated",
  data: { number, series: null, sequence: null, dueDate: null, validatedOn: "2025-01-31", entryMvt: null },
});

describe.each(databaseKinds)("sales_stats read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, salesStatsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given invoices, a credit note, a purchase, drafts and an item's buy price changing, then one signed row per validated line with its cost then; a rebuild equals it", async () => {
    const org = randomUUID();
    const item = randomUUID();
    const alpha = contact(randomUUID(), hostileTexts[6] ?? "Alpha");
    const beta = contact(randomUUID(), "Beta SAS");
    const [f1, f2, credit, purchase] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [draft, deleted, quote] = [randomUUID(), randomUUID(), randomUUID()];
    const itemLine = (id: string, quantity: string) =>
      line(id, {
        kind: "item",
        itemId: item,
        quantity,
        unitPrice: "10.00",
        label: "Widget",
        nature: "goods",
      });
    await spec
      .given(
        {
          orgId: org,
          streamId: `item-${item}`,
          type: "ItemCreated",
          data: { id: item, buyPrice: "6.00", sellPrice: "10.00" },
        },
        created(org, f1, {
          kind: "invoice",
          direction: "sales",
          issueDate: "2025-01-15",
          contact: alpha,
          lines: [itemLine("L1", "10"), line("L2", { vatRate: "5.5", unitPrice: "50.00" })],
        }),
        {
          orgId: org,
          streamId: `doc-${f1}`,
          type: "DocumentLineChanged",
          data: { line: line("L2", { vatRate: "5.5", unitPrice: "60.00" }) },
        },
        validated(org, f1, "FA2025-00001"),
        {
          orgId: org,
          streamId: `item-${item}`,
          type: "ItemPricesChanged",
          data: { buyPrice: "7.00", sellPrice: "10.00", percentage: null },
        },
        created(org, f2, {
          kind: "invoice",
          direction: "sales",
          issueDate: "2025-02-03",
          contact: beta,
          lines: [{ kind: "title", id: "T", label: "Lot" } as never, itemLine("L1", "2")],
        }),
        validated(org, f2, "FA2025-00002"),
        created(org, credit, {
          kind: "creditNote",
          direction: "sales",
          issueDate: "2025-02-10",
          contact: beta,
          lines: [itemLine("L1", "1")],
        }),
        validated(org, credit, "AV2025-00001"),
        created(org, purchase, {
          kind: "invoice",
          direction: "purchases",
          issueDate: "2025-02-11",
          contact: alpha,
          lines: [itemLine("L1", "5")],
        }),
        validated(org, purchase, "FF-1"),
        created(org, draft, {
          kind: "invoice",
          direction: "sales",
          issueDate: "2025-03-01",
          contact: alpha,
          lines: [],
        }),
        created(org, deleted, {
          kind: "invoice",
          direction: "sales",
          issueDate: "2025-03-01",
          contact: alpha,
          lines: [line("L1")],
        }),
        { orgId: org, streamId: `doc-${deleted}`, type: "DocumentDeleted", data: { id: deleted } },
        created(org, quote, {
          kind: "quote",
          direction: "sales",
          issueDate: "2025-03-01",
          contact: alpha,
          lines: [],
        }),
      )
      .then({
        sales_stats: [
          expect.objectContaining({
            doc_id: f1,
            rank: 0,
            month: "2025-01",
            kind: "invoice",
            direction: "sales",
            contact_id: alpha.id,
            contact_name: alpha.name,
            item_id: item,
            vat_rate: "20",
            quantity: "10",
            net: 10_000,
            cost: 6_000,
          }),
          expect.objectContaining({
            doc_id: f1,
            rank: 1,
            item_id: null,
            vat_rate: "5.5",
            net: 6_000,
            cost: null,
          }),
          expect.objectContaining({ doc_id: f2, rank: 1, month: "2025-02", net: 2_000, cost: 1_400 }),
          expect.objectContaining({
            doc_id: credit,
            kind: "creditNote",
            quantity: "-1",
            net: -1_000,
            cost: -700,
          }),
          expect.objectContaining({ doc_id: purchase, direction: "purchases", net: 5_000, cost: null }),
        ],
        sales_stats_pending: [expect.objectContaining({ doc_id: draft })],
        sales_stats_item_costs: [{ org_id: org, item_id: item, buy_price: "7.00" }],
      });
  });

  it("a year's revenue equals the validated sales invoices minus credit notes, net, of the documents read model; the monthly summaries the GROUP BYs of the rows", async () => {
    const store = createEventStore(database);
    const runner = createProjectionRunner(database, store, [documentsProjector, salesStatsProjector], {
      batchSize: 3,
    });
    await runner.setup();
    const amount = fc.integer({ min: 1, max: 99_999 }).map((c) => (c / 100).toFixed(2));
    const aLine = fc.record({
      quantity: fc.constantFrom("1", "2", "0.5", "3.25", "-1"),
      unitPrice: amount,
      discount: fc.constantFrom("0", "10", "33.3333"),
      vatRate: fc.constantFrom("20", "10", "5.5", "0"),
    });
    const aDoc = fc.record({
      kind: fc.constantFrom("invoice" as const, "creditNote" as const, "quote" as const),
      direction: fc.constantFrom("sales" as const, "purchases" as const),
      issueDate: fc.constantFrom("2024-12-31", "2025-01-01", "2025-06-15", "2025-12-31", "2026-01-01"),
      lines: fc.array(aLine, { minLength: 1, maxLength: 4 }),
      validated: fc.boolean(),
    });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(aDoc, { maxLength: 8 }), async (docs) => {
          const org = randomUUID();
          const who = contact(randomUUID(), "Client");
          for (const d of docs) {
            const id = randomUUID();
            const events = [
              created(org, id, { ...d, contact: who, lines: d.lines.map((l, i) => line(`L${i}`, l)) }),
              ...(d.validated ? [validated(org, id, `N-${id}`)] : []),
            ];
            for (const e of events)
              await store.append(org, e.streamId, "any", [{ type: e.type, data: e.data }], {
                metadata: { commandId: randomUUID(), at: "2026-01-01T00:00:00.000Z" },
              });
          }
          await runner.drain();
          const { rows: stats } = await sql<{ total: string | null }>`select sum(net)::text as total
            from sales_stats where org_id = ${org} and direction = 'sales' and month like '2025-%'`.execute(
            database.db,
          );
          const { rows: documents } = await sql<{ total: string | null }>`select sum(case kind
              when 'creditNote' then -total_excl_tax else total_excl_tax end)::text as total
            from documents where org_id = ${org} and direction = 'sales' and validated_on is not null
              and kind in ('invoice', 'creditNote') and issue_date like '2025-%'`.execute(database.db);
          expect(BigInt(stats[0]?.total ?? "0")).toBe(BigInt(documents[0]?.total ?? "0"));
          // The monthly summaries, upserted batch after batch, are the GROUP BYs of the rows.
          const same = async (summary: RawBuilder<unknown>, rows: RawBuilder<unknown>) => {
            const [a, b] = await Promise.all([summary.execute(database.db), rows.execute(database.db)]);
            expect(a.rows).toEqual(b.rows);
          };
          await same(
            sql`select month, direction, contact_id, contact_name, net::text, lines, invoices, credit_notes,
                invoiced::text from sales_stats_months where org_id = ${org} order by 1, 2, 3`,
            sql`select month, direction, contact_id, max(contact_name) as contact_name, sum(net)::text as net,
              count(*)::int as lines, count(distinct doc_id) filter (where kind = 'invoice')::int as invoices,
              count(distinct doc_id) filter (where kind = 'creditNote')::int as credit_notes,
              coalesce(sum(net) filter (where kind = 'invoice'), 0)::text as invoiced
              from sales_stats where org_id = ${org} group by 1, 2, 3 order by 1, 2, 3`,
          );
          await same(
            sql`select month, direction, item_id, label, quantity::text, net::text, costed::text, cost::text, lines,
                documents, costed_quantity::text, costed_lines
              from sales_stats_month_items where org_id = ${org} order by 1, 2, 3`,
            sql`select month, direction, item_id, max(label) as label, sum(quantity::numeric)::text as quantity,
              sum(net)::text as net, coalesce(sum(net) filter (where cost is not null), 0)::text as costed,
              coalesce(sum(cost), 0)::text as cost, count(*)::int as lines, count(distinct doc_id)::int as documents,
              coalesce(sum(quantity::numeric) filter (where cost is not null), 0)::text as costed_quantity,
              (count(*) filter (where cost is not null))::int as costed_lines
              from sales_stats where org_id = ${org} group by 1, 2, 3 order by 1, 2, 3`,
          );
          await same(
            sql`select month, direction, vat_rate, net::text, lines from sales_stats_month_rates
              where org_id = ${org} order by 1, 2, 3`,
            sql`select month, direction, vat_rate, sum(net)::text as net, count(*)::int as lines
              from sales_stats where org_id = ${org} group by 1, 2, 3 order by 1, 2, 3`,
          );
        }),
        { numRuns: 8 },
      );
    } finally {
      await runner.stop();
    }
  });
});
