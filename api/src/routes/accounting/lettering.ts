import { Rights } from "@registre/core";
import { sql } from "kysely";
import { sessionOrg } from "../../accounting/books.ts";
import { letterLines, unletterLines } from "../../accounting/lettering.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { commandMetadata, resourceApp } from "../../http/openapi.ts";
import { answer, body, errors, UuidParam } from "../../schemas/common.ts";
import { LetterInput, LetteringSet, ReconcileInput, UnletterInput } from "../../schemas/lettering.ts";
import { findEntry } from "./entry-view.ts";

/** Lettering: validated lines of an account matched into sets. Mounted at /accounting/entries. */
export const letteringRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/mark",
      operationId: "markEntries",
      tags: ["Accounting"],
      request: body(LetterInput),
      responses: { 200: answer(LetteringSet, "Lettered"), ...errors },
    }),
    async (c) =>
      c.json(await letterLines(ctx, sessionOrg(c), c.req.valid("json").lines, commandMetadata(c, ctx)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/unmark",
      operationId: "unmarkEntries",
      tags: ["Accounting"],
      request: body(UnletterInput),
      responses: { 204: { description: "Unlettered" }, ...errors },
    }),
    async (c) => {
      const b = c.req.valid("json");
      await unletterLines(ctx, sessionOrg(c), b.account, b.code, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "post",
      path: "/{id}/reconcile",
      operationId: "reconcileEntry",
      tags: ["Accounting"],
      request: {
        params: UuidParam,
        ...body(ReconcileInput),
      },
      responses: { 200: answer(LetteringSet, "Lettered"), ...errors },
    }),
    async (c) => {
      // Reconciles this entry's line on the chosen lines' account with them.
      const orgId = sessionOrg(c);
      const entry = await findEntry(ctx, orgId, c.req.valid("param").id);
      const chosen = c.req.valid("json").lines;
      const accounts = await ctx.database.db
        .selectFrom("ledger_lines")
        .select("account")
        .where("org_id", "=", orgId)
        .where(sql`mvt::text || '/' || line::text`, "in", chosen)
        .execute();
      const account = accounts[0]?.account;
      const own = entry.lines.filter((l) => l.account === account).map((l) => `${entry.mvt}/${l.line}`);
      return c.json(
        await letterLines(ctx, orgId, [...new Set([...own, ...chosen])], commandMetadata(c, ctx)),
        200,
      );
    },
  );

  return app;
};
