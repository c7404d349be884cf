import { describe, expect, it } from "vitest";
import { aux, chartWith } from "../accounting/entry.fixtures.ts";
import { type EntryCommand, type EntryState, entryDecider, VOLUME_COUNTER } from "../accounting/entry.ts";
import {
  type LedgerLineFact,
  type LetteringState,
  letteringDecider,
  lineRef,
} from "../accounting/lettering.ts";
import { initialContactState } from "../contacts/contact.ts";
import type { DocumentEvent, DocumentState } from "../documents/document.ts";
import { beta, created, priced, validated } from "../documents/documents.fixtures.ts";
import { defaultPostingAccounts } from "../documents/posting.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { documentPaymentDecider } from "./allocation.ts";
import { bankingDecider } from "./banking.ts";
import { type PaymentState, paymentDecider } from "./payment.ts";
import { documentOwnEntry, documentOwnLines, type SettledDocument } from "./payment-lettering.ts";
import {
  type PaymentCommitPlan,
  type PaymentRecordingInput,
  type PaymentRequest,
  paymentCancellationPlan,
  paymentCancellationTarget,
  paymentRecordingPlan,
  remainderAllocationPlan,
} from "./payment-plan.ts";
import { docState, invoiceEvents } from "./payments.fixtures.ts";

const posting = chartWith(aux("CALPHA", "411000"), aux("FBETA", "401000"));
const BQ = "entry:BQ:FY2025";
const OD = "entry:OD:FY2025";

/** A validated document and its own third-party line (its entry's first line, 411 or 401). */
const settled = (events: DocumentEvent[], own: Partial<LedgerLineFact> = {}): SettledDocument => {
  const state = docState(...events);
  const id = events[0]?.type === "DocumentCreated" ? events[0].data.id : "";
  return {
    id,
    state,
    ownLines: [
      {
        ref: lineRef(`m-${id}`, 1),
        account: "411000",
        auxiliary: "CALPHA",
        date: "2025-01-05",
        debit: 240000,
        credit: 0,
        ...own,
      },
    ],
  };
};

const invoice = (id = "d-1", number = "FA2025-00001") => settled(invoiceEvents(id, number));

/** Given the documents a payment allocates, when its recording is planned. */
const given = (documents: SettledDocument[], changes: Partial<PaymentRecordingInput> = {}) => ({
  when: (request: Partial<PaymentRequest> = {}) =>
    paymentRecordingPlan({
      id: "p-1",
      mvt: "e-1",
      direction: "sales",
      request: {
        date: "2025-02-01",
        amount: 240000,
        modeId: "transfer",
        allocations: documents.map((d) => ({ docId: d.id, amount: 240000 })),
        ...request,
      },
      banking: bankingDecider.initialState(),
      contact: null,
      documents,
      accounts: defaultPostingAccounts,
      posting,
      validatedOn: "2025-02-02",
      ...changes,
    }),
});

const noLettering: LetteringState = letteringDecider.initialState();

/** Each entry of the plan as the commit leaves it, numbered from `first` of its journal. */
const entriesOf = (plan: PaymentCommitPlan, numbers: Record<string, number>) =>
  plan.entries.map((e) => e.commands({ [VOLUME_COUNTER]: 1, ...numbers }));

const fold = (commands: readonly EntryCommand[]): EntryState =>
  commands.reduce(
    (state, c) => entryDecider.decide(c, state).reduce(entryDecider.evolve, state),
    entryDecider.initialState(),
  );

