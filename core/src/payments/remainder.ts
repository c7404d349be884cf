import type { IsoDate } from "../accounting/dates.ts";
import type { EntryContent, EntryLine } from "../accounting/entry.ts";
import { type LedgerLineFact, lineRef } from "../accounting/lettering.ts";
import type { Cents } from "../money.ts";
import type { VatMove } from "./allocation.ts";
import type { PaymentState, RemainderAllocation } from "./payment.ts";

/**
 * Using a payment's advance later (`AllocatePaymentRemainder`). The recording posted what it did not
 * allocate as one 411 + auxiliary line (401 for purchases), left unlettered — an overpayment stays on the
 * customer's account, it is not moved to 4191 (which takes deposits invoiced as such). Allocating it to an
 * invoice posts a transfer in OD between two lines of that same account: one taking the amount off the
 * advance, one per allocated document (so each document's lettering set balances on its own, as a
 * recording's allocation line does), and the VAT on receipts it makes due. The advance line is lettered
 * with the transfers' lines once the advance is used up.
 */

type Validated = Exclude<PaymentState, { status: "none" }>;

const signedLine = (
  account: string,
  auxiliary: string,
  label: string,
  amount: Cents,
  side: "debit" | "credit",
): EntryLine => {
  const debitSide = (side === "debit") === amount > 0;
  const abs = Math.abs(amount);
  return { account, auxiliary, label, debit: debitSide ? abs : 0, credit: debitSide ? 0 : abs };
};

const sides = (state: Validated) =>
  state.direction === "sales"
    ? { toward: "credit" as const, other: "debit" as const }
    : { toward: "debit" as const, other: "credit" as const };

const fact = (ref: string, date: IsoDate, l: EntryLine): LedgerLineFact => ({
  ref,
  account: l.account,
  auxiliary: l.auxiliary,
  date,
  debit: l.debit,
  credit: l.credit,
});

/** The transfer's line taking `used` off the advance (its first line), none when the uses net to 0. */
export const remainderLineFact = (
  state: Validated,
  date: IsoDate,
  entryMvt: string,
  used: Cents,
): LedgerLineFact | null => {
  if (used === 0) return null;
  const { control, code } = state.contact.auxiliary;
  const l = signedLine(control, code, "", used, sides(state).other);
  return fact(lineRef(entryMvt, 1), date, l);
};

/** The recording's advance line (after the treasury line and one line per allocation), if it left one. */
export const advanceLineFact = (state: Validated): LedgerLineFact | null => {
  if (state.refund) return null;
  const advance =
    state.amount -
    state.allocations.reduce((s, a) => s + (a.kind === "creditNote" ? -a.amount : a.amount), 0);
  if (advance <= 0) return null;
  const { control, code } = state.contact.auxiliary;
  const l = signedLine(control, code, "", advance, sides(state).toward);
  return fact(lineRef(state.entryMvt, state.allocations.length + 2), state.date, l);
};

/** Once the advance is used up: its line and every transfer line that took from it (null before). */
export const advanceLetteringSet = (state: PaymentState): LedgerLineFact[] | null => {
  if (state.status !== "validated") return null;
  const advance = advanceLineFact(state);
  const uses = (state.remainders ?? []).flatMap((r) => (r.line ? [r.line] : []));
  if (!advance || uses.length === 0) return null;
  const set = [advance, ...uses];
  return set.reduce((s, l) => s + l.debit - l.credit, 0) === 0 ? set : null;
};

/**
 * The transfer entry of one use of the advance, in `journal` (OD): the line off the advance, one line
 * per allocation, the VAT on receipts moved; with, per document, the line that carries its allocation.
 */
export const remainderPosting = (
  state: Validated,
  use: RemainderAllocation,
  vat: readonly VatMove[],
  journal: string,
): { entry: EntryContent; lines: Readonly<Record<string, LedgerLineFact>> } => {
  const { control, code } = state.contact.auxiliary;
  const { toward, other } = sides(state);
  const name = state.contact.name;
  const numbers = use.allocations.map((a) => a.number).join(" ");
  const used = use.allocations.reduce((s, a) => s + (a.kind === "creditNote" ? -a.amount : a.amount), 0);
  const lines: EntryLine[] = [];
  if (used !== 0)
    lines.push(signedLine(control, code, `Imputation acompte ${name}`.slice(0, 200), used, other));
  const facts: Record<string, LedgerLineFact> = {};
  for (const a of use.allocations) {
    const signed = a.kind === "creditNote" ? -a.amount : a.amount;
    const posted = signedLine(control, code, `${name} ${a.number}`.slice(0, 200), signed, toward);
    lines.push(posted);
    facts[a.doc] = fact(lineRef(use.entryMvt, lines.length), use.date, posted);
  }
  const byPair = new Map<string, Cents>();
  for (const m of vat) byPair.set(`${m.from}|${m.to}`, (byPair.get(`${m.from}|${m.to}`) ?? 0) + m.amount);
  for (const [pair, amount] of byPair) {
    if (amount === 0) continue;
    const [from = "", to = ""] = pair.split("|");
    const debit = amount > 0;
    const abs = Math.abs(amount);
    lines.push({
      account: from,
      auxiliary: null,
      label: "TVA sur encaissements",
      debit: debit ? abs : 0,
      credit: debit ? 0 : abs,
    });
    lines.push({
      account: to,
      auxiliary: null,
      label: "TVA sur encaissements",
      debit: debit ? 0 : abs,
      credit: debit ? abs : 0,
    });
  }
  return {
    entry: {
      journal,
      date: use.date,
      pieceRef: (state.reference ?? (numbers || "Acompte")).slice(0, 60),
      pieceDate: use.date,
      label: `Imputation acompte ${name} ${numbers}`.trim().slice(0, 200),
      lines,
    },
    lines: facts,
  };
};
