import {
  DEFAULT_PAYMENT_DAYS,
  documentCounter,
  dueDate,
  formatDocumentNumber,
  nextStatuses,
  numberedAt,
  parisDate,
  Rights,
} from "@registre/core";
import { takenCounters } from "../../commands.ts";
import type { AppContext } from "../../context.ts";
import { changeDocument, createDocument, deleteDocument } from "../../documents/commands.ts";
import { liveDocument } from "../../documents/context.ts";
import { createDerivedDocument, derivedKind } from "../../documents/derive.ts";
import { documentDetail, findDocument, listDocuments } from "../../documents/queries.ts";
import { parseDocType, requireDocumentRight } from "../../documents/rights.ts";
import { loadDocumentSettings } from "../../documents/settings.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  CreateDocumentInput,
  DocIdParam,
  DocTypeParam,
  Document,
  DocumentList,
  DocumentListQuery,
  DocumentTemplate,
  UpdateDocumentInput,
} from "../../schemas/docs.ts";
import { changedDocument } from "./change.ts";

const tags = ["Documents"];

/**
 * The documents themselves (/docs): create, list, the blank of a new one, read, change, delete. Each
 * route declares a session and checks the right of the document's side and kind (`sales.invoices`…).
 */
export const documentRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/create/{type}",
      operationId: "getDocumentTemplate",
      tags,
      description:
        "What a new document of `<direction>-<kind>` starts with: today's date, the due date at the default " +
        "terms, the settings' notes and terms, its series with the number the next one would take.",
      request: { params: DocTypeParam },
      responses: { 200: answer(DocumentTemplate, "A blank document"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { direction, kind } = parseDocType(c.req.valid("param").type);
      requireDocumentRight(c, { direction, kind }, Rights.create);
      const { state: settings } = await loadDocumentSettings(ctx, orgId);
      const issueDate = parisDate(ctx.clock());
      const taken = await takenCounters(ctx, orgId);
      const series = settings.series
        .filter((s) => s.kind === kind && s.direction === direction)
        .map((s) => {
          const counter = documentCounter(s, issueDate);
          return {
            id: s.id,
            label: s.label,
            format: s.format,
            next: formatDocumentNumber(s.format, issueDate, (taken[counter] ?? 0) + 1),
          };
        });
      return c.json(
        {
          kind,
          direction,
          issueDate,
          dueDate:
            kind === "invoice" ? dueDate(issueDate, { days: DEFAULT_PAYMENT_DAYS, endOfMonth: false }) : null,
          notes: settings.notes,
          paymentTerms: settings.paymentTerms,
          earlyPaymentDiscount: settings.earlyPaymentDiscount,
          series,
          numberedAt: numberedAt(kind, direction),
          nextStatuses: [...nextStatuses(kind, "draft")],
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/",
      operationId: "listDocuments",
      tags,
      description:
        "Filters: side, kind, status, contact, issue dates, total incl. tax, late, words of the number, contact, " +
        "reference and label. Answers a page, the count and the selection's totals. Needs the read right of " +
        "the side and kind asked (of every side and kind left out).",
      request: { query: DocumentListQuery },
      responses: { 200: answer(DocumentList, "Documents"), ...errors },
    }),
    async (c) => {
      const query = c.req.valid("query");
      for (const direction of query.direction ? [query.direction] : (["sales", "purchases"] as const))
        for (const kind of query.kind ? [query.kind] : (["quote", "order", "delivery", "invoice"] as const))
          requireDocumentRight(c, { direction, kind }, Rights.read);
      return c.json(await listDocuments(ctx, sessionOrg(c), query), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/",
      operationId: "createDocument",
      tags,
      description:
        "A draft. Quotes, orders and delivery slips take their number now from their series; sales invoices " +
        "and credit notes at validation; purchase invoices keep the supplier's (`supplierNumber`). Item lines " +
        "take the item's label, unit, VAT rate, account and price for the quantity.",
      request: body(CreateDocumentInput),
      responses: { 201: answer(Document, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { from, ...input } = c.req.valid("json");
      const metadata = commandMetadata(c, ctx);
      try {
        let id: string;
        if (from) {
          const origin = await liveDocument(ctx, orgId, from.docId);
          requireDocumentRight(c, origin, Rights.read);
          requireDocumentRight(
            c,
            { direction: origin.direction, kind: derivedKind(from, origin.kind) },
            Rights.create,
          );
          id = await createDerivedDocument(ctx, orgId, from, input.issueDate, metadata, input.series);
        } else {
          requireDocumentRight(c, input, Rights.create);
          id = await createDocument(ctx, orgId, input, metadata);
        }
        return c.json(await documentDetail(ctx, orgId, await findDocument(ctx, orgId, id), localeOf(c)), 201);
      } catch (error) {
        throw withField(error, localeOf(c));
      }
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}",
      operationId: "getDocument",
      tags,
      request: { params: DocIdParam },
      responses: { 200: answer(Document, "The document"), ...errors },
    }),
    async (c) => {
      const row = await findDocument(ctx, sessionOrg(c), c.req.valid("param").id);
      requireDocumentRight(c, { direction: row.direction, kind: row.kind } as never, Rights.read);
      return c.json(await documentDetail(ctx, sessionOrg(c), row, localeOf(c)), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "put",
      path: "/{id}",
      operationId: "updateDocument",
      tags,
      description:
        "Changes a draft: the header fields sent, the contact (its addresses, account and terms taken again), " +
        "the lines (replaced: kept by id, added, removed, in the order sent). A validated document is refused " +
        "(409 `doc.validatedImmutable`).",
      request: { params: DocIdParam, ...body(UpdateDocumentInput) },
      responses: { 200: answer(Document, "Changed"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const doc = await changedDocument(ctx, c, id, (orgId, metadata) =>
        changeDocument(ctx, orgId, id, input, metadata),
      );
      return c.json(doc, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteDocument",
      tags,
      description: "Deletes a draft without linked documents; anything else is refused (409).",
      request: { params: DocIdParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { id } = c.req.valid("param");
        requireDocumentRight(c, await liveDocument(ctx, orgId, id), Rights.delete);
        await deleteDocument(ctx, orgId, id, metadata);
      }),
  );

  return app;
};