describe("a payment's recording plan", () => {
  it("pays one invoice: the journal's counter and the volume, the payment, its entry, the allocation, the lettering", () => {
    const plan = given([invoice()]).when();
    expect(plan.counters).toEqual({ [BQ]: 1, [VOLUME_COUNTER]: 480000 });
    expect(plan.payment).toMatchObject([{ type: "RecordPayment", data: { id: "p-1", entryMvt: "e-1" } }]);
    const [[draft, validate] = []] = entriesOf(plan, { [BQ]: 7 });
    expect(draft).toMatchObject({
      type: "DraftEntry",
      data: {
        mvt: "e-1",
        journal: "BQ",
        origin: { kind: "payment", payment: "p-1" },
        lines: [
          { account: "512000", debit: 240000 },
          { account: "411000", auxiliary: "CALPHA", credit: 240000 },
        ],
      },
    });
    expect(validate).toEqual({
      type: "ValidateEntry",
      data: { sequence: 7, validatedOn: "2025-02-02" },
      context: posting,
    });
    const paid: LedgerLineFact = {
      ref: "e-1/2",
      account: "411000",
      auxiliary: "CALPHA",
      date: "2025-02-01",
      debit: 0,
      credit: 240000,
    };
    expect(plan.documents).toEqual([
      {
        id: "d-1",
        commands: [
          {
            type: "AllocatePayment",
            data: { payment: "p-1", date: "2025-02-01", amount: 240000, lines: [paid] },
          },
        ],
      },
    ]);
    expect(plan.lettering.map((l) => l.account)).toEqual(["411000"]);
    expect(plan.lettering[0]?.commands(noLettering)).toEqual([
      {
        type: "LetterLines",
        data: {
          account: "411000",
          lettrable: true,
          lines: [invoice().ownLines[0], paid],
          requested: ["m-d-1/1", "e-1/2"],
        },
      },
    ]);
  });

  it("leaves a set to the user when one of its lines was lettered by hand meanwhile", () => {
    const plan = given([invoice()]).when();
    const lettered = letteringDecider
      .decide(
        {
          type: "LetterLines",
          data: {
            account: "411000",
            lettrable: true,
            lines: [
              ...invoice().ownLines,
              { ...(invoice().ownLines[0] as LedgerLineFact), ref: "x/1", debit: 0, credit: 240000 },
            ],
            requested: ["m-d-1/1", "x/1"],
          },
        },
        noLettering,
      )
      .reduce(letteringDecider.evolve, noLettering);
    expect(plan.lettering[0]?.commands(lettered)).toEqual([]);
  });

  it("pays several invoices: one line, one allocation and one set each, lettered on the account together", () => {
    const plan = given([invoice("d-1"), invoice("d-2", "FA2025-00002")]).when({ amount: 480000 });
    expect(plan.documents.map((d) => [d.id, d.commands[0]?.data])).toEqual([
      [
        "d-1",
        expect.objectContaining({ amount: 240000, lines: [expect.objectContaining({ ref: "e-1/2" })] }),
      ],
      [
        "d-2",
        expect.objectContaining({ amount: 240000, lines: [expect.objectContaining({ ref: "e-1/3" })] }),
      ],
    ]);
    expect(plan.lettering).toHaveLength(1);
    expect(
      plan.lettering[0]?.commands(noLettering).map((c) => c.type === "LetterLines" && c.data.requested),
    ).toEqual([
      ["m-d-1/1", "e-1/2"],
      ["m-d-2/1", "e-1/3"],
    ]);
  });

  it("pays an invoice in part: allocated, nothing lettered", () => {
    const plan = given([invoice()]).when({ amount: 100000, allocations: [{ docId: "d-1", amount: 100000 }] });
    expect(plan.documents[0]?.commands).toMatchObject([
      { type: "AllocatePayment", data: { amount: 100000 } },
    ]);
    expect(plan.lettering).toEqual([]);
  });

  it("keeps an overpayment as an advance on the contact's line, and settles the invoice", () => {
    const plan = given([invoice()]).when({ amount: 250000 });
    const [[draft] = []] = entriesOf(plan, { [BQ]: 1 });
    expect(
      draft?.type === "DraftEntry" && draft.data.lines.map((l) => [l.account, l.debit, l.credit]),
    ).toEqual([
      ["512000", 250000, 0],
      ["411000", 0, 240000],
      ["411000", 0, 10000],
    ]);
    expect(plan.lettering).toHaveLength(1);
  });

  it("refuses allocating more than the invoice has left to pay, or more than the payment", () => {
    expectRefused(
      () => given([invoice()]).when({ amount: 300000, allocations: [{ docId: "d-1", amount: 250000 }] }),
      refusedWith("payment.allocationExceedsDue", {
        field: "allocations.0.amount",
        number: "FA2025-00001",
        due: 240000,
      }),
    );
    expectRefused(
      () => given([invoice()]).when({ amount: 200000 }),
      refusedWith("payment.overAllocated", { field: "allocations", allocated: 240000, amount: 200000 }),
    );
  });

  it("pays a supplier's invoice: 401 debited, the bank credited, both 401 lines lettered", () => {
    const bill = settled(
      [created({ id: "b-1", direction: "purchases", contact: beta, lines: [priced()] }), validated("F-77")],
      { ref: "m-b-1/1", account: "401000", auxiliary: "FBETA", debit: 0, credit: 240000 },
    );
    const direction = given([bill], { direction: "purchases" }).when({
      allocations: [{ docId: "b-1", amount: 240000 }],
    });
    const [[draft] = []] = entriesOf(direction, { [BQ]: 1 });
    expect(
      draft?.type === "DraftEntry" && draft.data.lines.map((l) => [l.account, l.debit, l.credit]),
    ).toEqual([
      ["512000", 0, 240000],
      ["401000", 240000, 0],
    ]);
    expect(direction.lettering[0]?.commands(noLettering)).toMatchObject([
      { type: "LetterLines", data: { account: "401000", requested: ["m-b-1/1", "e-1/2"] } },
    ]);
  });

  it("refunds a credit note: money out to the customer, 411 debited, the credit note lettered", () => {
    const note = settled(invoiceEvents("n-1", "AV2025-00001", "goods", "creditNote"), {
      ref: "m-n-1/1",
      debit: 0,
      credit: 240000,
    });
    const plan = given([note]).when({ refund: true, allocations: [{ docId: "n-1", amount: 240000 }] });
    const [[draft] = []] = entriesOf(plan, { [BQ]: 1 });
    expect(
      draft?.type === "DraftEntry" && draft.data.lines.map((l) => [l.account, l.debit, l.credit]),
    ).toEqual([
      ["512000", 0, 240000],
      ["411000", 240000, 0],
    ]);
    expect(plan.lettering[0]?.commands(noLettering)).toMatchObject([
      { type: "LetterLines", data: { requested: ["m-n-1/1", "e-1/2"] } },
    ]);
    expectRefused(
      () => given([note]).when({ allocations: [{ docId: "n-1", amount: 240000 }] }),
      refusedWith("payment.creditNotesNeedRefund", { field: "refund", allocated: 240000 }),
    );
  });

  it("takes the contact named, refuses one that is not there, and one without documents nor contact", () => {
    expectRefused(
      () => given([]).when({ contactId: "c-gone", allocations: [] }),
      refusedWith("contact.notFound", { field: "contactId" }, 404),
    );
    expectRefused(
      () => given([], { contact: initialContactState() }).when({ contactId: "c-gone", allocations: [] }),
      refusedWith("contact.notFound", { field: "contactId" }, 404),
    );
    expectRefused(
      () => given([]).when({ allocations: [] }),
      refusedWith("payment.contactMissing", { field: "contactId" }),
    );
  });

  it("refuses a payment without its mode before anything else", () => {
    expectRefused(
      () => given([]).when({ modeId: null, allocations: [] }),
      refusedWith("payment.modeMissing", { field: "modeId" }),
    );
  });
});

