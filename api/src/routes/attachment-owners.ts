import { contactDecider, contactStreamId, DomainError, itemDecider, itemStreamId } from "@registre/core";
import { loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { liveDocument } from "../documents/context.ts";
import { requireDocumentRight } from "../documents/rights.ts";
import { right, SESSION } from "../http/access.ts";
import { type AttachmentAccess, attachmentRoutes } from "./attachments.ts";

/**
 * A document's files (`/docs/{id}/files`): the routes serve every side and kind, so they declare a
 * session and check the document's own code with `.files` (`sales.invoices.files`…) once it is loaded.
 */
export const documentFileRoutes = (ctx: AppContext) =>
  attachmentRoutes(ctx, {
    kind: "doc",
    name: "Document",
    tags: ["Documents"],
    access: () => SESSION,
    check: async (c, orgId, id, bit) => {
      const doc = await liveDocument(ctx, orgId, id);
      requireDocumentRight(c, doc, bit, "files");
    },
  });

const contactFiles = (ctx: AppContext): AttachmentAccess => ({
  kind: "contact",
  name: "Contact",
  tags: ["Contacts"],
  access: (bit) => right("contacts.files", bit),
  check: async (_c, orgId, id) => {
    const { state } = await loadAggregate(ctx, orgId, contactStreamId(id), contactDecider);
    if (!("identity" in state)) throw new DomainError("contact.notFound", {}, 404);
  },
});

const itemFiles = (ctx: AppContext): AttachmentAccess => ({
  kind: "item",
  name: "Item",
  tags: ["Items"],
  access: (bit) => right("items.files", bit),
  check: async (_c, orgId, id) => {
    const { state } = await loadAggregate(ctx, orgId, itemStreamId(id), itemDecider);
    if (!("reference" in state)) throw new DomainError("item.notFound", {}, 404);
  },
});

/** A contact's files (`/contacts/{id}/files`, right `contacts.files`). */
export const contactFileRoutes = (ctx: AppContext) => attachmentRoutes(ctx, contactFiles(ctx));
/** An item's files (`/items/{id}/files`, right `items.files`). */
export const itemFileRoutes = (ctx: AppContext) => attachmentRoutes(ctx, itemFiles(ctx));
