import { randomUUID } from "node:crypto";
import { depositStreamId, paymentStreamId, type RecordedPayment } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { paymentsProjector } from "./payments.ts";
import { hostileTexts, projectorSpecification } from "./testing/index.ts";

const T0 = "2026-03-02T09:00:00.000Z";

const payment = (id: string, changes: Partial<RecordedPayment> = {}): RecordedPayment => ({
  id,
  direction: "sales",
  date: "2026-03-02",
  amount: 12_000,
  modeId: "cheque",
  modeKind: "cheque",
  modeLabel: "Chèque",
  treasury: { journal: "BQ", account: "511200", bankAccount: "512000", bankId: null },
  reference: "1234567",
  drawer: "Alpha SARL",
  drawerBank: "Banque Populaire",
  contact: {
    id: "00000000-0000-4000-8000-000000000001",
    name: "Alpha SARL",
    auxiliary: { control: "411000", code: "CALPHA" },
  },
  allocations: [
    { doc: "00000000-0000-4000-8000-0000000000d1", number: "FA2026-00001", kind: "invoice", amount: 10_000 },
  ],
  entryMvt: randomUUID(),
  ...changes,
});

describe.each(databaseKinds)("payments read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, paymentsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given payments recorded, one cancelled and one deposited, then their rows and the deposit", async () => {
    const org = randomUUID();
    const [a, b, d] = [randomUUID(), randomUUID(), randomUUID()];
    const pa = payment(a, { reference: hostileTexts[0] ?? "x" });
    const pb = payment(b, { amount: 5_000, allocations: [] });
    const reversal = randomUUID();
    const entry = randomUUID();
    await spec
      .given(
        { orgId: org, streamId: paymentStreamId(a), type: "PaymentRecorded", at: T0, data: pa },
        { orgId: org, streamId: paymentStreamId(b), type: "PaymentRecorded", at: T0, data: pb },
        {
          orgId: org,
          streamId: paymentStreamId(b),
          type: "PaymentCancelled",
          at: T0,
          data: { on: "2026-03-03", reversalMvt: reversal },
        },
        {
          orgId: org,
          streamId: depositStreamId(d),
          type: "DepositRecorded",
          at: T0,
          data: {
            id: d,
            number: "REM2026-0001",
            date: "2026-03-04",
            bankId: null,
            bankAccount: "512000",
            journal: "BQ",
            source: "511200",
            payments: [
              {
                payment: a,
                date: "2026-03-02",
                amount: 12_000,
                reference: pa.reference,
                drawer: "Alpha SARL",
                drawerBank: "Banque Populaire",
                contactName: "Alpha SARL",
              },
            ],
            total: 12_000,
            entryMvt: entry,
          },
        },
        {
          orgId: org,
          streamId: paymentStreamId(a),
          type: "PaymentDeposited",
          at: T0,
          data: { deposit: d, number: "REM2026-0001", on: "2026-03-04" },
        },
      )
      .then({
        payments: [
          expect.objectContaining({
            org_id: org,
            id: a,
            status: "validated",
            amount: 12_000,
            refund: false,
            allocated: 10_000,
            account: "511200",
            reference: pa.reference,
            deposit_id: d,
            deposit_number: "REM2026-0001",
            allocations: pa.allocations,
          }),
          expect.objectContaining({
            org_id: org,
            id: b,
            status: "cancelled",
            allocated: 0,
            cancelled_on: "2026-03-03",
            reversal_mvt: reversal,
            deposit_id: null,
          }),
        ].sort((x, y) => (x.id < y.id ? -1 : 1)),
        deposits: [
          expect.objectContaining({
            org_id: org,
            id: d,
            number: "REM2026-0001",
            count: 1,
            total: 12_000,
            entry_mvt: entry,
          }),
        ],
      });
  });
  it("given an advance used later twice, then the row's allocations and allocated grow", async () => {
    const org = randomUUID();
    const a = randomUUID();
    const pa = payment(a, { amount: 30_000, allocations: [] });
    const use = (doc: string, number: string, amount: number) => ({
      orgId: org,
      streamId: paymentStreamId(a),
      type: "PaymentRemainderAllocated",
      at: T0,
      data: {
        date: "2026-03-05",
        allocations: [{ doc, number, kind: "invoice", amount }],
        entryMvt: randomUUID(),
        line: null,
      },
    });
    const d1 = "00000000-0000-4000-8000-0000000000d1";
    const d2 = "00000000-0000-4000-8000-0000000000d2";
    await spec
      .given(
        { orgId: org, streamId: paymentStreamId(a), type: "PaymentRecorded", at: T0, data: pa },
        use(d1, "FA2026-00001", 10_000),
        use(d2, "FA2026-00002", 12_500),
      )
      .then(
        {
          payments: [
            expect.objectContaining({
              id: a,
              amount: 30_000,
              allocated: 22_500,
              allocations: [
                { doc: d1, number: "FA2026-00001", kind: "invoice", amount: 10_000 },
                { doc: d2, number: "FA2026-00002", kind: "invoice", amount: 12_500 },
              ],
            }),
          ],
        },
        { only: (r: Record<string, unknown>) => r.org_id === org },
      );
  });
  it("given a refund netting an invoice against a credit note, then refund set and allocated its whole amount", async () => {
    const org = randomUUID();
    const a = randomUUID();
    const refund = payment(a, {
      amount: 3_000,
      refund: true,
      allocations: [
        {
          doc: "00000000-0000-4000-8000-0000000000c1",
          number: "AV2026-00001",
          kind: "creditNote",
          amount: 5_000,
        },
        {
          doc: "00000000-0000-4000-8000-0000000000d1",
          number: "FA2026-00001",
          kind: "invoice",
          amount: 2_000,
        },
      ],
    });
    await spec
      .given({ orgId: org, streamId: paymentStreamId(a), type: "PaymentRecorded", at: T0, data: refund })
      .then(
        { payments: [expect.objectContaining({ id: a, refund: true, amount: 3_000, allocated: 3_000 })] },
        { only: (r: Record<string, unknown>) => r.org_id === org },
      );
  });
});
