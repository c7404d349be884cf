import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import type { BankStatementLine } from "./model.ts";
import { type BankRule, checkBankRule, evaluateRules, orderedRules, ruleApplies } from "./rules.ts";

const line = (amount: number, label: string, details: string[] = []): BankStatementLine => ({
  bookingDate: "2026-03-10",
  amount,
  label,
  details,
});
const rule = (
  id: string,
  order: number,
  when: BankRule["when"],
  extra: Partial<BankRule> = {},
): BankRule => ({
  id,
  name: id,
  order,
  automatic: false,
  enabled: true,
  when,
  booking: { account: "627000", journal: "BQ" },
  ...extra,
});

const fees = rule(
  "fees",
  1,
  { labelContains: ["commission"], direction: "debit", amountMax: 5000 },
  { automatic: true },
);
const subscription = rule(
  "saas",
  2,
  { labelContains: ["prlv", "ovh"] },
  { booking: { account: "613500", vatRate: "20" } },
);
const bigCredit = rule("big", 3, { direction: "credit", amountMin: 1_000_000 });

describe("bank rules", () => {
  it("given a small debit labelled with commission, when evaluated, then the fees rule applies automatically", () => {
    expect(evaluateRules([subscription, fees], line(-790, "F COMMISSION D'INTERVENTION"))).toEqual({
      rule: fees,
      mode: "automatic",
    });
  });

  it("given the label words in other case and accents or in the details, then they still count", () => {
    expect(ruleApplies(fees, line(-790, "Frais", ["Commission d’intervention"]))).toBe(true);
    expect(ruleApplies(rule("é", 1, { labelContains: ["éléctricité"] }), line(-1, "ELECTRICITE"))).toBe(true);
  });

  it("every word of the rule must be there", () => {
    expect(ruleApplies(subscription, line(-2399, "PRLV SEPA OVH SAS"))).toBe(true);
    expect(ruleApplies(subscription, line(-2399, "PRLV SEPA FREE"))).toBe(false);
  });

  it("direction and amount bounds (absolute, inclusive) are each checked", () => {
    expect(ruleApplies(fees, line(790, "COMMISSION"))).toBe(false);
    expect(ruleApplies(fees, line(-5000, "COMMISSION"))).toBe(true);
    expect(ruleApplies(fees, line(-5001, "COMMISSION"))).toBe(false);
    expect(ruleApplies(bigCredit, line(1_000_000, "VIR"))).toBe(true);
    expect(ruleApplies(bigCredit, line(999_999, "VIR"))).toBe(false);
  });

  it("given two rules that apply, then the first in order wins, and a proposed rule says so", () => {
    const both = rule("prlv", 0, { labelContains: ["prlv"] });
    expect(evaluateRules([subscription, both], line(-2399, "PRLV OVH"))).toEqual({
      rule: both,
      mode: "proposed",
    });
  });

  it("a disabled rule never applies; no rule applying gives nothing", () => {
    expect(evaluateRules([{ ...fees, enabled: false }], line(-790, "COMMISSION"))).toBeUndefined();
    expect(evaluateRules([fees], line(-790, "VIR"))).toBeUndefined();
  });

  it("a rule without a condition, with an empty amount range or without an account is refused", () => {
    const code = (r: BankRule) => {
      try {
        checkBankRule(r);
        return undefined;
      } catch (error) {
        return error instanceof DomainError ? [error.code, error.params.field] : error;
      }
    };
    expect(code(fees)).toBeUndefined();
    expect(code(rule("none", 1, { labelContains: ["  "] }))).toEqual(["bankRule.noCondition", "when"]);
    expect(code(rule("range", 1, { amountMin: 10, amountMax: 5 }))).toEqual([
      "bankRule.emptyRange",
      "when.amountMax",
    ]);
    expect(code(rule("neg", 1, { amountMin: -1 }))).toEqual(["bankRule.invalidAmount", "when.amountMin"]);
    expect(code({ ...fees, booking: { account: " " } })).toEqual(["bankRule.noAccount", "booking.account"]);
  });

  it("property: the outcome does not depend on the order the rules are given in", () => {
    const arbRule = fc.record({
      id: fc.string({ minLength: 1, maxLength: 3 }),
      order: fc.integer({ min: 0, max: 5 }),
      automatic: fc.boolean(),
      word: fc.constantFrom("frais", "prlv", "vir", ""),
      direction: fc.constantFrom("credit", "debit", undefined),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbRule, { selector: (r) => r.id, maxLength: 8 }),
        fc.integer({ min: -5000, max: 5000 }),
        (raw, amount) => {
          const rules = raw.map((r) =>
            rule(
              r.id,
              r.order,
              { labelContains: [r.word], ...(r.direction ? { direction: r.direction } : {}) },
              { automatic: r.automatic },
            ),
          );
          const l = line(amount, "PRLV FRAIS");
          const forward = evaluateRules(rules, l);
          expect(evaluateRules([...rules].reverse(), l)).toEqual(forward);
          const first = orderedRules(rules).find((r) => ruleApplies(r, l));
          expect(forward?.rule).toEqual(first);
        },
      ),
    );
  });
});
