import type { z } from "@hono/zod-openapi";
import {
  type AccountItemKind,
  accountItemKinds,
  PLATFORM_ORG,
  type UserCommand,
  type UserEvent,
  userDecider,
  userStreamId,
} from "@registre/core";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { derivedId } from "../ids.ts";
import { AccountItem, AccountItemInput, AccountItemList } from "../schemas/account.ts";
import { UuidParam } from "../schemas/common.ts";

const problems = problemResponses(401, 404, 409, 422);
const body = { body: { content: { "application/json": { schema: AccountItemInput } }, required: true } };
const label: Record<AccountItemKind, string> = {
  phones: "phone numbers",
  emails: "e-mail addresses",
  addresses: "postal addresses",
  legal: "legal identities (company name, SIRET, VAT number)",
};

/**
 * The signed-in user's own addresses, e-mails, phones and legal identities: events of the user's
 * stream, read back by folding that (small) stream. Mounted at /account.
 */
export const accountRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  const load = async (userId: string) => {
    const events = await ctx.store.readStream(PLATFORM_ORG, userStreamId(userId));
    const state = events.reduce(
      (s, e) => userDecider.evolve(s, e as unknown as UserEvent),
      userDecider.initialState(),
    );
    if (state.status !== "active") throw new ProblemError(404, "user.notFound");
    return state;
  };
  const items = async (userId: string, kind: AccountItemKind) =>
    Object.entries((await load(userId)).items[kind]).map(([id, value]) => ({ id, ...value }));
  const run = (userId: string, command: UserCommand, metadata: ReturnType<typeof commandMetadata>) =>
    handleCommand(ctx, {
      orgId: PLATFORM_ORG,
      streamId: userStreamId(userId),
      decider: userDecider,
      commands: [command],
      metadata: { ...metadata, userId },
      readModels: [],
    });

  for (const kind of accountItemKinds) {
    const tag = "Account";
    app.openapi(
      accessRoute(ctx, SESSION, {
        method: "get",
        path: `/${kind}`,
        operationId: `listAccount_${kind}`,
        tags: [tag],
        summary: `The user's ${label[kind]}`,
        responses: {
          200: {
            description: "Items",
            content: { "application/json": { schema: AccountItemList } },
          },
          401: problems[401],
        },
      }),
      async (c) => c.json({ items: await items(c.get("session").userId, kind) }, 200),
    );
    app.openapi(
      accessRoute(ctx, SESSION, {
        method: "post",
        path: `/${kind}`,
        operationId: `addAccount_${kind}`,
        tags: [tag],
        request: body,
        responses: {
          201: { description: "Added", content: { "application/json": { schema: AccountItem } } },
          401: problems[401],
          409: problems[409],
          422: problems[422],
        },
      }),
      async (c) => {
        const userId = c.get("session").userId;
        const metadata = commandMetadata(c, ctx);
        const itemId = derivedId(metadata.commandId, "item");
        await run(
          userId,
          { type: "AddAccountItem", data: { kind, itemId, value: c.req.valid("json") } },
          metadata,
        );
        const added = (await items(userId, kind)).find((i) => i.id === itemId);
        return c.json(added as z.infer<typeof AccountItem>, 201);
      },
    );
    app.openapi(
      accessRoute(ctx, SESSION, {
        method: "put",
        path: `/${kind}/{id}`,
        operationId: `changeAccount_${kind}`,
        tags: [tag],
        request: { params: UuidParam, ...body },
        responses: {
          200: { description: "Changed", content: { "application/json": { schema: AccountItem } } },
          ...problems,
        },
      }),
      async (c) => {
        const userId = c.get("session").userId;
        const itemId = c.req.valid("param").id;
        await run(
          userId,
          { type: "ChangeAccountItem", data: { kind, itemId, value: c.req.valid("json") } },
          commandMetadata(c, ctx),
        );
        const changed = (await items(userId, kind)).find((i) => i.id === itemId);
        return c.json(changed as z.infer<typeof AccountItem>, 200);
      },
    );
    app.openapi(
      accessRoute(ctx, SESSION, {
        method: "delete",
        path: `/${kind}/{id}`,
        operationId: `removeAccount_${kind}`,
        tags: [tag],
        request: { params: UuidParam },
        responses: { 204: { description: "Removed" }, 401: problems[401], 404: problems[404] },
      }),
      async (c) => {
        const userId = c.get("session").userId;
        await run(
          userId,
          { type: "RemoveAccountItem", data: { kind, itemId: c.req.valid("param").id } },
          commandMetadata(c, ctx),
        );
        return c.body(null, 204);
      },
    );
  }
  return app;
};
