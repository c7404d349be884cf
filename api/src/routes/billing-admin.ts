import { PLATFORM_ORG } from "@registre/core";
import { findPlan, listPlans, runPlans, snapshot } from "../billing/plans.ts";
import { ensureTrial, loadSubscription, runSubscription, subscriptionView } from "../billing/subscription.ts";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { requirePlatformOrganisation } from "../identity/platform.ts";
import { derivedId } from "../ids.ts";
import {
  BillingPlan,
  BillingPlanChange,
  BillingPlanInput,
  BillingPlanList,
  GrantPlanInput,
  Subscription,
} from "../schemas/billing.ts";
import { answer, body, errors, UuidParam } from "../schemas/common.ts";
import { requireBilling } from "./billing.ts";

const tags = ["Platform"];

/**
 * The platform administrator's side of billing, mounted at /registre/billing: the plans (every change
 * an event of the `billing-plans` stream), an organisation's subscription, a plan granted by hand.
 */
export const billingAdminRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/plans",
      operationId: "listPlatformPlans",
      tags,
      responses: { 200: answer(BillingPlanList, "Every plan, the archived ones too"), ...errors },
    }),
    async (c) => c.json({ items: await listPlans(ctx, true) }, 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/plans",
      operationId: "createPlatformPlan",
      tags,
      request: body(BillingPlanInput),
      responses: { 201: answer(BillingPlan, "Defined"), ...errors },
    }),
    async (c) => {
      const metadata = commandMetadata(c, ctx);
      const id = derivedId(metadata.commandId, "plan");
      await runPlans(ctx, { type: "DefinePlan", id, plan: c.req.valid("json") }, metadata);
      return c.json(await findPlan(ctx, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/plans/{id}",
      operationId: "updatePlatformPlan",
      tags,
      request: { params: UuidParam, ...body(BillingPlanChange) },
      responses: {
        200: answer(BillingPlan, "Changed (organisations keep the plan as they chose or paid it)"),
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await runPlans(ctx, { type: "ChangePlan", id, change: c.req.valid("json") }, commandMetadata(c, ctx));
      return c.json(await findPlan(ctx, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "delete",
      path: "/plans/{id}",
      operationId: "archivePlatformPlan",
      tags,
      request: { params: UuidParam },
      responses: {
        204: { description: "Archived: no longer offered; organisations on it keep it" },
        ...errors,
      },
    }),
    async (c) => {
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, PLATFORM_ORG, metadata)) return c.body(null, 204);
      await runPlans(ctx, { type: "ArchivePlan", id: c.req.valid("param").id }, metadata);
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/orgs/{id}/subscription",
      operationId: "getOrganisationSubscription",
      tags,
      request: { params: UuidParam },
      responses: { 200: answer(Subscription, "An organisation's subscription"), ...errors },
    }),
    async (c) => {
      const orgId = c.req.valid("param").id;
      await requirePlatformOrganisation(ctx, orgId);
      const state = await loadSubscription(ctx, orgId);
      return c.json(subscriptionView(state, ctx.clock(), ctx.billing !== undefined), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/orgs/{id}/grant",
      operationId: "grantOrganisationPlan",
      tags,
      request: { params: UuidParam, ...body(GrantPlanInput) },
      responses: {
        200: answer(Subscription, "The plan granted: a paid period without a payment"),
        ...errors,
      },
    }),
    async (c) => {
      requireBilling(ctx);
      const orgId = c.req.valid("param").id;
      // A plan is granted to an organisation that exists: an unknown id starts no subscription stream.
      await requirePlatformOrganisation(ctx, orgId);
      const { planId, from } = c.req.valid("json");
      const metadata = commandMetadata(c, ctx);
      const plan = await findPlan(ctx, planId);
      await ensureTrial(ctx, orgId, ctx.clock());
      const outcome = await runSubscription(
        ctx,
        orgId,
        [{ type: "GrantPlan", plan: snapshot(plan), from, by: c.get("session").userId, at: metadata.at }],
        metadata,
      );
      return c.json(subscriptionView(outcome.state, ctx.clock(), true), 200);
    },
  );
  return app;
};
