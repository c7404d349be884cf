import { DomainError } from "../decider.ts";
import type { Cents } from "../money.ts";
import { matchText } from "./matching.ts";
import type { BankStatementLine } from "./model.ts";

/**
 * An organisation's bank rules: when a line's label contains some words, its amount falls in a range
 * and/or it goes one way, it is booked to an account (and journal, VAT rate, contact) — bank fees to
 * 627, a subscription to its expense account. Rules are tried in their order (then by id); the first
 * that applies wins. An automatic rule is applied on import; any other is proposed.
 */

export type BankRule = {
  readonly id: string;
  readonly name: string;
  readonly order: number;
  readonly automatic: boolean;
  readonly enabled: boolean;
  readonly when: {
    /** Every text must be in the label or its details (accents, case and punctuation aside). */
    readonly labelContains?: readonly string[];
    /** Bounds on the amount's absolute value, in cents, inclusive. */
    readonly amountMin?: Cents;
    readonly amountMax?: Cents;
    readonly direction?: "credit" | "debit";
  };
  readonly booking: {
    readonly account: string;
    readonly journal?: string;
    readonly vatRate?: string;
    readonly contactId?: string;
    readonly label?: string;
  };
};

export type RuleOutcome = { readonly rule: BankRule; readonly mode: "automatic" | "proposed" };

/** Refuses a rule that would apply to every line, or whose amount range is empty. */
export const checkBankRule = (rule: BankRule): void => {
  const { labelContains, amountMin, amountMax, direction } = rule.when;
  const words = (labelContains ?? []).filter((w) => matchText(w) !== "");
  if (words.length === 0 && amountMin === undefined && amountMax === undefined && direction === undefined)
    throw new DomainError("bankRule.noCondition", { field: "when" });
  for (const [field, value] of [
    ["amountMin", amountMin],
    ["amountMax", amountMax],
  ] as const)
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0))
      throw new DomainError("bankRule.invalidAmount", { field: `when.${field}` });
  if (amountMin !== undefined && amountMax !== undefined && amountMin > amountMax)
    throw new DomainError("bankRule.emptyRange", { field: "when.amountMax" });
  if (rule.booking.account.trim() === "")
    throw new DomainError("bankRule.noAccount", { field: "booking.account" });
};

/** Whether `rule` applies to `line`. */
export const ruleApplies = (rule: BankRule, line: BankStatementLine): boolean => {
  if (!rule.enabled) return false;
  const { labelContains, amountMin, amountMax, direction } = rule.when;
  const abs = Math.abs(line.amount);
  if (direction === "credit" && line.amount <= 0) return false;
  if (direction === "debit" && line.amount >= 0) return false;
  if (amountMin !== undefined && abs < amountMin) return false;
  if (amountMax !== undefined && abs > amountMax) return false;
  if (labelContains && labelContains.length > 0) {
    const text = ` ${matchText([line.label, ...line.details].join(" "))} `;
    if (!labelContains.every((w) => matchText(w) === "" || text.includes(matchText(w)))) return false;
  }
  return true;
};

/** The rules in the order they are tried. */
export const orderedRules = (rules: readonly BankRule[]): BankRule[] =>
  [...rules].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The first rule that applies to `line`, and whether it is applied or proposed. */
export const evaluateRules = (
  rules: readonly BankRule[],
  line: BankStatementLine,
): RuleOutcome | undefined => {
  const rule = orderedRules(rules).find((r) => ruleApplies(r, line));
  return rule ? { rule, mode: rule.automatic ? "automatic" : "proposed" } : undefined;
};
