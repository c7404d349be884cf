import { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../context.ts";
import {
  type AttachmentOwner,
  attachFile,
  detachFile,
  listAttachments,
  readAttachment,
} from "../files/attachments.ts";
import { type Access, accessRoute } from "../http/access.ts";
import { fileHeaders } from "../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { problemResponses } from "../http/schemas.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { answer, errors } from "../schemas/common.ts";
import { Attachment, AttachmentList, AttachmentParams, AttachmentUpload } from "../schemas/files.ts";

const OwnerParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

/** How one kind of owner declares and checks access to its files. */
export type AttachmentAccess = {
  readonly kind: AttachmentOwner["kind"];
  /** OpenAPI names: `Document` → listDocumentFiles, uploadDocumentFile… */
  readonly name: string;
  readonly tags: string[];
  /** The route's declared access for a bit (a right, or a session when the owner says which right). */
  readonly access: (bit: number) => Access;
  /** The owner exists in the session's organisation (404 otherwise) and the caller has `bit` on its files. */
  readonly check: (c: Context<AuthEnv>, orgId: string, id: string, bit: number) => Promise<void>;
};

/**
 * The files sub-resource of an owner, mounted at its prefix: `GET /{id}/files` (the list), `POST
 * /{id}/files` (multipart `file`: checked by its bytes, stored, `FileAttached` on the owner's stream),
 * `GET /{id}/files/{fileId}` (the bytes, as a download), `DELETE /{id}/files/{fileId}` (`FileDetached`).
 */
export const attachmentRoutes = (ctx: AppContext, spec: AttachmentAccess) => {
  const app = resourceApp();
  const { name, tags } = spec;

  app.openapi(
    accessRoute(ctx, spec.access(Rights.read), {
      method: "get",
      path: "/{id}/files",
      operationId: `list${name}Files`,
      tags,
      request: { params: OwnerParam },
      responses: { 200: answer(AttachmentList, "The attached files, oldest first"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await spec.check(c, orgId, id, Rights.read);
      return c.json({ files: await listAttachments(ctx, orgId, { kind: spec.kind, id }) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, spec.access(Rights.create), {
      upload: "attachment",
      method: "post",
      path: "/{id}/files",
      operationId: `upload${name}File`,
      tags,
      request: {
        params: OwnerParam,
        body: { content: { "multipart/form-data": { schema: AttachmentUpload } }, required: true },
      },
      responses: { 201: answer(Attachment, "The file, attached"), ...errors, ...problemResponses(413) },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await spec.check(c, orgId, id, Rights.create);
      const file = c.req.valid("form").file;
      const owner = { kind: spec.kind, id };
      const attached = await attachFile(
        ctx,
        orgId,
        owner,
        { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
        commandMetadata(c, ctx),
      );
      const listed = (await listAttachments(ctx, orgId, owner)).find((f) => f.fileId === attached.fileId);
      return c.json(
        listed ?? { ...attached, attachedAt: new Date(ctx.clock()).toISOString(), attachedBy: null },
        201,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, spec.access(Rights.read), {
      method: "get",
      path: "/{id}/files/{fileId}",
      operationId: `download${name}File`,
      tags,
      request: { params: AttachmentParams },
      responses: { 200: { description: "The file's bytes, as a download" }, ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id, fileId } = c.req.valid("param");
      await spec.check(c, orgId, id, Rights.read);
      const { file, bytes } = await readAttachment(ctx, orgId, { kind: spec.kind, id }, fileId);
      return c.body(bytes, 200, {
        ...fileHeaders(file.name, file.contentType),
        "cache-control": "private, no-store",
      });
    },
  );

  app.openapi(
    accessRoute(ctx, spec.access(Rights.delete), {
      method: "delete",
      path: "/{id}/files/{fileId}",
      operationId: `delete${name}File`,
      tags,
      request: { params: AttachmentParams },
      responses: { 204: { description: "The file is no longer attached" }, ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id, fileId } = c.req.valid("param");
      await spec.check(c, orgId, id, Rights.delete);
      await detachFile(ctx, orgId, { kind: spec.kind, id }, fileId, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );
  return app;
};
