import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import { depositDecider, depositPosting } from "./deposit.ts";
import { type PaymentState, paymentDecider } from "./payment.ts";
import { record } from "./payments.fixtures.ts";

const spec = deciderSpecification(depositDecider);
const cheque = (id: string, amount: number, modeId = "cheque"): PaymentState => {
  const command = record(
    { id, amount, allocations: [], reference: `CHQ${id}`, drawer: `Tireur ${id}` },
    {},
    modeId,
  );
  return paymentDecider
    .decide(command, paymentDecider.initialState())
    .reduce(paymentDecider.evolve, paymentDecider.initialState());
};
const deposit = (payments: PaymentState[], date = "2025-02-03") => ({
  type: "RecordDeposit" as const,
  data: { id: "dep1", date, sequence: 3, entryMvt: "e-d", journal: "BQ" },
  context: { payments },
});

describe("deposits", () => {
  it("groups cheques waiting in 5112: one bank line for the total, one 5112 line each", () => {
    const [event] = depositDecider.decide(
      deposit([cheque("a", 10000), cheque("b", 25050)]),
      depositDecider.initialState(),
    );
    expect(event?.data).toMatchObject({
      number: "REM2025-0003",
      total: 35050,
      source: "511200",
      bankAccount: "512000",
    });
    if (!event) throw new Error();
    expect(depositPosting(event.data).lines.map((l) => [l.account, l.label, l.debit, l.credit])).toEqual([
      ["512000", null, 35050, 0],
      ["511200", "CHQa Tireur a", 0, 10000],
      ["511200", "CHQb Tireur b", 0, 25050],
    ]);
  });
  it("refuses a transfer, mixed cheques and cash, an earlier date, nothing", () => {
    spec
      .given([])
      .when(deposit([cheque("a", 1, "transfer")]))
      .thenThrows(refusedWith("deposit.notWaiting"));
    spec
      .given([])
      .when(deposit([cheque("a", 1), cheque("b", 1, "cash")]))
      .thenThrows(refusedWith("deposit.mixedAccounts"));
    spec
      .given([])
      .when(deposit([cheque("a", 1)], "2025-01-31"))
      .thenThrows(refusedWith("deposit.beforePayment"));
    spec.given([]).when(deposit([])).thenThrows(refusedWith("deposit.noPayments"));
  });
  it("refuses a payment already deposited (its own stream)", () => {
    const state = cheque("a", 1);
    const command = {
      type: "DepositPayment" as const,
      data: { deposit: "d", number: "REM2025-0001", on: "2025-02-03" },
    };
    const after = paymentDecider.decide(command, state).reduce(paymentDecider.evolve, state);
    expect(() => paymentDecider.decide(command, after)).toThrow("deposit.alreadyDeposited");
  });
});
