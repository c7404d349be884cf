import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { problemResponses } from "../../http/schemas.ts";
import { importContacts } from "../../imports/contacts-import.ts";
import { byteStream, contactsCsv, contactsVCards, contactVCard } from "../../imports/exports.ts";
import { listedFindings } from "../../imports/import-file.ts";
import { mappingOf, uploadedFile } from "../../imports/routes.ts";
import { answer, errors } from "../../schemas/common.ts";
import { ContactIdParam } from "../../schemas/contacts.ts";
import {
  ContactExportQuery,
  FileText,
  ImportQuery,
  ImportResult,
  ImportUpload,
} from "../../schemas/imports.ts";
import { uploadProgress } from "../../uploads/progress.ts";

const tags = ["Contacts"];
const VCARD = "text/vcard; charset=utf-8";

/**
 * The contacts list as French CSV and vCard 4.0 (one contact, a selection), and the CSV or vCard
 * import (preview, dry run, whole file or nothing). Mounted at /contacts before the contacts' `/{id}`.
 */
export const contactTransferRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("contacts", Rights.read), {
      method: "get",
      path: "/export",
      operationId: "exportContacts",
      tags,
      description:
        "The list (its filters) as French CSV: BOM, `;`, comma decimals, DD/MM/YYYY; the import reads it back",
      request: { query: ContactExportQuery },
      responses: { 200: { description: "CSV", content: { "text/csv": { schema: FileText } } }, ...errors },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const filter = { ...q, ids: q.ids?.split(",") };
      return c.body(byteStream(contactsCsv(ctx, sessionOrg(c), filter)), 200, {
        ...fileHeaders("contacts.csv", "text/csv; charset=utf-8"),
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("contacts", Rights.read), {
      method: "get",
      path: "/vcards",
      operationId: "exportContactVCards",
      tags,
      description: "A selection (`ids`, or the list's filters) as vCard 4.0, one file",
      request: { query: ContactExportQuery },
      responses: {
        200: { description: "vCards", content: { "text/vcard": { schema: FileText } } },
        ...errors,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const text = await contactsVCards(ctx, sessionOrg(c), { ...q, ids: q.ids?.split(",") });
      return c.body(text, 200, {
        ...fileHeaders("contacts.vcf", VCARD),
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("contacts", Rights.read), {
      method: "get",
      path: "/{id}/vcard",
      operationId: "exportContactVCard",
      tags,
      request: { params: ContactIdParam },
      responses: {
        200: { description: "vCard 4.0", content: { "text/vcard": { schema: FileText } } },
        ...errors,
      },
    }),
    async (c) => {
      const card = await contactVCard(ctx, sessionOrg(c), c.req.valid("param").id);
      return c.body(card.text, 200, {
        ...fileHeaders(`${card.name || "contact"}.vcf`, VCARD),
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("contacts", Rights.create), {
      upload: "contacts",
      method: "post",
      path: "/import",
      operationId: "importContacts",
      tags,
      description:
        "A CSV (UTF-8 or Windows-1252, `;` `,` or tab) or vCard file: the preview with its errors by line and " +
        "duplicate warnings; with `dryRun` nothing is written; otherwise the whole file or nothing, customers " +
        "and suppliers with their auxiliary accounts. Retried with the same Idempotency-Key, nothing is written twice.",
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
      const bytes = await uploadedFile(c);
      const progress = uploadProgress(ctx, sessionOrg(c), c);
      const result = await importContacts(ctx, sessionOrg(c), bytes, commandMetadata(c, ctx), {
        format: query.format,
        dryRun: query.dryRun === "true",
        acknowledgeDuplicates: query.acknowledgeDuplicates === "true",
        mapping: mappingOf(query),
        locale: localeOf(c),
        progress: progress.report,
        handOver: true,
      });
      progress.report("done", result.created, result.created);
      return c.json(listedFindings(result), 200);
    },
  );

  return app;
};
