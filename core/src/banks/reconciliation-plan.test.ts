import { describe, expect, it } from "vitest";
import { aux, chartWith } from "../accounting/entry.fixtures.ts";
import { VOLUME_COUNTER } from "../accounting/entry.ts";
import { lineRef } from "../accounting/lettering.ts";
import { defaultPostingAccounts } from "../documents/posting.ts";
import { type BankingCommand, type BankingState, bankingDecider } from "../payments/banking.ts";
import { docState, invoiceEvents } from "../payments/payments.fixtures.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { buildMatchIndex, type OpenInvoice } from "./matching.ts";
import type { BankStatementLine } from "./model.ts";
import {
  bulkReconciliation,
  type ReconciliationData,
  reconciledPaymentPlan,
  resolveMatchKey,
  statementLinePayment,
  statementMatches,
  statementPaymentMode,
} from "./reconciliation-plan.ts";

/** Given the bank's open items: two invoices of Alpha, a credit note of Beta, a payment and an entry not matched. */
const open: OpenInvoice[] = [
  { id: "d-1", number: "FA2026-00001", contactId: "c-alpha", due: 120000, date: "2026-02-20" },
  { id: "d-2", number: "FA2026-00002", contactId: "c-alpha", due: 30000, date: "2026-02-25" },
  { id: "n-1", number: "AV2026-00001", contactId: "c-alpha", due: -5000, date: "2026-02-26" },
  { id: "b-1", number: "F-77", contactId: "c-beta", due: -80000, date: "2026-02-01" },
];
const data: ReconciliationData = {
  index: buildMatchIndex(open, [
    { id: "c-alpha", name: "Alpha SARL", ibans: [] },
    { id: "c-beta", name: "Beta SAS", ibans: [] },
  ]),
  targets: new Map([
    ["payment:p-9", { mvt: "e-9", line: 1, amount: 4500 }],
    ["entry:e-7:2", { mvt: "e-7", line: 2, amount: -1990 }],
  ]),
  sides: new Map([
    ["d-1", "sales"],
    ["d-2", "sales"],
    ["n-1", "sales"],
    ["b-1", "purchases"],
  ]),
  creditNotes: new Set(["n-1"]),
};

const banking = (...commands: BankingCommand[]): BankingState =>
  commands.reduce(
    (s, c) => bankingDecider.decide(c, s).reduce(bankingDecider.evolve, s),
    bankingDecider.initialState(),
  );
const withBank = banking(
  { type: "CreateBank", data: { id: "b1", name: "Banque", account: "512001", journal: "BQ1" } },
  { type: "CreatePaymentMode", data: { id: "m-card", kind: "card", label: "Carte", bankId: "b1" } },
  { type: "CreatePaymentMode", data: { id: "m-vir", kind: "transfer", label: "Virement", bankId: "b1" } },
  {
    type: "CreatePaymentMode",
    data: { id: "m-chq", kind: "cheque", label: "Chèque", bankId: "b1", deposit: true },
  },
);

const line = (amount: number, extra: Partial<BankStatementLine> = {}): BankStatementLine => ({
  bookingDate: "2026-03-10",
  amount,
  label: "VIR ALPHA SARL",
  details: [],
  ...extra,
});
const toPay = (amount: number) => ({
  amount,
  bookingDate: "2026-03-10",
  reference: null,
  bankRef: null,
  label: "VIR ALPHA SARL FA2026-00001",
});

