import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf, ProblemError } from "../../http/problem.ts";
import { problemResponses } from "../../http/schemas.ts";
import { byteStream, itemsCsv } from "../../imports/exports.ts";
import { listedFindings } from "../../imports/import-file.ts";
import { importItems } from "../../imports/items-import.ts";
import { mappingOf, uploadedFile } from "../../imports/routes.ts";
import { answer, errors } from "../../schemas/common.ts";
import { FileText, ImportQuery, ImportResult, ImportUpload, ItemExportQuery } from "../../schemas/imports.ts";
import { uploadProgress } from "../../uploads/progress.ts";

const tags = ["Items"];

/** The items list as French CSV, and the CSV import. Mounted at /items before the items' `/{id}`. */
export const itemTransferRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("items", Rights.read), {
      method: "get",
      path: "/export",
      operationId: "exportItems",
      tags,
      description: "The list (its filters) as French CSV: BOM, `;`, comma decimals; the import reads it back",
      request: { query: ItemExportQuery },
      responses: { 200: { description: "CSV", content: { "text/csv": { schema: FileText } } }, ...errors },
    }),
    async (c) =>
      c.body(byteStream(itemsCsv(ctx, sessionOrg(c), c.req.valid("query"))), 200, {
        ...fileHeaders("articles.csv", "text/csv; charset=utf-8"),
      }) as never,
  );

  app.openapi(
    accessRoute(ctx, right("items", Rights.create), {
      upload: "items",
      method: "post",
      path: "/import",
      operationId: "importItems",
      tags,
      description:
        "A CSV file (UTF-8 or Windows-1252): the preview with its errors by line; with `dryRun` nothing is " +
        "written; otherwise the whole file or nothing. Retried with the same Idempotency-Key, nothing is written twice.",
      request: {
        query: ImportQuery,
        body: { content: { "application/octet-stream": { schema: ImportUpload } }, required: true },
      },
      responses: {
        200: answer(ImportResult, "The preview, or the import"),
        ...errors,
        ...problemResponses(413),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      if (query.format !== "csv")
        throw new ProblemError(422, "validation.notAllowed", { field: "format", value: query.format });
      const bytes = await uploadedFile(c);
      const progress = uploadProgress(ctx, sessionOrg(c), c);
      return c.json(
        listedFindings(
          await importItems(ctx, sessionOrg(c), bytes, commandMetadata(c, ctx), {
            format: "csv",
            dryRun: query.dryRun === "true",
            acknowledgeDuplicates: true,
            mapping: mappingOf(query),
            locale: localeOf(c),
            handOver: true,
            progress: progress.report,
          }),
        ),
        200,
      );
    },
  );

  return app;
};