describe("a document's own lines", () => {
  it("are its entry's lines on its contact's account, once validated", () => {
    const doc = docState(...invoiceEvents());
    expect(documentOwnEntry(doc)).toBe("m-d-1");
    const entry = fold([
      {
        type: "DraftEntry",
        data: {
          mvt: "m-d-1",
          journal: "VT",
          date: "2025-01-05",
          pieceRef: "FA2025-00001",
          pieceDate: "2025-01-05",
          label: "Facture",
          lines: [
            { account: "411000", auxiliary: "CALPHA", label: null, debit: 240000, credit: 0 },
            { account: "706000", auxiliary: null, label: null, debit: 0, credit: 200000 },
            { account: "445710", auxiliary: null, label: null, debit: 0, credit: 40000 },
          ],
          origin: { kind: "document", doc: "d-1" },
        },
        context: posting,
      },
      { type: "ValidateEntry", data: { sequence: 1, validatedOn: "2025-01-05" }, context: posting },
    ]);
    expect(documentOwnLines(doc, entry)).toEqual([
      {
        ref: "m-d-1/1",
        account: "411000",
        auxiliary: "CALPHA",
        date: "2025-01-05",
        debit: 240000,
        credit: 0,
      },
    ]);
    expect(documentOwnLines(doc, entryDecider.initialState())).toEqual([]);
    expect(documentOwnEntry(docState(created()))).toBeNull();
  });
});

