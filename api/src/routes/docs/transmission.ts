import { isLive, type LiveDocument, offersInternalCreditNote, Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { liveDocument, loadDocument } from "../../documents/context.ts";
import { documentDetail, findDocument } from "../../documents/queries.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { loadConnection } from "../../einvoicing/connection.ts";
import { createInternalCreditNote } from "../../einvoicing/internal-credit-note.ts";
import { type InternalCreditNoteView, transmissionAnswer } from "../../einvoicing/transmission-view.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { answer, errors } from "../../schemas/common.ts";
import { DocIdParam, Document } from "../../schemas/docs.ts";
import { DocumentTransmission } from "../../schemas/einvoicing-transmission.ts";

/** The invoice's internal credit note: the credit notes of it, read from their streams. */
const internalCreditNoteOf = async (
  ctx: AppContext,
  orgId: string,
  doc: LiveDocument,
): Promise<InternalCreditNoteView> => {
  if (doc.kind !== "invoice" || doc.direction !== "sales") return { offered: false, creditNote: null };
  const credits = (
    await Promise.all(
      doc.children
        .filter((c) => c.kind === "creditNote")
        .map(async (c) => (await loadDocument(ctx, orgId, c.docId)).state),
    )
  ).filter((s): s is LiveDocument => isLive(s) && s.status !== "cancelled");
  const internal = credits.find((s) => s.internal);
  return {
    offered: credits.length === 0 && offersInternalCreditNote(doc),
    creditNote: internal ? { docId: internal.id, number: internal.number } : null,
  };
};

/**
 * A document's transmission through the organisation's approved platform (issue 25): submitted,
 * acknowledged Ok or Error with the platform's reasons, each lifecycle status with its date, the 212s
 * sent about its payments; or not sent and why. Read from the document's stream; `connected` says
 * whether the organisation has a platform. An invoice the platform rejected (213) or the buyer refused
 * (210) is cancelled in the books by its internal credit note, made here.
 */
export const documentTransmissionRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/transmission",
      operationId: "getDocumentTransmission",
      tags: ["Documents"],
      request: { params: DocIdParam },
      responses: { 200: answer(DocumentTransmission, "The document's transmission"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const doc = await liveDocument(ctx, orgId, c.req.valid("param").id);
      requireDocumentRight(c, doc, Rights.read);
      const [connection, internal] = await Promise.all([
        loadConnection(ctx, orgId),
        internalCreditNoteOf(ctx, orgId, doc),
      ]);
      return c.json(transmissionAnswer(doc, connection !== null, internal), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/{id}/internal-credit-note",
      operationId: "createInternalCreditNote",
      tags: ["Documents"],
      description:
        "Cancels in the books a sales invoice the platform rejected (213) or the buyer refused (210): a credit " +
        "note of the whole invoice, created and validated (numbered, posted) in one commit, marked internal — " +
        "never transmitted nor e-reported. Then issue a corrected invoice (a duplicate of this one). 409 " +
        "`einvoicing.notRefused` when the invoice's last status is neither, `einvoicing.alreadyCredited` " +
        "when a credit note of it stands. Idempotent on the request's Idempotency-Key.",
      request: { params: DocIdParam },
      responses: { 201: answer(Document, "The internal credit note, validated"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const invoice = await liveDocument(ctx, orgId, id);
      requireDocumentRight(c, invoice, Rights.read);
      const credit = { direction: invoice.direction, kind: "creditNote" as const };
      requireDocumentRight(c, credit, Rights.create);
      requireDocumentRight(c, credit, Rights.update, "validate");
      try {
        const creditId = await createInternalCreditNote(ctx, orgId, id, commandMetadata(c, ctx));
        return c.json(
          await documentDetail(ctx, orgId, await findDocument(ctx, orgId, creditId), localeOf(c)),
          201,
        );
      } catch (error) {
        throw withField(error, localeOf(c));
      }
    },
  );
  return app;
};
