import {
  billingPlansStreamId,
  type CommandMetadata,
  DomainError,
  PLATFORM_ORG,
  type Plan,
  type PlanCommand,
  type PlanSnapshot,
  plansDecider,
} from "@registre/core";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";

/** The platform's plans: the `billing-plans` stream of the platform pseudo-organisation, folded (a few dozen events). */
export const runPlans = (ctx: AppContext, command: PlanCommand, metadata: CommandMetadata) =>
  handleCommand(ctx, {
    orgId: PLATFORM_ORG,
    streamId: billingPlansStreamId,
    decider: plansDecider,
    commands: [command],
    metadata,
    readModels: [],
  });

/** A plan as the API answers it. */
export type PlanJson = Omit<Plan, "includes"> & { includes: string[] };
const toJson = (plan: Plan): PlanJson => ({ ...plan, includes: [...plan.includes] });

export const listPlans = async (ctx: AppContext, archived: boolean): Promise<PlanJson[]> => {
  const { state } = await loadAggregate(ctx, PLATFORM_ORG, billingPlansStreamId, plansDecider);
  return Object.values(state.plans)
    .filter((plan) => archived || !plan.archived)
    .sort((a, b) => a.months - b.months || a.name.localeCompare(b.name))
    .map(toJson);
};

export const findPlan = async (ctx: AppContext, id: string, archived = true): Promise<PlanJson> => {
  const plan = (await listPlans(ctx, archived)).find((p) => p.id === id);
  if (!plan) throw new DomainError("billing.planNotFound", { id, field: "planId" }, 404);
  return plan;
};

export const snapshot = (plan: PlanJson): PlanSnapshot => ({
  id: plan.id,
  name: plan.name,
  months: plan.months,
  priceHtCents: plan.priceHtCents,
  vatRate: plan.vatRate,
});