/** A payment recorded by its plan, and its documents after the commit. */
const recorded = (amount = 240000) => {
  const doc = invoice();
  const plan = given([doc]).when({ amount });
  const payment = plan.payment.reduce<PaymentState>(
    (s, c) => paymentDecider.decide(c, s).reduce(paymentDecider.evolve, s),
    paymentDecider.initialState(),
  );
  const after = (plan.documents[0]?.commands ?? []).reduce<DocumentState>(
    (s, c) => documentPaymentDecider.decide(c, s).reduce(documentPaymentDecider.evolve, s),
    doc.state,
  );
  const [commands = []] = entriesOf(plan, { [BQ]: 1 });
  return { payment, doc: { ...doc, state: after }, entry: fold(commands) };
};

describe("using a payment's advance", () => {
  it("transfers it in OD to a later invoice, allocates and letters it, and the advance line once used up", () => {
    const { payment } = recorded(480000);
    const plan = remainderAllocationPlan({
      id: "p-1",
      mvt: "e-2",
      date: "2025-03-01",
      allocations: [{ docId: "d-2", amount: 240000 }],
      payment,
      documents: [invoice("d-2", "FA2025-00002")],
      accounts: defaultPostingAccounts,
      posting,
      validatedOn: "2025-03-01",
    });
    expect(plan.counters).toEqual({ [OD]: 1, [VOLUME_COUNTER]: 480000 });
    expect(plan.payment).toMatchObject([{ type: "AllocatePaymentRemainder", data: { entryMvt: "e-2" } }]);
    expect(plan.documents[0]?.commands).toMatchObject([
      { type: "AllocatePayment", data: { payment: "p-1", amount: 240000, lines: [{ ref: "e-2/2" }] } },
    ]);
    expect(
      plan.lettering[0]?.commands(noLettering).map((c) => c.type === "LetterLines" && c.data.requested),
    ).toEqual([
      ["m-d-2/1", "e-2/2"],
      ["e-1/3", "e-2/1"],
    ]);
  });

  it("refuses beyond the advance left, and a payment that is not there", () => {
    const { payment } = recorded(300000);
    const input = {
      id: "p-1",
      mvt: "e-2",
      date: "2025-03-01",
      allocations: [{ docId: "d-2", amount: 240000 }],
      payment,
      documents: [invoice("d-2", "FA2025-00002")],
      accounts: defaultPostingAccounts,
      posting,
      validatedOn: "2025-03-01",
    };
    expectRefused(() => remainderAllocationPlan(input), refusedWith("payment.remainderExceeded"));
    expectRefused(
      () => remainderAllocationPlan({ ...input, payment: paymentDecider.initialState() }),
      refusedWith("payment.notFound", {}, 404),
    );
  });
});

