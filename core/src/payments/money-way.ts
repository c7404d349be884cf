/**
 * Which way a payment's money goes, and so where it is posted and whether a deposit (remise) takes it.
 * A cheque the business *receives* waits in 5112 « chèques à encaisser » until it is taken to the bank;
 * a cheque it *issues* (to a supplier, or refunding a customer) is posted to the bank on its date — the
 * payee cashes it. Cash received waits in the till (530) until it is taken to the bank; cash paid out
 * leaves the till and is never deposited.
 */
import type { PaymentModeKind } from "./banking.ts";

/** in: a customer's payment, a supplier's refund; out: a supplier's payment, a customer's refund. */
export type MoneyWay = "in" | "out";

export const moneyWay = (direction: "sales" | "purchases", refund: boolean | undefined): MoneyWay =>
  (direction === "sales") !== (refund === true) ? "in" : "out";

export type TreasuryRoute = {
  /** Where the payment is posted: 5112 (cheques to cash in), 530 (the till), or the mode's bank (512…). */
  readonly posts: "cheques" | "till" | "bank";
  /** Whether a deposit can take it to the bank later. */
  readonly depositable: boolean;
};

/**
 * The one rule: money in through a mode set to go through a deposit waits — cash in the till, anything
 * else (cheques, cheques-vacances…) in 5112 — until a deposit; money out never waits for a deposit: cash
 * through such a mode leaves the till, anything else leaves the bank itself. A mode not through a deposit
 * is the bank's, both ways.
 */
export const treasuryRoute = (
  way: MoneyWay,
  mode: { readonly kind: PaymentModeKind; readonly deposit: boolean },
): TreasuryRoute => {
  if (!mode.deposit) return { posts: "bank", depositable: false };
  if (mode.kind === "cash") return { posts: "till", depositable: way === "in" };
  return way === "in" ? { posts: "cheques", depositable: true } : { posts: "bank", depositable: false };
};
