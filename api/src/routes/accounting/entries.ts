import { hasRight, Rights } from "@registre/core";
import { ledgerProjector } from "@registre/projections";
import { changeDraft, deleteDraft, draftEntry, reverseEntry } from "../../accounting/entries.ts";
import { listEntryPage } from "../../accounting/entry-list.ts";
import { contentOf, findEntry, toSummary } from "../../accounting/entry-view.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { cachedRead } from "../../http/answer-cache.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { ProblemError } from "../../http/problem.ts";
import { answer, body, errors, notModified } from "../../schemas/common.ts";
import {
  CreateEntryInput,
  Entry,
  EntryInput,
  EntryList,
  EntryListQuery,
  MvtParam,
  ReverseInput,
} from "../../schemas/entries.ts";

/** Entries: the list, drafts and their changes, reversals. Mounted at /accounting/entries. */
export const entryRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("entries", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listEntries",
      tags: ["Accounting"],
      request: { query: EntryListQuery },
      responses: { 200: answer(EntryList, "Entries"), ...notModified, ...errors },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const orgId = sessionOrg(c);
      const filter = { ...q, journal: q.journal?.toUpperCase() };
      return cachedRead(ctx.database, c, {
        route: "entries",
        orgId,
        models: [ledgerProjector.name],
        query: filter,
        compute: async () => {
          const page = await listEntryPage(ctx.database, orgId, filter);
          return JSON.stringify({
            items: page.rows.map(toSummary),
            total: page.total,
            sums: page.sums,
            ...(page.capped && { capped: true as const }),
          });
        },
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createEntry",
      tags: ["Accounting"],
      request: body(CreateEntryInput),
      responses: { 201: answer(Entry, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const b = c.req.valid("json");
      if (b.validate && !hasRight(c.get("rights"), "entries.validate", Rights.update))
        throw new ProblemError(403, "identity.forbidden", { code: "entries.validate" });
      const mvt = await draftEntry(ctx, orgId, contentOf(b), commandMetadata(c, ctx), {
        validate: b.validate ?? false,
      });
      return c.json(await findEntry(ctx, orgId, mvt), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.read), {
      method: "get",
      path: "/mvt/{mvt}",
      operationId: "getEntry",
      tags: ["Accounting"],
      request: { params: MvtParam },
      responses: { 200: answer(Entry, "The entry"), ...errors },
    }),
    async (c) => c.json(await findEntry(ctx, sessionOrg(c), c.req.valid("param").mvt), 200),
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/mvt/{mvt}",
      operationId: "updateEntry",
      tags: ["Accounting"],
      request: { params: MvtParam, ...body(EntryInput) },
      responses: { 200: answer(Entry, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { mvt } = c.req.valid("param");
      await findEntry(ctx, orgId, mvt);
      await changeDraft(ctx, orgId, mvt, contentOf(c.req.valid("json")), commandMetadata(c, ctx));
      return c.json(await findEntry(ctx, orgId, mvt), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.delete), {
      method: "delete",
      path: "/mvt/{mvt}",
      operationId: "deleteEntry",
      tags: ["Accounting"],
      request: { params: MvtParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { mvt } = c.req.valid("param");
        await findEntry(ctx, orgId, mvt);
        await deleteDraft(ctx, orgId, mvt, metadata);
      }),
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.create), {
      method: "post",
      path: "/{mvt}/reverse",
      operationId: "reverseEntry",
      tags: ["Accounting"],
      request: { params: MvtParam, ...body(ReverseInput) },
      responses: { 201: answer(Entry, "The opposite entry, as a draft"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { mvt } = c.req.valid("param");
      await findEntry(ctx, orgId, mvt);
      const reversal = await reverseEntry(ctx, orgId, mvt, c.req.valid("json").date, commandMetadata(c, ctx));
      return c.json(await findEntry(ctx, orgId, reversal), 201);
    },
  );

  return app;
};
