import {
  type DocumentEmail,
  type DocumentPayment,
  DomainError,
  documentStreamId,
  entryStreamId,
  Rights,
  transmissionEventTypes,
} from "@registre/core";
import type { AppContext } from "../../context.ts";
import { addHistoryEntry, runDocument } from "../../documents/commands.ts";
import { liveDocument } from "../../documents/context.ts";
import { historyNoteDocument } from "../../documents/queries.ts";
import { requireDocumentRight } from "../../documents/rights.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { userNames } from "../../identity/queries.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  HistoryChange,
  HistoryEntry,
  HistoryIdParam,
  HistoryInput,
  HistoryList,
  HistoryListQuery,
} from "../../schemas/docs.ts";

const tags = ["Documents"];

/** The document holding a history note (its id is unique in the organisation: derived from a command id). */
const noteOwner = async (ctx: AppContext, orgId: string, noteId: string) => {
  const docId = await historyNoteDocument(ctx, orgId, noteId);
  if (!docId) throw new DomainError("doc.historyEntryNotFound", { id: noteId }, 404);
  const doc = await liveDocument(ctx, orgId, docId);
  const note = doc.history.find((h) => h.id === noteId);
  if (!note) throw new DomainError("doc.historyEntryNotFound", { id: noteId }, 404);
  return { doc, note };
};

/** What the history shows of an e-mail sent. */
const emailSummary = (email: DocumentEmail) => ({
  to: [...email.to],
  cc: [...email.cc],
  subject: email.subject,
  messageId: email.messageId,
  attachments: [...email.attachments],
  reminderLevel: email.reminderLevel,
});

/**
 * A document's history (/docs/histories): its events (who, when, what) and the notes users write into
 * it (« relancé par téléphone »), which are added, changed and removed. Rights: the kind's `.histories`.
 */
/** What the history shows of a transmission event: its flow, the acknowledgement's status, the code, why. */
const transmissionSummary = (type: string, data: Record<string, unknown>) => {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  const details = Array.isArray(data.details) ? (data.details as { reasonCode?: unknown }[]) : [];
  return {
    // A replacement's flow is the original's, its reason the duplicate replaced.
    flowId: text(data.flowId ?? data.to),
    status: text(data.status),
    code: typeof data.code === "number" ? data.code : null,
    reason:
      type === "DocumentTransmissionAcknowledged"
        ? details.map((d) => String(d.reasonCode)).join(", ") || null
        : type === "DocumentTransmissionRefused"
          ? text(data.errorCode)
          : type === "DocumentTransmissionFlowReplaced"
            ? text(data.from)
            : text(data.reason),
  };
};

/** Which payment an allocation is, on what day, and what it put on the document. */
const paymentSummary = (p: DocumentPayment) => ({ id: p.payment, date: p.date, amount: p.amount });

export const documentHistoryRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/histories",
      operationId: "listDocumentHistory",
      tags,
      request: { query: HistoryListQuery },
      responses: { 200: answer(HistoryList, "The notes and the events, newest first"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { docId } = c.req.valid("query");
      const doc = await liveDocument(ctx, orgId, docId);
      requireDocumentRight(c, doc, Rights.read, "histories");
      const events = await ctx.store.readStream(orgId, documentStreamId(docId));
      const names = await userNames(
        ctx,
        events.map((e) => e.metadata.userId),
      );
      // A validation's entry, posted in the same commit after it: the place of its validation in the log.
      const mvtOf = (data: unknown) => (data as { entryMvt?: string | null }).entryMvt ?? null;
      const entryPositions = new Map<string, number | null>();
      for (const e of events) {
        const mvt = e.type === "DocumentValidated" ? mvtOf(e.data) : null;
        if (!mvt) continue;
        const entry = await ctx.store.readStream(orgId, entryStreamId(mvt));
        entryPositions.set(mvt, entry.find((x) => x.type === "EntryValidated")?.position ?? null);
      }
      const posted = (data: unknown) => {
        const mvt = mvtOf(data);
        return { entryMvt: mvt, entryPosition: mvt ? (entryPositions.get(mvt) ?? null) : null };
      };
      return c.json(
        {
          notes: [...doc.history].reverse().map((h) => ({ ...h, docId })),
          events: events
            .map((e) => ({
              version: e.version,
              position: e.position,
              at: e.metadata.at,
              userName: (e.metadata.userId && names.get(e.metadata.userId)) || null,
              type: e.type,
              ...(e.type === "DocumentEmailed" && { email: emailSummary(e.data as DocumentEmail) }),
              ...(e.type === "DocumentValidated" && posted(e.data)),
              ...(e.type === "DocumentPaymentAllocated" && {
                payment: paymentSummary(e.data as DocumentPayment),
              }),
              ...(transmissionEventTypes.includes(e.type as never) && {
                transmission: transmissionSummary(e.type, e.data as Record<string, unknown>),
              }),
              ...(e.type === "DocumentPaymentReleased" && {
                payment: { id: (e.data as { payment: string }).payment, date: null, amount: null },
              }),
              detail:
                e.type === "FileAttached" || e.type === "FileDetached"
                  ? String((e.data as { name?: unknown }).name ?? "")
                  : null,
            }))
            .reverse(),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/histories",
      operationId: "createDocumentHistory",
      tags,
      request: body(HistoryInput),
      responses: { 201: answer(HistoryEntry, "Added"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { docId, ...entry } = c.req.valid("json");
      requireDocumentRight(c, await liveDocument(ctx, orgId, docId), Rights.create, "histories");
      try {
        const id = await addHistoryEntry(ctx, orgId, docId, entry, commandMetadata(c, ctx));
        const { note } = await noteOwner(ctx, orgId, id);
        return c.json({ ...note, docId }, 201);
      } catch (error) {
        throw withField(error, localeOf(c));
      }
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/histories/{id}",
      operationId: "getDocumentHistory",
      tags,
      request: { params: HistoryIdParam },
      responses: { 200: answer(HistoryEntry, "The note"), ...errors },
    }),
    async (c) => {
      const { doc, note } = await noteOwner(ctx, sessionOrg(c), c.req.valid("param").id);
      requireDocumentRight(c, doc, Rights.read, "histories");
      return c.json({ ...note, docId: doc.id }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "put",
      path: "/histories/{id}",
      operationId: "updateDocumentHistory",
      tags,
      request: { params: HistoryIdParam, ...body(HistoryChange) },
      responses: { 200: answer(HistoryEntry, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const change = c.req.valid("json");
      const { doc, note } = await noteOwner(ctx, orgId, id);
      requireDocumentRight(c, doc, Rights.update, "histories");
      const data = { id, date: change.date ?? note.date, text: change.text };
      try {
        await runDocument(
          ctx,
          orgId,
          doc.id,
          [{ type: "ChangeDocumentHistoryEntry", data }],
          commandMetadata(c, ctx),
        );
      } catch (error) {
        throw withField(error, localeOf(c));
      }
      return c.json({ ...(await noteOwner(ctx, orgId, id)).note, docId: doc.id }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "delete",
      path: "/histories/{id}",
      operationId: "deleteDocumentHistory",
      tags,
      request: { params: HistoryIdParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { id } = c.req.valid("param");
        const { doc } = await noteOwner(ctx, orgId, id);
        requireDocumentRight(c, doc, Rights.delete, "histories");
        await runDocument(
          ctx,
          orgId,
          doc.id,
          [{ type: "RemoveDocumentHistoryEntry", data: { id } }],
          metadata,
        );
      }),
  );

  return app;
};
