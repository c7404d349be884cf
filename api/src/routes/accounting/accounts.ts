import { Rights } from "@registre/core";
import { accountingSetupProjector } from "@registre/projections";
import { accountListJson } from "../../accounting/account-list.ts";
import { deleteAccount, runChart } from "../../accounting/books.ts";
import { findChartAccount } from "../../accounting/chart.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { cachedRead } from "../../http/answer-cache.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { childMetadata } from "../../ids.ts";
import {
  Account,
  AccountList,
  AccountQuery,
  CreateAccountInput,
  NumberParam,
  UpdateAccountInput,
} from "../../schemas/accounts.ts";
import { answer, body, errors, notModified } from "../../schemas/common.ts";

/** The chart of accounts, mounted at /accounting/accounts. */
export const accountRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const findAccount = (orgId: string, number: string) => findChartAccount(ctx, orgId, number);

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listAccounts",
      tags: ["Accounting"],
      request: { query: AccountQuery },
      responses: { 200: answer(AccountList, "The chart of accounts"), ...notModified, ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const query = c.req.valid("query");
      return cachedRead(ctx.database, c, {
        route: "accounts",
        orgId,
        models: [accountingSetupProjector.name],
        query,
        // The JSON the schema describes, written by PostgreSQL (see accountListJson).
        compute: () => accountListJson(ctx.database, orgId, query),
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createAccount",
      tags: ["Accounting"],
      request: body(CreateAccountInput),
      responses: { 201: answer(Account, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const b = c.req.valid("json");
      const outcome = await runChart(
        ctx,
        orgId,
        b.control
          ? { type: "CreateAuxiliaryAccount", data: { number: b.number, label: b.label, control: b.control } }
          : { type: "CreateAccount", data: b },
        commandMetadata(c, ctx),
      );
      const created = outcome.events.find((e) => e.type === "AccountCreated");
      return c.json(
        await findAccount(orgId, created?.type === "AccountCreated" ? created.data.number : b.number),
        201,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getAccount",
      tags: ["Accounting"],
      request: { params: NumberParam },
      responses: { 200: answer(Account, "The account"), ...errors },
    }),
    async (c) => c.json(await findAccount(sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateAccount",
      tags: ["Accounting"],
      request: {
        params: NumberParam,
        ...body(UpdateAccountInput),
      },
      responses: { 200: answer(Account, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const number = (await findAccount(orgId, c.req.valid("param").id)).number;
      const { closed, ...changes } = c.req.valid("json");
      const metadata = commandMetadata(c, ctx);
      await runChart(ctx, orgId, { type: "UpdateAccount", data: { number, ...changes } }, metadata);
      if (closed !== undefined)
        await runChart(
          ctx,
          orgId,
          { type: closed ? "CloseAccount" : "ReopenAccount", data: { number } },
          childMetadata(metadata, "closed"),
        );
      return c.json(await findAccount(orgId, number), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteAccount",
      tags: ["Accounting"],
      request: { params: NumberParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { number } = await findAccount(orgId, c.req.valid("param").id);
        await deleteAccount(ctx, orgId, number, metadata);
      }),
  );

  return app;
};
