import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import type { BankRule } from "./rules.ts";
import { type BankRuleEvent, bankRulesDecider } from "./rules-decider.ts";

const spec = deciderSpecification(bankRulesDecider);
const rule = (id: string, order: number, extra: Partial<BankRule> = {}): BankRule => ({
  id,
  name: `Rule ${id}`,
  order,
  automatic: false,
  enabled: true,
  when: { labelContains: ["commission"] },
  booking: { account: "627000" },
  ...extra,
});
const saved = (r: BankRule): BankRuleEvent => ({ type: "BankRuleSaved", data: { rule: r } });

describe("bank rules of an organisation", () => {
  it("given no rule, when one is saved, then it is saved", () => {
    spec
      .given([])
      .when({ type: "SaveBankRule", data: { rule: rule("a", 0) } })
      .then([saved(rule("a", 0))]);
  });

  it("given a rule, when saved again unchanged, then nothing; changed, then saved in its place", () => {
    spec
      .given([saved(rule("a", 0))])
      .when({ type: "SaveBankRule", data: { rule: rule("a", 0) } })
      .then([]);
    const automatic = rule("a", 0, { automatic: true });
    spec
      .given([saved(rule("a", 0))])
      .when({ type: "SaveBankRule", data: { rule: automatic } })
      .then([saved(automatic)]);
    const state = [saved(rule("a", 0)), saved(automatic)].reduce(
      bankRulesDecider.evolve,
      bankRulesDecider.initialState(),
    );
    expect(state.rules).toEqual([automatic]);
  });

  it("a rule without a name, a condition or an account is refused with its field", () => {
    spec
      .given([])
      .when({ type: "SaveBankRule", data: { rule: rule("a", 0, { name: " " }) } })
      .thenThrows(refusedOnField("bankRule.noName", "name"));
    spec
      .given([])
      .when({ type: "SaveBankRule", data: { rule: rule("a", 0, { when: {} }) } })
      .thenThrows(refusedOnField("bankRule.noCondition", "when"));
  });

  it("deleting an unknown rule is a 404; a known one is deleted", () => {
    spec
      .given([])
      .when({ type: "DeleteBankRule", data: { id: "x" } })
      .thenThrows(refusedWith("bankRule.notFound", { id: "x" }, 404));
    spec
      .given([saved(rule("a", 0))])
      .when({ type: "DeleteBankRule", data: { id: "a" } })
      .then([{ type: "BankRuleDeleted", data: { id: "a" } }]);
  });

  it("reordering takes every rule once; the new order is the evaluation order", () => {
    const given = [saved(rule("a", 0)), saved(rule("b", 1))];
    spec
      .given(given)
      .when({ type: "ReorderBankRules", data: { ids: ["a"] } })
      .thenThrows(refusedOnField("bankRule.invalidOrder", "ids"));
    spec
      .given(given)
      .when({ type: "ReorderBankRules", data: { ids: ["a", "a"] } })
      .thenThrows(refusedOnField("bankRule.invalidOrder", "ids"));
    spec
      .given(given)
      .when({ type: "ReorderBankRules", data: { ids: ["a", "b"] } })
      .then([]);
    spec
      .given(given)
      .when({ type: "ReorderBankRules", data: { ids: ["b", "a"] } })
      .then([{ type: "BankRulesReordered", data: { ids: ["b", "a"] } }]);
    const state = [
      ...given,
      { type: "BankRulesReordered", data: { ids: ["b", "a"] } } as BankRuleEvent,
    ].reduce(bankRulesDecider.evolve, bankRulesDecider.initialState());
    expect(state.rules.map((r) => [r.id, r.order])).toEqual([
      ["a", 1],
      ["b", 0],
    ]);
  });
});
