import { Rights } from "@registre/core";
import { validateEntries, validateEntry } from "../../accounting/entries.ts";
import { findEntry, listDrafts } from "../../accounting/entry-view.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { translate } from "../../http/messages.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  DraftList,
  Entry,
  MvtParam,
  ValidateEntriesInput,
  ValidateEntriesResult,
} from "../../schemas/entries.ts";

/** Validation: the drafts to validate, one or many at once. Mounted at /accounting/entries. */
export const entryValidationRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.read), {
      method: "get",
      path: "/validate",
      operationId: "listEntriesToValidate",
      tags: ["Accounting"],
      responses: { 200: answer(DraftList, "Drafts to validate"), ...errors },
    }),
    async (c) => {
      return c.json({ items: await listDrafts(ctx, sessionOrg(c)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.update), {
      method: "put",
      path: "/validate",
      operationId: "validateEntries",
      tags: ["Accounting"],
      request: body(ValidateEntriesInput),
      responses: {
        200: answer(ValidateEntriesResult, "What was validated, and why the others were not"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const locale = localeOf(c);
      const { validated, refused } = await validateEntries(
        ctx,
        orgId,
        c.req.valid("json").mvts,
        commandMetadata(c, ctx),
      );
      return c.json(
        {
          validated,
          refused: refused.map((r) => ({
            mvt: r.mvt,
            code: r.error.code,
            detail: translate(r.error.code, locale, r.error.params),
          })),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.update), {
      method: "post",
      path: "/{mvt}/validate",
      operationId: "validateEntry",
      tags: ["Accounting"],
      request: { params: MvtParam },
      responses: { 200: answer(Entry, "Validated"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { mvt } = c.req.valid("param");
      // No read of the entry first: the decision refuses one that is not in its stream (404
      // entry.notFound, as the read model would), and the answer below is its only read.
      await validateEntry(ctx, orgId, mvt, commandMetadata(c, ctx));
      return c.json(await findEntry(ctx, orgId, mvt), 200);
    },
  );

  return app;
};
