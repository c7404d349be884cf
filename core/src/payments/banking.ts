import { isValidBIC } from "ibantools";
import { type IsoDate, isIsoDate } from "../accounting/dates.ts";
import type { JournalsState } from "../accounting/journals.ts";
import { requiredText } from "../accounting/text.ts";
import { type Decider, DomainError } from "../decider.ts";
import { type Cents, MAX_LINE_CENTS } from "../money.ts";
import { normaliseIban } from "../validation/iban.ts";
import { type MoneyWay, treasuryRoute } from "./money-way.ts";

/**
 * The organisation's bank accounts and payment modes (stream `banking-<orgId>`): few, read together
 * (a mode names its bank), decided together. A bank is created with its own 512 sub-account and its
 * own bank journal — the shell appends both to the chart and the journals in the same commit — and is
 * closed, never deleted. The payment modes start as the defaults below, written in the stream by its
 * first command (`BankingInitialised`), so history never depends on the code's defaults.
 */
export const bankingStreamId = (orgId: string): string => `banking-${orgId}`;

export const paymentModeKinds = ["cash", "cheque", "transfer", "card", "directDebit", "other"] as const;
export type PaymentModeKind = (typeof paymentModeKinds)[number];

export type Bank = {
  readonly id: string;
  readonly name: string;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly currency: "EUR";
  /** Its 512 sub-account and its own bank journal, created with it. */
  readonly account: string;
  readonly journal: string;
  readonly openingBalance: Cents;
  readonly openingDate: IsoDate | null;
  readonly closed: boolean;
};

export type PaymentMode = {
  readonly id: string;
  readonly kind: PaymentModeKind;
  /** Its label on documents ("Virement bancaire"). */
  readonly label: string;
  /** The bank the money goes to; null: the default bank journal (BQ, 512000), or the cash journal for cash. */
  readonly bankId: string | null;
  /**
   * Cheques and cash received wait in 5112 / 530 until a deposit (remise) takes them to the bank; paid
   * out, they never do (`treasuryRoute`).
   */
  readonly deposit: boolean;
};

export type BankingEvent =
  | { type: "BankingInitialised"; data: { modes: readonly PaymentMode[] } }
  | { type: "BankCreated"; data: Bank }
  | { type: "BankUpdated"; data: Omit<Bank, "account" | "journal" | "currency" | "closed"> }
  | { type: "BankClosed"; data: { id: string } }
  | { type: "BankReopened"; data: { id: string } }
  | { type: "PaymentModeCreated"; data: PaymentMode }
  | { type: "PaymentModeUpdated"; data: PaymentMode }
  | { type: "PaymentModeDeleted"; data: { id: string } };

export type BankInput = {
  readonly name: string;
  readonly iban?: string | null | undefined;
  readonly bic?: string | null | undefined;
  readonly openingBalance?: Cents | undefined;
  readonly openingDate?: IsoDate | null | undefined;
};

export type PaymentModeInput = {
  readonly kind: string;
  readonly label: string;
  readonly bankId?: string | null | undefined;
  readonly deposit?: boolean | undefined;
};

export type BankingCommand =
  | {
      type: "CreateBank";
      /** `account` and `journal` are the shell's choice (`newBankAccount`), created in the same commit. */
      data: BankInput & { id: string; account: string; journal: string };
    }
  | { type: "UpdateBank"; data: BankInput & { id: string } }
  | { type: "CloseBank"; data: { id: string } }
  | { type: "ReopenBank"; data: { id: string } }
  | { type: "CreatePaymentMode"; data: PaymentModeInput & { id: string } }
  | { type: "UpdatePaymentMode"; data: PaymentModeInput & { id: string } }
  | { type: "DeletePaymentMode"; data: { id: string } };

export type BankingState = {
  readonly initialised: boolean;
  readonly banks: Readonly<Record<string, Bank>>;
  readonly modes: Readonly<Record<string, PaymentMode>>;
};

/** The modes every organisation starts with: cheques and cash through a deposit. */
export const defaultPaymentModes: readonly PaymentMode[] = [
  { id: "transfer", kind: "transfer", label: "Virement bancaire", bankId: null, deposit: false },
  { id: "cheque", kind: "cheque", label: "Chèque", bankId: null, deposit: true },
  { id: "card", kind: "card", label: "Carte bancaire", bankId: null, deposit: false },
  { id: "directDebit", kind: "directDebit", label: "Prélèvement", bankId: null, deposit: false },
  { id: "cash", kind: "cash", label: "Espèces", bankId: null, deposit: true },
  { id: "other", kind: "other", label: "Autre", bankId: null, deposit: false },
];

