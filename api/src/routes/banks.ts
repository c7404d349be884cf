import { Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { bankOf, createBank, loadBanking, runBanking } from "../payments/banking.ts";
import { answer, body, errors, plain, UuidParam } from "../schemas/common.ts";
import { Bank, BankClosedInput, BankInput, BankList } from "../schemas/payments.ts";

/** The organisation's bank accounts, mounted at /banks (closed ones kept, listed last). */
export const bankRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listBanks",
      tags: ["Banks"],
      responses: { 200: answer(BankList, "The bank accounts"), ...errors },
    }),
    async (c) => {
      const { view } = await loadBanking(ctx, sessionOrg(c));
      const items = Object.values(view.banks).sort(
        (a, b) => Number(a.closed) - Number(b.closed) || a.name.localeCompare(b.name, "fr"),
      );
      return c.json(plain<{ items: (typeof items)[number][] }>({ items }), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createBank",
      tags: ["Banks"],
      description: "Creates the bank with its own 512 sub-account and bank journal, in one commit.",
      request: body(BankInput),
      responses: { 201: answer(Bank, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const id = await createBank(ctx, orgId, c.req.valid("json"), commandMetadata(c, ctx));
      return c.json(bankOf((await loadBanking(ctx, orgId)).view, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getBank",
      tags: ["Banks"],
      request: { params: UuidParam },
      responses: { 200: answer(Bank, "The bank account"), ...errors },
    }),
    async (c) => c.json(bankOf((await loadBanking(ctx, sessionOrg(c))).view, c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateBank",
      tags: ["Banks"],
      request: { params: UuidParam, ...body(BankInput) },
      responses: { 200: answer(Bank, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await runBanking(
        ctx,
        orgId,
        { type: "UpdateBank", data: { ...c.req.valid("json"), id } },
        commandMetadata(c, ctx),
      );
      return c.json(bankOf((await loadBanking(ctx, orgId)).view, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.update), {
      method: "put",
      path: "/{id}/closed",
      operationId: "closeBank",
      tags: ["Banks"],
      description: "Closes (true) or reopens (false) a bank account; a closed one is kept with its history.",
      request: { params: UuidParam, ...body(BankClosedInput) },
      responses: { 200: answer(Bank, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const type = c.req.valid("json").closed ? "CloseBank" : "ReopenBank";
      await runBanking(ctx, orgId, { type, data: { id } }, commandMetadata(c, ctx));
      return c.json(bankOf((await loadBanking(ctx, orgId)).view, id), 200);
    },
  );
  return app;
};
