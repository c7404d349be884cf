import { describe, expect, it } from "vitest";
import { journalsDecider } from "../accounting/journals.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import {
  bankingDecider,
  bankingView,
  bankLedgerLabels,
  defaultPaymentModes,
  modeTreasury,
  newBankAccount,
} from "./banking.ts";

const spec = deciderSpecification(bankingDecider);
const create = {
  type: "CreateBank",
  data: {
    id: "b1",
    name: " Banque  Populaire ",
    iban: "FR76 3000 6000 0112 3456 7890 189",
    bic: "agrifrpp",
    account: "512001",
    journal: "BQ1",
    openingBalance: 150000,
    openingDate: "2025-01-01",
  },
} as const;
const initialised = { type: "BankingInitialised", data: { modes: defaultPaymentModes } } as const;
const bank = {
  id: "b1",
  name: "Banque Populaire",
  iban: "FR7630006000011234567890189",
  bic: "AGRIFRPP",
  currency: "EUR",
  account: "512001",
  journal: "BQ1",
  openingBalance: 150000,
  openingDate: "2025-01-01",
  closed: false,
} as const;

describe("banks and payment modes", () => {
  it("creates a bank with its IBAN and BIC checked and normalised, writing the default modes first", () => {
    spec
      .given([])
      .when(create)
      .then([initialised, { type: "BankCreated", data: bank }]);
  });
  it("refuses a bad IBAN or BIC, naming the field", () => {
    spec
      .given([])
      .when({ ...create, data: { ...create.data, iban: "FR76 3000 6000 0112 3456 7890 188" } })
      .thenThrows(
        refusedWith("validation.invalidIban", { field: "iban", value: "FR76 3000 6000 0112 3456 7890 188" }),
      );
    spec
      .given([])
      .when({ ...create, data: { ...create.data, bic: "12" } })
      .thenThrows(refusedWith("validation.invalidBic", { field: "bic", value: "12" }));
  });
  it("keeps a closed bank and refuses it to a payment mode", () => {
    const given = [
      initialised,
      { type: "BankCreated", data: bank },
      { type: "BankClosed", data: { id: "b1" } },
    ] as const;
    spec
      .given(given)
      .when({
        type: "CreatePaymentMode",
        data: { id: "m", kind: "transfer", label: "Virement BP", bankId: "b1" },
      })
      .thenThrows(refusedWith("bank.closed"));
    spec
      .given(given)
      .when({ type: "CloseBank", data: { id: "b1" } })
      .then([]);
    spec
      .given(given)
      .when({ type: "ReopenBank", data: { id: "b1" } })
      .then([{ type: "BankReopened", data: { id: "b1" } }]);
  });
  it("gives a mode its bank, journal and treasury account; cheques and cash through a deposit", () => {
    const state = [
      initialised,
      { type: "BankCreated", data: bank },
      {
        type: "PaymentModeUpdated",
        data: { id: "cheque", kind: "cheque", label: "Chèque", bankId: "b1", deposit: true },
      },
    ].reduce(bankingDecider.evolve as never, bankingDecider.initialState()) as ReturnType<
      typeof bankingDecider.initialState
    >;
    expect(modeTreasury(state, "cheque")).toEqual({
      journal: "BQ1",
      account: "511200",
      bankAccount: "512001",
      bankId: "b1",
    });
    expect(modeTreasury(state, "cash")).toEqual({
      journal: "CA",
      account: "530000",
      bankAccount: "512000",
      bankId: null,
    });
    expect(modeTreasury(state, "card")).toEqual({
      journal: "BQ",
      account: "512000",
      bankAccount: "512000",
      bankId: null,
    });
    expect(() => modeTreasury(state, null)).toThrow("payment.modeMissing");
    expect(() => modeTreasury(state, "nope")).toThrow("payment.modeMissing");
    expect(() => modeTreasury(bankingView(bankingDecider.initialState()), "transfer")).not.toThrow();
  });
  it("picks the next free 512 sub-account and BQ journal", () => {
    const journals = journalsDecider.evolve(journalsDecider.initialState(), {
      type: "JournalsInitialised",
      data: {
        journals: [{ code: "BQ1", label: "x", labelEn: "x", kind: "bank", vat: false, account: "512001" }],
      },
    });
    expect(newBankAccount({ "512001": {} }, journals)).toEqual({ account: "512002", journal: "BQ2" });
  });
  it("labels a bank's account and journal « Banque … », unless its name already says it is a bank", () => {
    expect(bankLedgerLabels(" BNP Paribas ")).toEqual({
      label: "Banque BNP Paribas",
      labelEn: "Bank BNP Paribas",
    });
    expect(bankLedgerLabels("Crédit Agricole")).toEqual({
      label: "Banque Crédit Agricole",
      labelEn: "Bank Crédit Agricole",
    });
    for (const name of [
      "Banque Test CFONB",
      "BANQUE POPULAIRE",
      "La Banque Postale",
      "AXA Banque",
      "Boursorama banque",
      "Revolut Bank",
      "Banco Santander",
      "Banque-Courtois",
    ])
      expect(bankLedgerLabels(name)).toEqual({ label: name, labelEn: name });
    // A word that only begins like one: still prefixed.
    expect(bankLedgerLabels("Bankin")).toEqual({ label: "Banque Bankin", labelEn: "Bank Bankin" });
  });
  it("refuses an unknown mode kind", () => {
    spec
      .given([])
      .when({ type: "CreatePaymentMode", data: { id: "m", kind: "bitcoin", label: "x" } })
      .thenThrows(refusedWith("paymentMode.invalidKind"));
  });
});
