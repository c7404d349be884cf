import { z } from "@hono/zod-openapi";
import { DomainError, Rights } from "@registre/core";
import { sessionOrg } from "../../accounting/books.ts";
import type { AppContext } from "../../context.ts";
import { liveDocument, loadOrganisation } from "../../documents/context.ts";
import { renderDocumentPdf } from "../../documents/pdf/index.ts";
import { documentPrint } from "../../documents/print.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { loadDocumentSettings } from "../../documents/settings.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { resourceApp } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { errors } from "../../schemas/common.ts";
import { DocIdParam } from "../../schemas/docs.ts";

const PdfQuery = z.object({
  lang: z
    .enum(["fr", "en"])
    .optional()
    .openapi({ description: "The document's language; the request's by default" }),
});
const PdfFile = z.string().openapi({ format: "binary" });

/** A document's PDF (`GET /docs/{id}/pdf`): every mandatory mention, French or English. */
export const documentPdfRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/pdf",
      operationId: "getDocumentPdf",
      tags: ["Documents"],
      description: "A draft prints « Brouillon » for its number. Rendered on each call (no PDF is stored).",
      request: { params: DocIdParam, query: PdfQuery },
      responses: {
        200: { description: "The PDF", content: { "application/pdf": { schema: PdfFile } } },
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const doc = await liveDocument(ctx, orgId, id);
      requireDocumentRight(c, doc, Rights.read);
      const [org, settings] = await Promise.all([
        loadOrganisation(ctx, orgId),
        loadDocumentSettings(ctx, orgId),
      ]);
      if (org.state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
      const language = c.req.valid("query").lang ?? localeOf(c);
      const pdf = await renderDocumentPdf(await documentPrint(ctx, doc, org.state, settings.state, language));
      const name = `${(doc.number ?? "brouillon").replace(/[^\w.-]+/g, "_")}.pdf`;
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${name}"`,
      }) as never;
    },
  );
  return app;
};
