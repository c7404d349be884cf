import { z } from "@hono/zod-openapi";
import { DomainError, Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { liveDocument, loadOrganisation } from "../../documents/context.ts";
import { documentPdf, facturxXml, isFacturx } from "../../documents/facturx.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { loadDocumentSettings } from "../../documents/settings.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { resourceApp, sessionOrg } from "../../http/openapi.ts";
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
const FacturxQuery = PdfQuery.extend({
  format: z
    .enum(["pdf", "xml"])
    .optional()
    .openapi({ description: "pdf (the default): the Factur-X PDF/A-3; xml: its CII XML alone" }),
});

const fileName = (number: string | null, extension: string) =>
  `${(number ?? "brouillon").replace(/[^\w.-]+/g, "_")}.${extension}`;

/**
 * A document's PDF (`GET /docs/{id}/pdf`): every mandatory mention, French or English; a validated
 * sales invoice or credit note is its Factur-X, also at `GET /docs/{id}/facturx` (PDF or XML).
 */
export const documentPdfRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/pdf",
      operationId: "getDocumentPdf",
      tags: ["Documents"],
      description:
        "A draft prints « Brouillon » for its number. A validated sales invoice or credit note is its Factur-X " +
        "(PDF/A-3b, the CII XML embedded as factur-x.xml). Rendered on each call (no PDF is stored).",
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
      const pdf = await documentPdf(ctx, doc, org.state, settings.state, language);
      const number = doc.validation?.number ?? doc.number;
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        ...fileHeaders(fileName(number, "pdf"), "application/pdf"),
      }) as never;
    },
  );
  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/facturx",
      operationId: "getDocumentFacturx",
      tags: ["Documents"],
      description:
        "The Factur-X of a validated sales invoice or credit note (profile of the document settings): the " +
        "PDF/A-3b with its CII XML embedded, or the XML alone. Any other document: 409 `doc.facturxUnavailable`.",
      request: { params: DocIdParam, query: FacturxQuery },
      responses: {
        200: {
          description: "The Factur-X PDF, or its XML",
          content: { "application/pdf": { schema: PdfFile }, "application/xml": { schema: PdfFile } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const doc = await liveDocument(ctx, orgId, id);
      requireDocumentRight(c, doc, Rights.read);
      if (!isFacturx(doc)) throw new DomainError("doc.facturxUnavailable", { kind: doc.kind }, 409);
      const [org, settings] = await Promise.all([
        loadOrganisation(ctx, orgId),
        loadDocumentSettings(ctx, orgId),
      ]);
      if (org.state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
      const number = doc.validation?.number ?? doc.number;
      if (query.format === "xml")
        return c.body(facturxXml(doc, org.state, settings.state).xml, 200, {
          ...fileHeaders(`factur-x-${fileName(number, "xml")}`, "application/xml; charset=utf-8"),
        }) as never;
      const language = query.lang ?? localeOf(c);
      const pdf = await documentPdf(ctx, doc, org.state, settings.state, language);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        ...fileHeaders(fileName(number, "pdf"), "application/pdf"),
      }) as never;
    },
  );
  return app;
};
