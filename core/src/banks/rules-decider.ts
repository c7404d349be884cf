import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { type BankRule, checkBankRule, orderedRules } from "./rules.ts";

/**
 * An organisation's bank rules as one stream (`bank-rules-<org>`): saved (created or replaced by id),
 * deleted, put in a new order. The rules' shape is checked here; that the account, journal, VAT rate
 * and contact exist is for the caller, who reads them.
 */
export const bankRulesStreamId = (orgId: string): string => `bank-rules-${orgId}`;

export type BankRulesState = { readonly rules: readonly BankRule[] };

export type BankRuleCommand =
  | { readonly type: "SaveBankRule"; readonly data: { readonly rule: BankRule } }
  | { readonly type: "DeleteBankRule"; readonly data: { readonly id: string } }
  | { readonly type: "ReorderBankRules"; readonly data: { readonly ids: readonly string[] } };

export type BankRuleEvent =
  | DomainEvent<"BankRuleSaved", { readonly rule: BankRule }>
  | DomainEvent<"BankRuleDeleted", { readonly id: string }>
  | DomainEvent<"BankRulesReordered", { readonly ids: readonly string[] }>;

const same = (a: BankRule | undefined, b: BankRule): boolean =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

const decide = (command: BankRuleCommand, state: BankRulesState): readonly BankRuleEvent[] => {
  switch (command.type) {
    case "SaveBankRule": {
      const { rule } = command.data;
      if (rule.name.trim() === "") throw new DomainError("bankRule.noName", { field: "name" });
      checkBankRule(rule);
      const known = state.rules.find((r) => r.id === rule.id);
      return same(known, rule) ? [] : [{ type: "BankRuleSaved", data: { rule } }];
    }
    case "DeleteBankRule": {
      if (!state.rules.some((r) => r.id === command.data.id))
        throw new DomainError("bankRule.notFound", { id: command.data.id }, 404);
      return [{ type: "BankRuleDeleted", data: { id: command.data.id } }];
    }
    case "ReorderBankRules": {
      const { ids } = command.data;
      const known = new Set(state.rules.map((r) => r.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
        throw new DomainError("bankRule.invalidOrder", { field: "ids" });
      const current = orderedRules(state.rules).map((r) => r.id);
      return current.every((id, i) => ids[i] === id) &&
        state.rules.every((r) => r.order === ids.indexOf(r.id))
        ? []
        : [{ type: "BankRulesReordered", data: { ids } }];
    }
  }
};

const evolve = (state: BankRulesState, event: BankRuleEvent): BankRulesState => {
  switch (event.type) {
    case "BankRuleSaved":
      return { rules: [...state.rules.filter((r) => r.id !== event.data.rule.id), event.data.rule] };
    case "BankRuleDeleted":
      return { rules: state.rules.filter((r) => r.id !== event.data.id) };
    case "BankRulesReordered":
      return { rules: state.rules.map((r) => ({ ...r, order: event.data.ids.indexOf(r.id) })) };
  }
};

export const bankRulesDecider: Decider<BankRuleCommand, BankRuleEvent, BankRulesState> = {
  decide,
  evolve,
  initialState: () => ({ rules: [] }),
};
