import { describe, expect, it } from "vitest";
import type { DocumentEvent } from "../documents/document.ts";
import { created, priced, validated } from "../documents/documents.fixtures.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import { bankingDecider, bankingView, modeTreasury, type PaymentModeKind } from "./banking.ts";
import { depositDecider } from "./deposit.ts";
import { moneyWay, treasuryRoute } from "./money-way.ts";
import {
  type PaymentCommand,
  type PaymentState,
  paymentDecider,
  paymentPosting,
  type RecordedPayment,
} from "./payment.ts";
import { banking, contact, docState, paymentSpec, record } from "./payments.fixtures.ts";

/**
 * Which way the money goes decides where a payment is posted and whether a deposit takes it: a cheque
 * received waits in 5112 for a remise, a cheque issued leaves the bank on its date; cash received waits in
 * the till for a versement, cash paid out leaves it for good.
 */

describe("the money's way", () => {
  it("is in for a customer's payment and a supplier's refund, out for a supplier's payment and a customer's refund", () => {
    expect(moneyWay("sales", false)).toBe("in");
    expect(moneyWay("sales", undefined)).toBe("in");
    expect(moneyWay("purchases", true)).toBe("in");
    expect(moneyWay("purchases", false)).toBe("out");
    expect(moneyWay("sales", true)).toBe("out");
  });
});

describe("the treasury route, way × mode", () => {
  // [way, kind, through a deposit, posted to, depositable]
  const table: [string, PaymentModeKind, boolean, string, boolean][] = [
    ["in", "cheque", true, "cheques", true],
    ["in", "cash", true, "till", true],
    ["in", "other", true, "cheques", true],
    ["in", "transfer", true, "cheques", true],
    ["in", "card", true, "cheques", true],
    ["in", "directDebit", true, "cheques", true],
    ["out", "cheque", true, "bank", false],
    ["out", "cash", true, "till", false],
    ["out", "other", true, "bank", false],
    ["out", "transfer", true, "bank", false],
    ["out", "card", true, "bank", false],
    ["out", "directDebit", true, "bank", false],
    ...(["in", "out"] as const).flatMap((way) =>
      (["cheque", "cash", "transfer", "card", "directDebit", "other"] as const).map(
        (kind): [string, PaymentModeKind, boolean, string, boolean] => [way, kind, false, "bank", false],
      ),
    ),
  ];
  it.each(table)(
    "%s by %s (deposit %s): posted to %s, depositable %s",
    (way, kind, deposit, posts, depositable) => {
      expect(treasuryRoute(way as "in" | "out", { kind, deposit })).toEqual({ posts, depositable });
    },
  );

  it("gives the accounts and journal: 5112 / 530 (CA) received, the bank's 512 or the till paid out", () => {
    expect(modeTreasury(banking, "cheque", "in")).toMatchObject({ account: "511200", journal: "BQ" });
    expect(modeTreasury(banking, "cheque", "out")).toMatchObject({ account: "512000", journal: "BQ" });
    expect(modeTreasury(banking, "cash", "in")).toMatchObject({ account: "530000", journal: "CA" });
    expect(modeTreasury(banking, "cash", "out")).toMatchObject({ account: "530000", journal: "CA" });
    expect(modeTreasury(banking, "transfer", "out")).toMatchObject({ account: "512000", journal: "BQ" });
    // A mode on a bank of its own: a cheque issued leaves that bank, in its journal.
    const withBank = [
      {
        type: "CreateBank" as const,
        data: { id: "b", name: "Banque Populaire", account: "512001", journal: "BQ1" },
      },
      {
        type: "CreatePaymentMode" as const,
        data: { id: "chq", kind: "cheque", label: "Chèque BP", bankId: "b" },
      },
    ].reduce(
      (s, c) => bankingDecider.decide(c, s).reduce(bankingDecider.evolve, s),
      bankingView(bankingDecider.initialState()),
    );
    expect(modeTreasury(withBank, "chq", "in")).toMatchObject({ account: "511200", bankAccount: "512001" });
    expect(modeTreasury(withBank, "chq", "out")).toMatchObject({
      account: "512001",
      bankAccount: "512001",
      journal: "BQ1",
    });
  });
});

