import type { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { changeDocumentSettings, settingsAnswer } from "../../documents/settings.ts";
import { accessRoute, right } from "../../http/access.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { answer, body, errors, plain } from "../../schemas/common.ts";
import { DocumentSettings, DocumentSettingsInput } from "../../schemas/docs-settings.ts";

const tags = ["Documents"];
type Answer = z.infer<typeof DocumentSettings>;

/**
 * The document settings (/docs/settings, the screen /org/docs/settings): numbering series and formats,
 * default payment terms and notes, legal mentions, bank details printed. Read by whoever reads the
 * organisation, changed by whoever may change it. Mounted before `/docs/{id}`, which would take "settings".
 */
export const docSettingsRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("organization", Rights.read), {
      method: "get",
      path: "/settings",
      operationId: "getDocumentSettings",
      tags,
      responses: {
        200: answer(DocumentSettings, "The settings, their defaults where nothing was set"),
        ...errors,
      },
    }),
    async (c) => c.json(plain<Answer>(await settingsAnswer(ctx, sessionOrg(c), localeOf(c))), 200),
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "put",
      path: "/settings",
      operationId: "updateDocumentSettings",
      tags,
      description:
        "Changes what is sent; `series` replaces the list. A series that numbered documents keeps its code, use " +
        "and format (409 `docSettings.seriesUsed`); each use's default must be a series of that use.",
      request: body(DocumentSettingsInput),
      responses: { 200: answer(DocumentSettings, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      try {
        const state = await changeDocumentSettings(ctx, orgId, c.req.valid("json"), commandMetadata(c, ctx));
        return c.json(plain<Answer>(await settingsAnswer(ctx, orgId, localeOf(c), state)), 200);
      } catch (error) {
        throw withField(error, localeOf(c));
      }
    },
  );

  return app;
};
