import { Rights } from "@registre/core";
import { findPlan, listPlans, snapshot } from "../billing/plans.ts";
import { ensureTrial, loadSubscription, runSubscription, subscriptionView } from "../billing/subscription.ts";
import { applyWebhook } from "../billing/webhook.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC, right, SESSION } from "../http/access.ts";
import { rawBodyOf } from "../http/input-guard.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import {
  BillingPlanList,
  ChoosePlanInput,
  StripeWebhookAnswer,
  StripeWebhookBody,
  Subscription,
} from "../schemas/billing.ts";
import { answer, body, errors } from "../schemas/common.ts";

const tags = ["Billing"];

const currentOrg = (orgId: string | null): string => {
  if (!orgId) throw new ProblemError(404, "organisation.notFound");
  return orgId;
};

/** With no payment provider configured, there is nothing to choose nor pay. */
export const requireBilling = (ctx: AppContext) => {
  if (!ctx.billing) throw new ProblemError(409, "billing.off");
};

/**
 * An organisation's subscription, mounted at /billing: its state (the trial started the first time it is
 * read with billing on), the plans it may choose, the plan chosen. Writes here are allowed while
 * read-only: they are how an organisation pays its way back.
 */
export const billingRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/subscription",
      operationId: "getSubscription",
      tags,
      responses: {
        200: answer(Subscription, "The organisation's subscription; enabled false when billing is off"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = currentOrg(c.get("session").orgId);
      const now = ctx.clock();
      const state = ctx.billing ? await ensureTrial(ctx, orgId, now) : await loadSubscription(ctx, orgId);
      return c.json(subscriptionView(state, now, ctx.billing !== undefined), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/plans",
      operationId: "listBillingPlans",
      tags,
      responses: {
        200: answer(BillingPlanList, "The plans an organisation may choose (none when billing is off)"),
        ...errors,
      },
    }),
    async (c) => c.json({ items: ctx.billing ? await listPlans(ctx, false) : [] }, 200),
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "post",
      path: "/subscription/plan",
      operationId: "chooseBillingPlan",
      tags,
      whileReadOnly: true,
      request: body(ChoosePlanInput),
      responses: { 200: answer(Subscription, "The plan chosen for the next charge"), ...errors },
    }),
    async (c) => {
      requireBilling(ctx);
      const orgId = currentOrg(c.get("session").orgId);
      const metadata = commandMetadata(c, ctx);
      const plan = await findPlan(ctx, c.req.valid("json").planId, false);
      await ensureTrial(ctx, orgId, ctx.clock());
      const outcome = await runSubscription(
        ctx,
        orgId,
        [{ type: "ChoosePlan", plan: snapshot(plan), at: metadata.at }],
        metadata,
      );
      return c.json(subscriptionView(outcome.state, ctx.clock(), true), 200);
    },
  );
  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/stripe/webhook",
      operationId: "receiveStripeWebhook",
      tags,
      description:
        "Called by Stripe. Verified by its `Stripe-Signature` over the body as sent (STRIPE_WEBHOOK_SECRET); " +
        "a payment that succeeded renews the organisation's period once, whichever way it is told.",
      request: { body: { content: { "application/json": { schema: StripeWebhookBody } }, required: true } },
      responses: {
        200: answer(StripeWebhookAnswer, "Verified: applied, or acknowledged with nothing to change"),
        ...problemResponses(400, 409, 422),
      },
    }),
    async (c) => {
      const payload = new TextDecoder().decode(await rawBodyOf(c));
      return c.json(await applyWebhook(ctx, payload, c.req.header("stripe-signature") ?? ""), 200);
    },
  );
  return app;
};