const initialised = (state: BankingState): BankingState =>
  state.initialised
    ? state
    : evolve(state, { type: "BankingInitialised", data: { modes: defaultPaymentModes } });

/** The state as commands see it: an untouched stream already has the default modes. */
export const bankingView = initialised;

const checkIban = (value: string | null | undefined): string | null => {
  if (!value?.trim()) return null;
  const iban = normaliseIban(value);
  if (!iban) throw new DomainError("validation.invalidIban", { field: "iban", value });
  return iban;
};

const checkBic = (value: string | null | undefined): string | null => {
  if (!value?.trim()) return null;
  const bic = value.replace(/\s/g, "").toUpperCase();
  if (!isValidBIC(bic)) throw new DomainError("validation.invalidBic", { field: "bic", value });
  return bic;
};

const bankFields = (input: BankInput) => {
  const openingBalance = input.openingBalance ?? 0;
  if (!Number.isSafeInteger(openingBalance) || Math.abs(openingBalance) > MAX_LINE_CENTS)
    throw new DomainError("bank.invalidOpeningBalance", { field: "openingBalance" });
  const openingDate = input.openingDate ?? null;
  if (openingDate !== null && !isIsoDate(openingDate))
    throw new DomainError("validation.invalidDate", { field: "openingDate", value: openingDate });
  return {
    name: requiredText(input.name, "name", 100),
    iban: checkIban(input.iban),
    bic: checkBic(input.bic),
    openingBalance,
    openingDate,
  };
};

const bankOf = (state: BankingState, id: string): Bank => {
  const bank = state.banks[id];
  if (!bank) throw new DomainError("bank.notFound", { id }, 404);
  return bank;
};

const modeFields = (state: BankingState, id: string, input: PaymentModeInput): PaymentMode => {
  if (!paymentModeKinds.includes(input.kind as PaymentModeKind))
    throw new DomainError("paymentMode.invalidKind", { field: "kind", kind: input.kind });
  const kind = input.kind as PaymentModeKind;
  const bankId = input.bankId ?? null;
  if (bankId !== null) {
    const bank = state.banks[bankId];
    if (!bank) throw new DomainError("bank.notFound", { field: "bankId", id: bankId }, 404);
    if (bank.closed) throw new DomainError("bank.closed", { field: "bankId", name: bank.name }, 409);
  }
  return {
    id,
    kind,
    label: requiredText(input.label, "label", 60),
    bankId,
    deposit: input.deposit ?? (kind === "cheque" || kind === "cash"),
  };
};

const decide = (command: BankingCommand, raw: BankingState): BankingEvent[] => {
  const state = initialised(raw);
  const first: BankingEvent[] = raw.initialised
    ? []
    : [{ type: "BankingInitialised", data: { modes: defaultPaymentModes } }];
  const events = ((): BankingEvent[] => {
    switch (command.type) {
      case "CreateBank": {
        if (state.banks[command.data.id]) throw new DomainError("bank.exists", { id: command.data.id }, 409);
        const { id, account, journal } = command.data;
        return [
          {
            type: "BankCreated",
            data: { id, ...bankFields(command.data), currency: "EUR", account, journal, closed: false },
          },
        ];
      }
      case "UpdateBank": {
        const bank = bankOf(state, command.data.id);
        const fields = bankFields(command.data);
        const same = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => fields[k] === bank[k]);
        return same ? [] : [{ type: "BankUpdated", data: { id: bank.id, ...fields } }];
      }
      case "CloseBank": {
        const bank = bankOf(state, command.data.id);
        return bank.closed ? [] : [{ type: "BankClosed", data: { id: bank.id } }];
      }
      case "ReopenBank": {
        const bank = bankOf(state, command.data.id);
        return bank.closed ? [{ type: "BankReopened", data: { id: bank.id } }] : [];
      }
      case "CreatePaymentMode": {
        if (state.modes[command.data.id])
          throw new DomainError("paymentMode.exists", { id: command.data.id }, 409);
        return [{ type: "PaymentModeCreated", data: modeFields(state, command.data.id, command.data) }];
      }
      case "UpdatePaymentMode": {
        const current = state.modes[command.data.id];
        if (!current) throw new DomainError("paymentMode.notFound", { id: command.data.id }, 404);
        const mode = modeFields(state, current.id, command.data);
        const same = (Object.keys(mode) as (keyof PaymentMode)[]).every((k) => mode[k] === current[k]);
        return same ? [] : [{ type: "PaymentModeUpdated", data: mode }];
      }
      case "DeletePaymentMode": {
        if (!state.modes[command.data.id])
          throw new DomainError("paymentMode.notFound", { id: command.data.id }, 404);
        return [{ type: "PaymentModeDeleted", data: { id: command.data.id } }];
      }
      default:
        return command satisfies never;
    }
  })();
  return events.length === 0 ? [] : [...first, ...events];
};