/** A validated purchase invoice of 2,400.00 € incl. tax from Alpha, a supplier here. */
const purchase = (id = "f-1") =>
  docState(created({ id, direction: "purchases", lines: [priced()] }), {
    ...validated("F-001"),
    data: { ...(validated("F-001").data as object), entryMvt: `m-${id}` },
  } as DocumentEvent);
const supplier = { ...contact, auxiliary: { control: "401000", code: "FALPHA" } };

const supplierPayment = (modeId: string): PaymentCommand => {
  const command = record(
    { direction: "purchases", allocations: [{ doc: "f-1", amount: 240000 }] },
    { "f-1": purchase() },
    modeId,
  );
  return command.type === "RecordPayment"
    ? { ...command, context: { ...command.context, contact: supplier } }
    : command;
};
const recorded = (command: PaymentCommand): RecordedPayment => {
  const [event] = paymentDecider.decide(command, paymentDecider.initialState());
  if (event?.type !== "PaymentRecorded") throw new Error("not recorded");
  return event.data;
};
const lines = (p: RecordedPayment) =>
  paymentPosting(p, []).entry.lines.map((l) => [l.account, l.auxiliary, l.debit, l.credit]);
const refused = refusedWith("deposit.paymentOutgoing", { field: "payments", contact: "Alpha SARL" }, 422);
const deposit = {
  type: "DepositPayment" as const,
  data: { deposit: "r-1", number: "REM2025-0001", on: "2025-02-02" },
};

describe("a supplier paid by cheque (money out)", () => {
  it("posts 401 debit / 512 credit on its date, in the bank's journal: the supplier cashes it", () => {
    const p = recorded(supplierPayment("cheque"));
    expect(p.treasury).toEqual({ journal: "BQ", account: "512000", bankAccount: "512000", bankId: null });
    expect(paymentPosting(p, []).entry.journal).toBe("BQ");
    expect(lines(p)).toEqual([
      ["512000", null, 0, 240000],
      ["401000", "FALPHA", 240000, 0],
    ]);
  });

  it("is never deposited: its own stream and a deposit refuse it, naming the payments", () => {
    const p = recorded(supplierPayment("cheque"));
    paymentSpec
      .given([{ type: "PaymentRecorded", data: p }])
      .when(deposit)
      .thenThrows(refused);
    const state = [{ type: "PaymentRecorded" as const, data: p }].reduce(
      paymentDecider.evolve,
      paymentDecider.initialState(),
    ) as PaymentState;
    deciderSpecification(depositDecider)
      .given([])
      .when({
        type: "RecordDeposit",
        data: { id: "r-1", date: "2025-02-03", sequence: 1, entryMvt: "e-d", journal: "BQ" },
        context: { payments: [state] },
      })
      .thenThrows(refused);
  });

  it("in cash leaves the till (401 / 530 in CA) and is never deposited either", () => {
    const p = recorded(supplierPayment("cash"));
    expect(p.treasury).toMatchObject({ journal: "CA", account: "530000" });
    expect(lines(p)).toEqual([
      ["530000", null, 0, 240000],
      ["401000", "FALPHA", 240000, 0],
    ]);
    paymentSpec
      .given([{ type: "PaymentRecorded", data: p }])
      .when(deposit)
      .thenThrows(refused);
  });
});

describe("a customer's cheque (money in)", () => {
  it("still waits in 5112 and is deposited", () => {
    const p = recorded(record({}, undefined, "cheque"));
    expect(lines(p)[0]).toEqual(["511200", null, 240000, 0]);
    paymentSpec
      .given([{ type: "PaymentRecorded", data: p }])
      .when(deposit)
      .then([{ type: "PaymentDeposited", data: deposit.data }]);
  });
});
