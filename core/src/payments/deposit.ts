import { type IsoDate, isIsoDate } from "../accounting/dates.ts";
import type { EntryContent, EntryLine } from "../accounting/entry.ts";
import { type Decider, DomainError } from "../decider.ts";
import type { Cents } from "../money.ts";
import { moneyWay } from "./money-way.ts";
import type { PaymentState } from "./payment.ts";

/**
 * A deposit (remise de chèques, versement d'espèces; stream `deposit-<id>`): payments received waiting
 * in 5112 (cheques) or 530 (cash) — never money paid out — taken to a bank together, with a date and a
 * number. Its entry debits the bank once for the total — the one line the bank statement shows — and
 * credits the waiting account per payment. Each payment's stream records it (`PaymentDeposited`) in the same commit, so a payment is
 * never deposited twice.
 */
export const depositStreamId = (id: string): string => `deposit-${id}`;

/** "REM2026-0001": a gapless sequence per year, taken under the organisation's lock. */
export const depositCounter = (date: IsoDate): string => `deposit:${date.slice(0, 4)}`;
export const depositNumber = (date: IsoDate, sequence: number): string =>
  `REM${date.slice(0, 4)}-${String(sequence).padStart(4, "0")}`;

export type DepositedPayment = {
  readonly payment: string;
  readonly date: IsoDate;
  readonly amount: Cents;
  readonly reference: string | null;
  readonly drawer: string | null;
  readonly drawerBank: string | null;
  readonly contactName: string;
};

export type Deposit = {
  readonly id: string;
  readonly number: string;
  readonly date: IsoDate;
  readonly bankId: string | null;
  readonly bankAccount: string;
  readonly journal: string;
  /** 511200 (cheques) or 530000 (cash). */
  readonly source: string;
  readonly payments: readonly DepositedPayment[];
  readonly total: Cents;
  readonly entryMvt: string;
};

export type DepositEvent = { type: "DepositRecorded"; data: Deposit };

export type DepositCommand = {
  type: "RecordDeposit";
  data: {
    readonly id: string;
    readonly date: string;
    readonly sequence: number;
    readonly entryMvt: string;
    /** The bank's journal the deposit is posted in. */
    readonly journal: string;
  };
  context: { readonly payments: readonly PaymentState[] };
};

export type DepositState = { readonly status: "none" } | (Deposit & { readonly status: "recorded" });

const decide = (command: DepositCommand, state: DepositState): DepositEvent[] => {
  if (state.status !== "none") throw new DomainError("deposit.exists", {}, 409);
  const { data, context } = command;
  if (!isIsoDate(data.date))
    throw new DomainError("validation.invalidDate", { field: "date", value: data.date });
  if (context.payments.length === 0) throw new DomainError("deposit.noPayments", { field: "payments" });
  const payments = context.payments.map((p) => {
    if (p.status === "none") throw new DomainError("payment.notFound", { field: "payments" }, 404);
    if (p.status === "cancelled")
      throw new DomainError("deposit.paymentCancelled", { field: "payments" }, 409);
    if (p.deposit)
      throw new DomainError("deposit.alreadyDeposited", { field: "payments", number: p.deposit.number }, 409);
    // Money paid out (to a supplier, a customer's refund) is the payee's to cash: never deposited.
    if (moneyWay(p.direction, p.refund) === "out")
      throw new DomainError("deposit.paymentOutgoing", { field: "payments", contact: p.contact.name });
    if (p.treasury.account === p.treasury.bankAccount)
      throw new DomainError("deposit.notWaiting", { field: "payments" }, 409);
    if (p.date > data.date) throw new DomainError("deposit.beforePayment", { field: "date", date: p.date });
    return p;
  });
  const first = payments[0];
  if (!first) throw new DomainError("deposit.noPayments", { field: "payments" });
  if (
    payments.some(
      (p) =>
        p.treasury.account !== first.treasury.account ||
        p.treasury.bankAccount !== first.treasury.bankAccount,
    )
  )
    throw new DomainError("deposit.mixedAccounts", { field: "payments" });
  return [
    {
      type: "DepositRecorded",
      data: {
        id: data.id,
        number: depositNumber(data.date, data.sequence),
        date: data.date,
        bankId: first.treasury.bankId,
        bankAccount: first.treasury.bankAccount,
        journal: data.journal,
        source: first.treasury.account,
        payments: payments.map((p) => ({
          payment: p.id,
          date: p.date,
          amount: p.amount,
          reference: p.reference,
          drawer: p.drawer,
          drawerBank: p.drawerBank,
          contactName: p.contact.name,
        })),
        total: payments.reduce((s, p) => s + p.amount, 0),
        entryMvt: data.entryMvt,
      },
    },
  ];
};

export const depositDecider: Decider<DepositCommand, DepositEvent, DepositState> = {
  decide,
  evolve: (_state, event) => ({ ...event.data, status: "recorded" }),
  initialState: () => ({ status: "none" }),
};

/** The deposit's entry: the bank debited once for the total, the waiting account credited per payment. */
export const depositPosting = (deposit: Deposit): EntryContent => {
  const cash = deposit.source.startsWith("53");
  const lines: EntryLine[] = [
    { account: deposit.bankAccount, auxiliary: null, label: null, debit: deposit.total, credit: 0 },
    ...deposit.payments.map(
      (p): EntryLine => ({
        account: deposit.source,
        auxiliary: null,
        label: `${p.reference ?? ""} ${p.drawer ?? p.contactName}`.trim().slice(0, 200),
        debit: 0,
        credit: p.amount,
      }),
    ),
  ];
  return {
    journal: deposit.journal,
    date: deposit.date,
    pieceRef: deposit.number,
    pieceDate: deposit.date,
    label: `${cash ? "Versement d'espèces" : "Remise de chèques"} ${deposit.number}`,
    lines,
  };
};
