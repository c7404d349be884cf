import { OpenAPIHono, z } from "@hono/zod-openapi";
import { adjustmentKinds, closingStepStatuses, Rights } from "@registre/core";
import { requireOrg } from "../accounting/books.ts";
import {
  addAdjustment,
  addClosingStep,
  changeAdjustment,
  findClosingStep,
  listAdjustments,
  listAllClosingSteps,
  updateClosingStep,
} from "../accounting/closing.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, validationHook } from "../http/openapi.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { answer, body, Cents, CentsOut, Day, errors, IdParam } from "./accounting-schemas.ts";

const ClosingStep = z
  .object({
    key: z.string().openapi({ description: "<yearId>.<step>: the id the step routes take" }),
    yearId: z.uuid(),
    id: z
      .string()
      .openapi({ description: "A standard step's code, or the id of the organisation's own step" }),
    standard: z.boolean(),
    label: z.string().nullable().openapi({ description: "Null for a standard step: the interface words it" }),
    status: z.enum(closingStepStatuses),
    note: z.string(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .openapi("ClosingStep");

const Adjustment = z
  .object({
    id: z.uuid().openapi({ description: "The entry's mvt" }),
    yearId: z.uuid(),
    kind: z.enum(adjustmentKinds),
    date: z.string(),
    pieceRef: z.string(),
    label: z.string(),
    journal: z.string(),
    status: z.enum(["draft", "validated"]),
    number: z.string().nullable(),
    amount: Cents,
    lines: z.array(
      z.object({ account: z.string(), auxiliary: z.string().nullable(), debit: Cents, credit: Cents }),
    ),
  })
  .openapi("YearEndAdjustment");

const AdjustmentInput = z.object({
  label: z.string().max(200),
  date: Day.optional(),
  pieceRef: z.string().max(60).optional(),
  debitAccount: z.string().min(1).max(20),
  debitAuxiliary: z.string().max(20).nullish(),
  creditAccount: z.string().min(1).max(20),
  creditAuxiliary: z.string().max(20).nullish(),
  amount: Cents,
});

const StepKeyParam = z.object({
  id: z
    .string()
    .max(80)
    .openapi({ param: { name: "id", in: "path" }, example: "0190c4d2-…-….stock" }),
});

/**
 * The closing file of a fiscal year (/api/accounting/balance-sheet/steps and /lines): the closing
 * checklist and the year-end adjustments. Mounted before the balance-sheet routes, whose `{id}`
 * would otherwise take "steps" and "lines" for a year.
 */
export const closingRoutes = (ctx: AppContext) => {
  const app = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  const org = (c: { get: (key: "session") => { orgId: string | null } }) =>
    requireOrg(c.get("session").orgId);

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet/steps",
      operationId: "listClosingSteps",
      tags: ["Accounting"],
      request: { query: z.object({ yearId: z.string().max(40).optional() }) },
      responses: {
        200: answer(z.object({ items: z.array(ClosingStep) }), "The closing checklist, per year"),
        ...errors,
      },
    }),
    async (c) => c.json({ items: await listAllClosingSteps(ctx, org(c), c.req.valid("query").yearId) }, 200),
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.create), {
      method: "post",
      path: "/accounting/balance-sheet/steps",
      operationId: "addClosingStep",
      tags: ["Accounting"],
      request: body(z.object({ yearId: z.string().max(40), label: z.string().max(200) })),
      responses: { 201: answer(ClosingStep, "The organisation's own step, to do"), ...errors },
    }),
    async (c) => {
      const { yearId, label } = c.req.valid("json");
      return c.json(await addClosingStep(ctx, org(c), yearId, label, commandMetadata(c, ctx)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet/steps/{id}",
      operationId: "getClosingStep",
      tags: ["Accounting"],
      request: { params: StepKeyParam },
      responses: { 200: answer(ClosingStep, "The step"), ...errors },
    }),
    async (c) => c.json(await findClosingStep(ctx, org(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "put",
      path: "/accounting/balance-sheet/steps/{id}",
      operationId: "updateClosingStep",
      tags: ["Accounting"],
      request: {
        params: StepKeyParam,
        ...body(
          z.object({
            status: z.string().max(20).optional(),
            note: z.string().max(4000).optional(),
            label: z.string().max(200).optional(),
          }),
        ),
      },
      responses: { 200: answer(ClosingStep, "The step as it now stands"), ...errors },
    }),
    async (c) =>
      c.json(
        await updateClosingStep(
          ctx,
          org(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          commandMetadata(c, ctx),
        ),
        200,
      ),
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet/{id}/lines",
      operationId: "listYearEndAdjustments",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: {
        200: answer(
          z.object({ items: z.array(Adjustment), total: CentsOut }),
          "The year-end adjustments of the year, drafts and validated",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const items = await listAdjustments(ctx, org(c), c.req.valid("param").id);
      return c.json({ items, total: items.reduce((s, a) => s + a.amount, 0) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.create), {
      method: "post",
      path: "/accounting/balance-sheet/lines",
      operationId: "addYearEndAdjustment",
      tags: ["Accounting"],
      request: body(
        AdjustmentInput.extend({ yearId: z.string().max(40), kind: z.enum(adjustmentKinds) }).openapi(
          "YearEndAdjustmentInput",
        ),
      ),
      responses: {
        201: answer(Adjustment, "The adjustment, a draft entry of the year's last day"),
        ...errors,
      },
    }),
    async (c) => {
      const { yearId, ...input } = c.req.valid("json");
      return c.json(await addAdjustment(ctx, org(c), yearId, input, commandMetadata(c, ctx)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "put",
      path: "/accounting/balance-sheet/lines",
      operationId: "changeYearEndAdjustment",
      tags: ["Accounting"],
      request: body(AdjustmentInput.extend({ id: z.uuid() }).openapi("YearEndAdjustmentChange")),
      responses: { 200: answer(Adjustment, "The adjustment as it now stands"), ...errors },
    }),
    async (c) => {
      const { id, ...input } = c.req.valid("json");
      return c.json(await changeAdjustment(ctx, org(c), id, input, commandMetadata(c, ctx)), 200);
    },
  );

  return app;
};
