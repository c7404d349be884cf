import type { z } from "@hono/zod-openapi";
import { type BankRule, Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { answerDeleted } from "../http/deleted.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { derivedId } from "../ids.ts";
import { checkBooking, loadBankRules, ruleOf, runBankRules } from "../reconcile/rules.ts";
import {
  BankRuleAutomaticInput,
  BankRuleInput,
  BankRuleList,
  BankRuleOrderInput,
  BankRule as BankRuleSchema,
} from "../schemas/bank-rules.ts";
import { answer, body, errors, plain, UuidParam } from "../schemas/common.ts";

const RIGHT = "statements.reconcile";
type Input = Omit<BankRule, "id" | "order">;
type RuleOut = z.infer<typeof BankRuleSchema>;

/**
 * The organisation's bank rules, mounted at /banks/rules (before /banks/{id}): listed in the order they
 * are tried; created last, edited, switched between automatic (applied on import) and proposed, put in
 * a new order, deleted. The booking's account, journal, VAT rate and contact are checked to exist.
 */
export const bankRuleRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const answerRule = async (orgId: string, id: string) =>
    plain<RuleOut>(ruleOf((await loadBankRules(ctx, orgId)).rules, id));
  const save = async (orgId: string, rule: BankRule, c: Parameters<typeof commandMetadata>[0]) => {
    await checkBooking(ctx, orgId, rule.booking);
    await runBankRules(ctx, orgId, { type: "SaveBankRule", data: { rule } }, commandMetadata(c, ctx));
  };

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.read), {
      method: "get",
      path: "/",
      operationId: "listBankRules",
      tags: ["Banks"],
      responses: { 200: answer(BankRuleList, "The rules, in the order they are tried"), ...errors },
    }),
    async (c) =>
      c.json(plain<{ items: RuleOut[] }>({ items: (await loadBankRules(ctx, sessionOrg(c))).rules }), 200),
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.create), {
      method: "post",
      path: "/",
      operationId: "createBankRule",
      tags: ["Banks"],
      description: "A new rule, tried after the existing ones.",
      request: body(BankRuleInput),
      responses: { 201: answer(BankRuleSchema, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const id = derivedId(commandMetadata(c, ctx).commandId, "bank-rule");
      const { rules } = await loadBankRules(ctx, orgId);
      const known = rules.find((r) => r.id === id);
      const order = known?.order ?? rules.reduce((max, r) => Math.max(max, r.order + 1), 0);
      await save(orgId, { ...(c.req.valid("json") as Input), id, order }, c);
      return c.json(await answerRule(orgId, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.update), {
      method: "put",
      path: "/order",
      operationId: "orderBankRules",
      tags: ["Banks"],
      description: "Every rule's id, in the order they are to be tried.",
      request: body(BankRuleOrderInput),
      responses: { 200: answer(BankRuleList, "The rules in their new order"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      await runBankRules(
        ctx,
        orgId,
        { type: "ReorderBankRules", data: { ids: c.req.valid("json").ids } },
        commandMetadata(c, ctx),
      );
      return c.json(plain<{ items: RuleOut[] }>({ items: (await loadBankRules(ctx, orgId)).rules }), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getBankRule",
      tags: ["Banks"],
      request: { params: UuidParam },
      responses: { 200: answer(BankRuleSchema, "The rule"), ...errors },
    }),
    async (c) => c.json(await answerRule(sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateBankRule",
      tags: ["Banks"],
      request: { params: UuidParam, ...body(BankRuleInput) },
      responses: { 200: answer(BankRuleSchema, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const known = ruleOf((await loadBankRules(ctx, orgId)).rules, id);
      await save(orgId, { ...(c.req.valid("json") as Input), id, order: known.order }, c);
      return c.json(await answerRule(orgId, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.update), {
      method: "put",
      path: "/{id}/automatic",
      operationId: "setBankRuleAutomatic",
      tags: ["Banks"],
      description: "Automatic (true): applied on import; otherwise proposed on the reconcile screen.",
      request: { params: UuidParam, ...body(BankRuleAutomaticInput) },
      responses: { 200: answer(BankRuleSchema, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const known = ruleOf((await loadBankRules(ctx, orgId)).rules, id);
      await runBankRules(
        ctx,
        orgId,
        { type: "SaveBankRule", data: { rule: { ...known, automatic: c.req.valid("json").automatic } } },
        commandMetadata(c, ctx),
      );
      return c.json(await answerRule(orgId, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteBankRule",
      tags: ["Banks"],
      request: { params: UuidParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        await runBankRules(
          ctx,
          orgId,
          { type: "DeleteBankRule", data: { id: c.req.valid("param").id } },
          metadata,
        );
      }),
  );
  return app;
};