const evolve = (state: BankingState, event: BankingEvent): BankingState => {
  switch (event.type) {
    case "BankingInitialised":
      return {
        ...state,
        initialised: true,
        modes: { ...Object.fromEntries(event.data.modes.map((m) => [m.id, m])), ...state.modes },
      };
    case "BankCreated":
      return { ...state, banks: { ...state.banks, [event.data.id]: event.data } };
    case "BankUpdated": {
      const bank = state.banks[event.data.id];
      return bank ? { ...state, banks: { ...state.banks, [bank.id]: { ...bank, ...event.data } } } : state;
    }
    case "BankClosed":
    case "BankReopened": {
      const bank = state.banks[event.data.id];
      const closed = event.type === "BankClosed";
      return bank ? { ...state, banks: { ...state.banks, [bank.id]: { ...bank, closed } } } : state;
    }
    case "PaymentModeCreated":
    case "PaymentModeUpdated":
      return { ...state, modes: { ...state.modes, [event.data.id]: event.data } };
    case "PaymentModeDeleted": {
      const { [event.data.id]: _gone, ...modes } = state.modes;
      return { ...state, modes };
    }
    default:
      return event satisfies never;
  }
};

export const bankingDecider: Decider<BankingCommand, BankingEvent, BankingState> = {
  decide,
  evolve,
  initialState: () => ({ initialised: false, banks: {}, modes: {} }),
};

/**
 * A new bank's 512 sub-account and journal: the first free of 512001, 512002… (not in the chart) and
 * of BQ1, BQ2… (not a journal).
 */
export const newBankAccount = (
  accounts: Readonly<Record<string, unknown>>,
  journals: JournalsState,
): { account: string; journal: string } => {
  let n = 1;
  while (accounts[`512${String(n).padStart(3, "0")}`]) n++;
  let j = 1;
  while (journals.journals[`BQ${j}`]) j++;
  return { account: `512${String(n).padStart(3, "0")}`, journal: `BQ${j}` };
};

/** A bank's name that already says it is one: « Banque Populaire », « La Banque Postale », « AXA Banque ». */
const BANK_WORD = /(^|[^\p{L}])(banque|bank|banco|banca)(?![\p{L}])/iu;

/**
 * The label of a new bank's 512 account and of its journal, in French and English: « Banque BNP
 * Paribas », « Bank BNP Paribas »; a name that already says it is a bank is the label as it is, in both
 * languages — never « Banque Banque Populaire ».
 */
export const bankLedgerLabels = (name: string): { label: string; labelEn: string } => {
  const trimmed = name.trim().slice(0, 80);
  return BANK_WORD.test(trimmed)
    ? { label: trimmed, labelEn: trimmed }
    : { label: `Banque ${trimmed}`, labelEn: `Bank ${trimmed}` };
};

/** The treasury accounts a payment of this mode goes to, and the journal it is posted in. */
export type ModeTreasury = {
  readonly journal: string;
  /** Where the money is when the payment is recorded: the bank (512…), or 5112 / 530 until a deposit. */
  readonly account: string;
  /** The bank the money ends in (after the deposit for cheques and cash). */
  readonly bankAccount: string;
  readonly bankId: string | null;
};

export const CHEQUES_TO_CASH = "511200";
export const CASH_ACCOUNT = "530000";

/**
 * The treasury of a payment of this mode, the money going `way` (`treasuryRoute`): 5112 or 530 until a
 * deposit for money received through a deposit mode, the till for cash paid out of it, the bank otherwise.
 */
export const modeTreasury = (
  state: BankingState,
  modeId: string | null | undefined,
  way: MoneyWay = "in",
): ModeTreasury => {
  // The spec's "Payment method missing".
  if (!modeId) throw new DomainError("payment.modeMissing", { field: "modeId" });
  const view = initialised(state);
  const mode = view.modes[modeId];
  if (!mode) throw new DomainError("payment.modeMissing", { field: "modeId" });
  const bank = mode.bankId ? view.banks[mode.bankId] : undefined;
  if (bank?.closed) throw new DomainError("bank.closed", { field: "modeId", name: bank.name }, 409);
  const bankAccount = bank?.account ?? "512000";
  const { posts } = treasuryRoute(way, mode);
  return {
    journal: posts === "till" ? "CA" : (bank?.journal ?? "BQ"),
    account: posts === "till" ? CASH_ACCOUNT : posts === "cheques" ? CHEQUES_TO_CASH : bankAccount,
    bankAccount,
    bankId: bank?.id ?? null,
  };
};
