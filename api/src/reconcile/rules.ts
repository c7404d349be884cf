import {
  type BankRule,
  bankRulesDecider,
  bankRulesStreamId,
  chartDecider,
  chartStreamId,
  DomainError,
  journalsDecider,
  journalsStreamId,
  orderedRules,
  vatRates,
} from "@registre/core";
import { loadAggregate, orgStreamRunner } from "../commands.ts";
import { loadContact } from "../contacts/commands.ts";
import type { AppContext } from "../context.ts";

/** The organisation's bank rules, in the order they are tried. */
export const loadBankRules = async (ctx: AppContext, orgId: string) => {
  const loaded = await loadAggregate(ctx, orgId, bankRulesStreamId(orgId), bankRulesDecider);
  return { ...loaded, rules: orderedRules(loaded.state.rules) };
};

export const ruleOf = (rules: readonly BankRule[], id: string): BankRule => {
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw new DomainError("bankRule.notFound", { id }, 404);
  return rule;
};

/**
 * What the rules decider leaves to its caller: the booking's account is an open general account of
 * the chart (a collective one, 411 or 401, only with a contact, whose auxiliary account it then names), its journal exists, its
 * VAT rate is one of the rates and its contact exists. Each refusal names its field.
 */
export const checkBooking = async (ctx: AppContext, orgId: string, booking: BankRule["booking"]) => {
  const [chart, journals] = await Promise.all([
    loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider),
    loadAggregate(ctx, orgId, journalsStreamId(orgId), journalsDecider),
  ]);
  const account = chart.state.accounts[booking.account];
  if (account?.kind !== "general" || account.closed || (account.collective && !booking.contactId))
    throw new DomainError("bankRule.accountUnknown", {
      field: "booking.account",
      number: booking.account,
    });
  if (booking.journal) {
    const journal = journals.state.journals[booking.journal];
    if (!journal)
      throw new DomainError("bankRule.journalUnknown", {
        field: "booking.journal",
        code: booking.journal,
      });
  }
  if (booking.vatRate && !(vatRates as readonly string[]).includes(booking.vatRate))
    throw new DomainError("bankRule.vatRateUnknown", { field: "booking.vatRate", rate: booking.vatRate });
  if (booking.contactId) {
    const contact = await loadContact(ctx, orgId, booking.contactId);
    if (!("identity" in contact) || contact.status === "merged")
      throw new DomainError("bankRule.contactUnknown", { field: "booking.contactId" });
  }
};

export const runBankRules = orgStreamRunner({
  streamId: bankRulesStreamId,
  decider: bankRulesDecider,
  readModels: [],
});
