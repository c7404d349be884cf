import { Rights } from "@registre/core";
import {
  addClosingStep,
  findClosingStep,
  listAllClosingSteps,
  updateClosingStep,
} from "../../accounting/closing.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import {
  AddClosingStepInput,
  ClosingStep,
  ClosingStepList,
  ClosingStepQuery,
  StepKeyParam,
  UpdateClosingStepInput,
} from "../../schemas/closing.ts";
import { answer, body, errors } from "../../schemas/common.ts";

/**
 * A fiscal year's closing checklist (step ids `<yearId>.<step>`). Mounted at
 * /accounting/balance-sheet/steps.
 */
export const closingStepRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listClosingSteps",
      tags: ["Accounting"],
      request: { query: ClosingStepQuery },
      responses: {
        200: answer(ClosingStepList, "The closing checklist, per year"),
        ...errors,
      },
    }),
    async (c) =>
      c.json({ items: await listAllClosingSteps(ctx, sessionOrg(c), c.req.valid("query").yearId) }, 200),
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.create), {
      method: "post",
      path: "/",
      operationId: "addClosingStep",
      tags: ["Accounting"],
      request: body(AddClosingStepInput),
      responses: { 201: answer(ClosingStep, "The organisation's own step, to do"), ...errors },
    }),
    async (c) => {
      const { yearId, label } = c.req.valid("json");
      return c.json(await addClosingStep(ctx, sessionOrg(c), yearId, label, commandMetadata(c, ctx)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getClosingStep",
      tags: ["Accounting"],
      request: { params: StepKeyParam },
      responses: { 200: answer(ClosingStep, "The step"), ...errors },
    }),
    async (c) => c.json(await findClosingStep(ctx, sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateClosingStep",
      tags: ["Accounting"],
      request: {
        params: StepKeyParam,
        ...body(UpdateClosingStepInput),
      },
      responses: { 200: answer(ClosingStep, "The step as it now stands"), ...errors },
    }),
    async (c) =>
      c.json(
        await updateClosingStep(
          ctx,
          sessionOrg(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          commandMetadata(c, ctx),
        ),
        200,
      ),
  );

  return app;
};
