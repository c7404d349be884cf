import { PLATFORM_ORG, type ReferenceKind, referenceCode } from "@registre/core";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ensureReferenceSeeded, findReference, listReference, runReference } from "../reference/reference.ts";
import { answer, body, errors } from "../schemas/common.ts";
import {
  ReferenceChange,
  ReferenceCodeParam,
  ReferenceEntry,
  ReferenceInput,
  ReferenceList,
  ReferenceQuery,
} from "../schemas/reference.ts";

const names: Record<ReferenceKind, string> = {
  units: "Unit",
  countries: "Country",
  activities: "Activity",
  jobs: "Job",
  bics: "Bic",
};

/**
 * One reference list, mounted at /registre/<kind>: read by everyone signed in (the forms' pickers),
 * changed by platform administrators, every change an event of the list's stream.
 */
export const referenceRoutes = (ctx: AppContext, kind: ReferenceKind) => {
  const app = resourceApp();
  const name = names[kind];
  const tags = ["Platform"];
  const CodeParam = ReferenceCodeParam(kind);

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/",
      operationId: `list${name}Entries`,
      tags,
      request: { query: ReferenceQuery },
      responses: { 200: answer(ReferenceList, "The list, by code"), ...errors },
    }),
    async (c) => c.json(await listReference(ctx, kind, c.req.valid("query").q), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: `create${name}Entry`,
      tags,
      request: body(ReferenceInput),
      responses: { 201: answer(ReferenceEntry, "Added"), ...errors },
    }),
    async (c) => {
      await ensureReferenceSeeded(ctx, kind);
      const entry = c.req.valid("json");
      await runReference(ctx, { type: "AddReferenceEntry", kind, entry }, commandMetadata(c, ctx));
      // A new entry's code is written as the list writes codes (`nar` is added as NAR).
      return c.json(await findReference(ctx, kind, referenceCode(kind, entry.code)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}",
      operationId: `get${name}Entry`,
      tags,
      request: { params: CodeParam },
      responses: { 200: answer(ReferenceEntry, "The entry"), ...errors },
    }),
    async (c) => c.json(await findReference(ctx, kind, c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/{id}",
      operationId: `update${name}Entry`,
      tags,
      request: { params: CodeParam, ...body(ReferenceChange) },
      responses: { 200: answer(ReferenceEntry, "Changed"), ...errors },
    }),
    async (c) => {
      const { code } = await findReference(ctx, kind, c.req.valid("param").id);
      await runReference(
        ctx,
        { type: "ChangeReferenceEntry", kind, code, change: c.req.valid("json") },
        commandMetadata(c, ctx),
      );
      return c.json(await findReference(ctx, kind, code), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "delete",
      path: "/{id}",
      operationId: `delete${name}Entry`,
      tags,
      request: { params: CodeParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    async (c) => {
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, PLATFORM_ORG, metadata)) return c.body(null, 204);
      const { code } = await findReference(ctx, kind, c.req.valid("param").id);
      await runReference(ctx, { type: "RemoveReferenceEntry", kind, code }, metadata);
      return c.body(null, 204);
    },
  );
  return app;
};