describe("a payment's cancellation plan", () => {
  const reversalId = (rank: number) => (rank === 0 ? "r-0" : `r-${rank}`);

  it("reverses its entry on the day, releases its documents and undoes the sets its lines were in", () => {
    const { payment, doc, entry } = recorded();
    const target = paymentCancellationTarget(payment, "2025-04-01", reversalId);
    expect(target).toMatchObject({
      alone: false,
      reversed: [{ mvt: "e-1", reversal: "r-0" }],
      documents: ["d-1"],
    });
    const plan = paymentCancellationPlan({
      id: "p-1",
      target,
      entries: { "e-1": entry },
      documents: [doc],
      posting,
      validatedOn: "2025-04-01",
    });
    expect(plan.counters).toEqual({ [BQ]: 1, [VOLUME_COUNTER]: 480000 });
    expect(plan.payment).toEqual([{ type: "CancelPayment", data: { on: "2025-04-01", reversalMvt: "r-0" } }]);
    const [[draft, validate] = []] = entriesOf(plan, { [BQ]: 12 });
    expect(draft).toMatchObject({
      type: "DraftEntry",
      data: {
        mvt: "r-0",
        date: "2025-04-01",
        origin: { kind: "payment", payment: "p-1" },
        lines: [
          { account: "512000", debit: 0, credit: 240000 },
          { account: "411000", debit: 240000, credit: 0 },
        ],
      },
    });
    expect(validate).toMatchObject({ type: "ValidateEntry", data: { sequence: 12 } });
    expect(plan.documents).toEqual([
      { id: "d-1", commands: [{ type: "ReleasePayment", data: { payment: "p-1" } }] },
    ]);
    // The set its recording lettered (the invoice's line with its allocation line) is undone.
    const letter = given([invoice()]).when().lettering[0];
    const lettered = (letter?.commands(noLettering) ?? []).reduce(
      (s, c) => letteringDecider.decide(c, s).reduce(letteringDecider.evolve, s),
      noLettering,
    );
    expect(plan.lettering.map((l) => [l.account, l.commands(lettered)])).toEqual([
      ["411000", [{ type: "UnletterLines", data: { account: "411000", code: "AA" } }]],
    ]);
  });

  it("numbers each reversal of one journal after the other: the recording's, then each use of its advance", () => {
    const { payment } = recorded(480000);
    const used = remainderAllocationPlan({
      id: "p-1",
      mvt: "e-2",
      date: "2025-03-01",
      allocations: [{ docId: "d-2", amount: 100000 }],
      payment,
      documents: [invoice("d-2", "FA2025-00002")],
      accounts: defaultPostingAccounts,
      posting,
      validatedOn: "2025-03-01",
    });
    const withUse = used.payment.reduce(
      (s, c) => paymentDecider.decide(c, s).reduce(paymentDecider.evolve, s),
      payment,
    );
    const target = paymentCancellationTarget(withUse, "2025-04-01", reversalId);
    expect(target.cancel.data).toEqual({ on: "2025-04-01", reversalMvt: "r-0", remainderReversals: ["r-1"] });
    const [transfer = []] = entriesOf(used, { [OD]: 3 });
    const plan = paymentCancellationPlan({
      id: "p-1",
      target,
      entries: { "e-1": recorded(480000).entry, "e-2": fold(transfer) },
      documents: [],
      posting,
      validatedOn: "2025-04-01",
    });
    expect(plan.counters).toMatchObject({ [BQ]: 1, [OD]: 1 });
    expect(plan.entries.map((e) => e.mvt)).toEqual(["r-0", "r-1"]);
    expect(
      entriesOf(plan, { [BQ]: 5, [OD]: 9 }).map(([, v]) => v?.type === "ValidateEntry" && v.data.sequence),
    ).toEqual([5, 9]);
  });

  it("writes nothing more for a payment already cancelled, and refuses one deposited or not there", () => {
    const { payment } = recorded();
    const cancelled = paymentDecider
      .decide({ type: "CancelPayment", data: { on: "2025-04-01", reversalMvt: "r-0" } }, payment)
      .reduce(paymentDecider.evolve, payment);
    expect(paymentCancellationTarget(cancelled, "2025-04-02", reversalId).alone).toBe(true);
    expectRefused(
      () => paymentCancellationTarget(paymentDecider.initialState(), "2025-04-01", reversalId),
      refusedWith("payment.notFound", {}, 404),
    );
    const deposited = paymentDecider.evolve(payment, {
      type: "PaymentDeposited",
      data: { deposit: "dep-1", number: "REM2025-0001", on: "2025-03-01" },
    });
    expectRefused(
      () => paymentCancellationTarget(deposited, "2025-04-01", reversalId),
      refusedWith("payment.deposited", { number: "REM2025-0001" }, 409),
    );
  });
});
