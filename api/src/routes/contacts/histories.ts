import type { z } from "@hono/zod-openapi";
import {
  type ContactCommand,
  type ContactHistoryEntry,
  type ContactState,
  contactStreamId,
  DomainError,
  Rights,
  recordEventTypes,
} from "@registre/core";
import type { Context } from "hono";
import { alreadyAppended } from "../../commands.ts";
import { loadContact, runContactCommit } from "../../contacts/commands.ts";
import { historySentences } from "../../contacts/history-text.ts";
import { contactNames } from "../../contacts/queries.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { withField } from "../../http/field-problems.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { userNames } from "../../identity/queries.ts";
import { derivedId } from "../../ids.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  ContactHistoryEntryChange,
  ContactHistoryEntryInput,
  ContactHistoryEntry as ContactHistoryEntryOut,
  ContactHistoryEntryParam,
  ContactHistoryLine,
  ContactIdParam,
  records,
} from "../../schemas/contacts.ts";

const CODE = "contacts.histories";
const tags = ["Contacts"];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const added = recordEventTypes.history.added;
const changed = recordEventTypes.history.changed;

type Line = z.infer<typeof ContactHistoryLine>;

/** An entry's id in the paths: its contact and its own id, `<contactId>:<entryId>`. */
const splitEntryId = (id: string): { contactId: string; entryId: string } => {
  const at = id.indexOf(":");
  const contactId = id.slice(0, Math.max(at, 0));
  const entryId = id.slice(at + 1);
  if (at < 0 || !uuid.test(contactId) || entryId.length === 0)
    throw new DomainError("contact.recordNotFound", { kind: "history", id }, 404);
  return { contactId, entryId };
};

const entryOut = (contactId: string, entry: ContactHistoryEntry) => ({
  ...entry,
  id: `${contactId}:${entry.id}`,
  contactId,
});

const liveState = (state: ContactState) => {
  if (!("identity" in state)) throw new DomainError("contact.notFound", {}, 404);
  return state;
};

const findEntry = async (ctx: AppContext, orgId: string, contactId: string, entryId: string) => {
  const state = liveState(await loadContact(ctx, orgId, contactId));
  const entry = state.histories?.[entryId];
  if (!entry)
    throw new DomainError("contact.recordNotFound", { kind: "history", id: `${contactId}:${entryId}` }, 404);
  return entryOut(contactId, entry);
};

/**
 * A contact's history (`GET /contacts/{id}/histories`) and the entries users write in it
 * (`POST /contacts/histories`, `PUT|DELETE /contacts/histories/{contactId}:{entryId}`). The history is
 * the contact's stream: each event as a sentence, except that a user-written entry is shown once, as it
 * now reads (its writing and changes are not lines of their own; its removal is). Newest first, by the
 * day an entry happened or an event was recorded.
 */
export const contactHistoryRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  const run = async (
    c: Context,
    orgId: string,
    contactId: string,
    command: ContactCommand,
    metadata = commandMetadata(c, ctx),
  ) => {
    try {
      await runContactCommit(ctx, orgId, contactId, () => [command], metadata);
    } catch (error) {
      throw withField(error, localeOf(c));
    }
  };

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/{id}/histories",
      operationId: "listContactHistory",
      tags,
      request: { params: ContactIdParam },
      responses: {
        200: answer(records(ContactHistoryLine), "The contact's events as sentences and its written entries"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const state = liveState(await loadContact(ctx, orgId, id));
      const events = await ctx.store.readStream(orgId, contactStreamId(id));
      const linked = events.flatMap((e) =>
        e.type.startsWith("ContactLink") && e.type !== "ContactLinkRemoved"
          ? [(e.data as { contactId: string }).contactId]
          : [],
      );
      const names = await contactNames(ctx, orgId, [
        ...new Set([...linked, ...Object.values(state.links).map((l) => l.contactId)]),
      ]);
      const users = await userNames(
        ctx,
        events.map((e) => e.metadata.userId),
      );
      const userName = (userId: string | undefined) => (userId && users.get(userId)) ?? null;
      const texts = historySentences(events, localeOf(c), names);
      const written = new Map<string, { version: number; at: string; userId: string | undefined }>();
      const changedAt = new Map<string, string>();
      const lines: Line[] = [];
      events.forEach((e, i) => {
        if (e.type === added || e.type === changed) {
          const entryId = (e.data as { id: string }).id;
          if (e.type === added)
            written.set(entryId, { version: e.version, at: e.metadata.at, userId: e.metadata.userId });
          else changedAt.set(entryId, e.metadata.at);
          return;
        }
        lines.push({
          version: e.version,
          at: e.metadata.at,
          userName: userName(e.metadata.userId),
          type: e.type,
          text: texts[i] ?? "",
          entry: null,
        });
      });
      for (const entry of Object.values(state.histories ?? {})) {
        const first = written.get(entry.id);
        if (!first) continue;
        lines.push({
          version: first.version,
          at: first.at,
          userName: userName(first.userId),
          type: added,
          text: entry.text,
          entry: { ...entryOut(id, entry), changedAt: changedAt.get(entry.id) ?? null },
        });
      }
      const day = (line: Line) => line.entry?.date ?? line.at.slice(0, 10);
      lines.sort((a, b) => day(b).localeCompare(day(a)) || b.version - a.version);
      return c.json({ items: lines }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.create), {
      method: "post",
      path: "/histories",
      operationId: "addContactHistoryEntry",
      tags,
      description: "Writes an entry (a call, a meeting, an e-mail…) in a contact's history.",
      request: body(ContactHistoryEntryInput),
      responses: { 201: answer(ContactHistoryEntryOut, "The entry written"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { contactId, ...input } = c.req.valid("json");
      const metadata = commandMetadata(c, ctx);
      const entryId = derivedId(metadata.commandId, "histories");
      if (!(await alreadyAppended(ctx, orgId, metadata))) {
        liveState(await loadContact(ctx, orgId, contactId));
        const data = { ...input, id: entryId };
        await run(c, orgId, contactId, { type: "AddContactHistoryEntry", data }, metadata);
      }
      return c.json(await findEntry(ctx, orgId, contactId, entryId), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.update), {
      method: "put",
      path: "/histories/{id}",
      operationId: "changeContactHistoryEntry",
      tags,
      description: "Changes a written entry; the sentences of the contact's events cannot be changed.",
      request: { params: ContactHistoryEntryParam, ...body(ContactHistoryEntryChange) },
      responses: { 200: answer(ContactHistoryEntryOut, "The entry changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { contactId, entryId } = splitEntryId(c.req.valid("param").id);
      const current = await findEntry(ctx, orgId, contactId, entryId);
      const change = c.req.valid("json");
      const data = {
        id: entryId,
        date: change.date ?? current.date,
        kind: change.kind ?? current.kind,
        text: change.text ?? current.text,
      };
      await run(c, orgId, contactId, { type: "ChangeContactHistoryEntry", data });
      return c.json(await findEntry(ctx, orgId, contactId, entryId), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.delete), {
      method: "delete",
      path: "/histories/{id}",
      operationId: "removeContactHistoryEntry",
      tags,
      description: "Removes a written entry; its removal stays in the history as a sentence.",
      request: { params: ContactHistoryEntryParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { contactId, entryId } = splitEntryId(c.req.valid("param").id);
        await findEntry(ctx, orgId, contactId, entryId);
        const command: ContactCommand = { type: "RemoveContactHistoryEntry", data: { id: entryId } };
        await run(c, orgId, contactId, command, metadata);
      }),
  );

  return app;
};
