import { cleanText, requiredText } from "../accounting/text.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { decimalUnits, divideRounded, formatUnits } from "../decimal.ts";

/**
 * The platform's plans (stream `billing-plans` of the platform pseudo-organisation): what an organisation
 * may subscribe to — a name, a number of months, a price before tax in integer cents, a VAT rate (a
 * decimal string, « 20 » or « 5.5 ») and what the plan includes. Written by the platform administrator.
 */
export const billingPlansStreamId = "billing-plans";

export type PlanText = {
  readonly name: string;
  /** 1 to 36 months a period. */
  readonly months: number;
  /** Price of a period before tax, integer cents. */
  readonly priceHtCents: number;
  /** VAT rate in percent, a decimal string of at most two decimals (« 20 », « 5.5 »). */
  readonly vatRate: string;
  /** What the plan includes, one line each, shown to the owner choosing it. */
  readonly includes: readonly string[];
};

export type Plan = PlanText & { readonly id: string; readonly archived: boolean };

export type PlanEvent =
  | DomainEvent<"PlanDefined", PlanText & { readonly id: string }>
  | DomainEvent<"PlanChanged", PlanText & { readonly id: string }>
  | DomainEvent<"PlanArchived", { readonly id: string }>;

export const planEventTypes: readonly PlanEvent["type"][] = ["PlanDefined", "PlanChanged", "PlanArchived"];

export type PlansState = { readonly plans: Readonly<Record<string, Plan>> };

export type PlanCommand =
  | { readonly type: "DefinePlan"; readonly id: string; readonly plan: PlanText }
  | { readonly type: "ChangePlan"; readonly id: string; readonly change: Partial<PlanText> }
  | { readonly type: "ArchivePlan"; readonly id: string };

export const PLAN_MAX_MONTHS = 36;
export const PLAN_MAX_PRICE_CENTS = 100_000_000;

/** The VAT of a price before tax at a rate (percent, decimal string), rounded half up to the cent. */
export const vatCents = (htCents: number, vatRate: string): number => {
  const hundredths = decimalUnits(vatRate, 2);
  if (hundredths === undefined) throw new DomainError("billing.invalidVatRate", { field: "vatRate" });
  return Number(divideRounded(BigInt(htCents) * hundredths, 10_000n));
};

const planText = (input: PlanText): PlanText => {
  const name = requiredText(input.name, "name", 120);
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > PLAN_MAX_MONTHS)
    throw new DomainError("billing.invalidMonths", { field: "months", max: PLAN_MAX_MONTHS });
  if (
    !Number.isInteger(input.priceHtCents) ||
    input.priceHtCents < 0 ||
    input.priceHtCents > PLAN_MAX_PRICE_CENTS
  )
    throw new DomainError("billing.invalidPrice", { field: "priceHtCents" });
  const rate = decimalUnits(input.vatRate, 2);
  if (rate === undefined || rate < 0n || rate > 10_000n)
    throw new DomainError("billing.invalidVatRate", { field: "vatRate" });
  const includes = input.includes.map((line) => cleanText(line)).filter((line) => line.length > 0);
  if (includes.length > 30 || includes.some((line) => line.length > 200))
    throw new DomainError("validation.tooLong", { field: "includes", max: 200 });
  return {
    name,
    months: input.months,
    priceHtCents: input.priceHtCents,
    vatRate: formatUnits(rate, 2, 0),
    includes,
  };
};

const evolve = (state: PlansState, event: PlanEvent): PlansState => {
  const current = state.plans[event.data.id];
  switch (event.type) {
    case "PlanDefined":
      return { plans: { ...state.plans, [event.data.id]: { ...event.data, archived: false } } };
    case "PlanChanged":
      return current ? { plans: { ...state.plans, [current.id]: { ...current, ...event.data } } } : state;
    case "PlanArchived":
      return current ? { plans: { ...state.plans, [current.id]: { ...current, archived: true } } } : state;
    default:
      return event satisfies never;
  }
};

const existing = (state: PlansState, id: string): Plan => {
  const plan = state.plans[id];
  if (!plan) throw new DomainError("billing.planNotFound", { id }, 404);
  return plan;
};

const decide = (command: PlanCommand, state: PlansState): PlanEvent[] => {
  switch (command.type) {
    case "DefinePlan":
      if (state.plans[command.id]) return [];
      return [{ type: "PlanDefined", data: { id: command.id, ...planText(command.plan) } }];
    case "ChangePlan": {
      const { id, archived: _archived, ...before } = existing(state, command.id);
      const text = planText({ ...before, ...command.change });
      return JSON.stringify(text) === JSON.stringify(before)
        ? []
        : [{ type: "PlanChanged", data: { id, ...text } }];
    }
    case "ArchivePlan":
      return existing(state, command.id).archived ? [] : [{ type: "PlanArchived", data: { id: command.id } }];
    default:
      return command satisfies never;
  }
};

export const plansDecider: Decider<PlanCommand, PlanEvent, PlansState> = {
  decide,
  evolve,
  initialState: () => ({ plans: {} }),
};