describe("what a key names", () => {
  it("names open invoices, alone or together", () => {
    expect(resolveMatchKey(data, "invoice:d-1", 120000)).toEqual({ kind: "invoices", invoiceIds: ["d-1"] });
    expect(resolveMatchKey(data, "invoices:d-1+d-2", 150000)).toEqual({
      kind: "invoices",
      invoiceIds: ["d-1", "d-2"],
    });
  });

  it("names an existing payment or entry at the line's own amount: its 512 line", () => {
    expect(resolveMatchKey(data, "payment:p-9", 4500)).toEqual({
      kind: "movement",
      target: { kind: "payment", id: "p-9", mvt: "e-9", line: 1 },
    });
    expect(resolveMatchKey(data, "entry:e-7:2", -1990)).toEqual({
      kind: "movement",
      target: { kind: "entry", id: "e-7", mvt: "e-7", line: 2 },
    });
    expectRefused(
      () => resolveMatchKey(data, "payment:p-9", 4600),
      refusedWith("statementLine.amountDiffers", { field: "key" }, 409),
    );
  });

  it("refuses what is no longer open, and what it cannot name", () => {
    for (const key of ["invoice:d-8", "invoices:d-1+d-8", "payment:p-8", "rule:r-1", "nothing"])
      expectRefused(
        () => resolveMatchKey(data, key, 4500),
        refusedWith("suggestion.gone", { field: "key" }, 409),
      );
  });
});

describe("the payment a statement line records", () => {
  it("goes through the bank's transfer mode, else its first mode not through a deposit", () => {
    expect(statementPaymentMode(withBank, "b1").id).toBe("m-vir");
    const cardOnly = banking(
      { type: "CreateBank", data: { id: "b1", name: "Banque", account: "512001", journal: "BQ1" } },
      { type: "CreatePaymentMode", data: { id: "m-card", kind: "card", label: "Carte", bankId: "b1" } },
    );
    expect(statementPaymentMode(cardOnly, "b1").id).toBe("m-card");
    expectRefused(
      () => statementPaymentMode(withBank, "b2"),
      refusedWith("reconcile.noPaymentMode", { field: "modeId" }, 409),
    );
  });

  it("allocates the line's amount to the invoices in turn: less pays in part, more leaves an advance", () => {
    const bank = { banking: withBank, bankId: "b1" };
    expect(statementLinePayment(data, toPay(130000), ["d-1", "d-2"], bank)).toEqual({
      direction: "sales",
      request: {
        date: "2026-03-10",
        amount: 130000,
        modeId: "m-vir",
        reference: "VIR ALPHA SARL FA2026-00001",
        allocations: [
          { docId: "d-1", amount: 120000 },
          { docId: "d-2", amount: 10000 },
        ],
        refund: false,
      },
    });
    expect(statementLinePayment(data, toPay(200000), ["d-1"], bank).request).toMatchObject({
      amount: 200000,
      allocations: [{ docId: "d-1", amount: 120000 }],
    });
  });

  it("refunds a credit note on a debit line, and pays a supplier's invoice by its reference", () => {
    const bank = { banking: withBank, bankId: "b1" };
    expect(statementLinePayment(data, toPay(-5000), ["n-1"], bank)).toMatchObject({
      direction: "sales",
      request: { amount: 5000, allocations: [{ docId: "n-1", amount: 5000 }], refund: true },
    });
    expect(
      statementLinePayment(data, { ...toPay(-80000), reference: null, bankRef: "BNK-42" }, ["b-1"], bank),
    ).toMatchObject({ direction: "purchases", request: { reference: "BNK-42", refund: false } });
  });

  it("refuses invoices no longer what the line can pay (another sign, another side) before the mode", () => {
    const none = { banking: banking(), bankId: "b1" };
    expectRefused(
      () => statementLinePayment(data, toPay(-120000), ["d-1"], none),
      refusedWith("suggestion.gone", { field: "key" }, 409),
    );
    expectRefused(
      () => statementLinePayment(data, toPay(40000), ["d-1", "b-1"], none),
      refusedWith("suggestion.gone", { field: "key" }, 409),
    );
    expectRefused(
      () => statementLinePayment(data, toPay(120000), ["d-1"], none),
      refusedWith("reconcile.noPaymentMode", { field: "modeId" }, 409),
    );
  });
});

