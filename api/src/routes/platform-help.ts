import { type HelpArticle, type HelpEvent, helpDecider, helpStreamId, PLATFORM_ORG } from "@registre/core";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { answer, body, errors, UuidParam } from "../schemas/common.ts";
import {
  HelpArticleChange,
  HelpArticleInput,
  HelpArticleList,
  HelpArticle as HelpArticleSchema,
  HelpQuery,
} from "../schemas/help.ts";

const tags = ["Platform"];

/** Every article, folded from the (small) `help` stream, by screen. */
const loadArticles = async (ctx: AppContext): Promise<HelpArticle[]> => {
  const events = await ctx.store.readStream(PLATFORM_ORG, helpStreamId);
  const state = events.reduce(
    (s, e) => helpDecider.evolve(s, e as unknown as HelpEvent),
    helpDecider.initialState(),
  );
  return Object.values(state.articles).sort((a, b) => a.screen.localeCompare(b.screen));
};
const findArticle = async (ctx: AppContext, id: string) => {
  const found = (await loadArticles(ctx)).find((a) => a.id === id);
  if (!found) throw new ProblemError(404, "help.notFound", { id });
  return found;
};

/**
 * Help articles, mounted at /help: read by everyone signed in (the app asks for its screen's), written
 * by the platform administrator, each change an event of the `help` stream.
 */
export const helpRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const run = (
    command: Parameters<typeof helpDecider.decide>[0],
    metadata: ReturnType<typeof commandMetadata>,
  ) =>
    handleCommand(ctx, {
      orgId: PLATFORM_ORG,
      streamId: helpStreamId,
      decider: helpDecider,
      commands: [command],
      metadata,
      readModels: [],
    });

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/",
      operationId: "listHelpArticles",
      tags,
      request: { query: HelpQuery },
      responses: {
        200: answer(HelpArticleList, "The articles by screen (one screen's with ?screen=)"),
        ...errors,
      },
    }),
    async (c) => {
      const { screen } = c.req.valid("query");
      const all = await loadArticles(ctx);
      return c.json({ items: screen === undefined ? all : all.filter((a) => a.screen === screen) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: "createHelpArticle",
      tags,
      request: body(HelpArticleInput),
      responses: { 201: answer(HelpArticleSchema, "Written"), ...errors },
    }),
    async (c) => {
      const metadata = commandMetadata(c, ctx);
      const id = derivedId(metadata.commandId, "help");
      await run({ type: "WriteHelpArticle", id, article: c.req.valid("json") }, metadata);
      return c.json(await findArticle(ctx, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}",
      operationId: "getHelpArticle",
      tags,
      request: { params: UuidParam },
      responses: { 200: answer(HelpArticleSchema, "The article"), ...errors },
    }),
    async (c) => c.json(await findArticle(ctx, c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/{id}",
      operationId: "updateHelpArticle",
      tags,
      request: { params: UuidParam, ...body(HelpArticleChange) },
      responses: { 200: answer(HelpArticleSchema, "Changed"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await run({ type: "ChangeHelpArticle", id, change: c.req.valid("json") }, commandMetadata(c, ctx));
      return c.json(await findArticle(ctx, id), 200);
    },
  );
  return app;
};