describe("a statement line accepted for an invoice", () => {
  it("is the payment's recording and the line matched to its treasury line, in one plan", () => {
    const posting = chartWith(aux("CALPHA", "411000"));
    const plan = reconciledPaymentPlan(
      {
        id: "p-1",
        mvt: "e-1",
        direction: "sales",
        request: {
          date: "2025-02-01",
          amount: 240000,
          modeId: "transfer",
          allocations: [{ docId: "d-1", amount: 240000 }],
        },
        banking: banking(),
        contact: null,
        documents: [
          {
            id: "d-1",
            state: docState(...invoiceEvents()),
            ownLines: [
              {
                ref: lineRef("m-d-1", 1),
                account: "411000",
                auxiliary: "CALPHA",
                date: "2025-01-05",
                debit: 240000,
                credit: 0,
              },
            ],
          },
        ],
        accounts: defaultPostingAccounts,
        posting,
        validatedOn: "2025-02-02",
      },
      14,
    );
    expect(plan.statement).toEqual([
      {
        type: "MatchStatementLine",
        data: { no: 14, target: { kind: "payment", id: "p-1", mvt: "e-1", line: 1 }, by: "suggestion" },
      },
    ]);
    expect(plan.counters).toEqual({ "entry:BQ:FY2025": 1, [VOLUME_COUNTER]: 480000 });
    const [[draft] = []] = plan.entries.map((e) => e.commands({ "entry:BQ:FY2025": 1, [VOLUME_COUNTER]: 1 }));
    expect(draft).toMatchObject({
      type: "DraftEntry",
      data: {
        journal: "BQ",
        lines: [
          { account: "512000", debit: 240000 },
          { account: "411000", credit: 240000 },
        ],
      },
    });
    expect(plan.documents[0]?.commands).toMatchObject([
      { type: "AllocatePayment", data: { amount: 240000 } },
    ]);
    expect(plan.lettering).toHaveLength(1);
  });

  it("matches existing movements as the statement's commands", () => {
    expect(
      statementMatches([{ no: 3, target: { kind: "deposit", id: "r-1", mvt: "e-4", line: 1 } }], "user"),
    ).toEqual([
      {
        type: "MatchStatementLine",
        data: { no: 3, target: { kind: "deposit", id: "r-1", mvt: "e-4", line: 1 }, by: "user" },
      },
    ]);
  });
});

describe("a bulk reconciliation", () => {
  const lines = new Map([
    [1, { line: line(120000, { label: "VIR ALPHA SARL FA2026-00001" }), matched: false }],
    [2, { line: line(4500, { label: "REMISE" }), matched: false }],
    [3, { line: line(777, { label: "FRAIS" }), matched: false }],
    [4, { line: line(120000, { label: "VIR ALPHA SARL FA2026-00001" }), matched: false }],
    [5, { line: line(50, { label: "DEJA" }), matched: true }],
  ]);

  it("takes the key given or the best suggestion clearly ahead; one key per action; says why it skips", () => {
    const { results, matches, payments } = bulkReconciliation(
      data,
      [
        { no: 1 },
        { no: 2, key: "payment:p-9" },
        { no: 3 },
        { no: 4 },
        { no: 5 },
        { no: 6 },
        { no: 7, key: "invoice:d-8" },
      ],
      new Map([...lines, [7, { line: line(100), matched: false }]]),
      {},
    );
    expect(results).toEqual([
      { no: 1, key: "invoice:d-1", status: "paid" },
      { no: 2, key: "payment:p-9", status: "matched" },
      { no: 3, key: null, status: "skipped", reason: "noSuggestion" },
      { no: 4, key: "invoice:d-1", status: "skipped", reason: "taken" },
      { no: 5, key: null, status: "skipped", reason: "matched" },
      { no: 6, key: null, status: "skipped", reason: "notFound" },
      { no: 7, key: "invoice:d-8", status: "skipped", reason: "gone" },
    ]);
    expect(matches).toEqual([{ no: 2, target: { kind: "payment", id: "p-9", mvt: "e-9", line: 1 } }]);
    expect(payments).toEqual([{ no: 1, key: "invoice:d-1", invoiceIds: ["d-1"] }]);
  });

  it("leaves a line whose best suggestion was declined", () => {
    const { results } = bulkReconciliation(data, [{ no: 1 }], lines, { 1: ["invoice:d-1"] });
    expect(results[0]).toMatchObject({ no: 1, status: "skipped" });
    expect(results[0]?.key).not.toBe("invoice:d-1");
  });
});
