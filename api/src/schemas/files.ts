import { z } from "@hono/zod-openapi";

/** A file attached to a document, a contact or an item. */
export const Attachment = z
  .object({
    fileId: z.uuid(),
    name: z.string(),
    size: z.number().int(),
    contentType: z.string(),
    sha256: z.string(),
    attachedAt: z.string(),
    attachedBy: z.string().nullable(),
  })
  .openapi("Attachment");

export const AttachmentList = z.object({ files: z.array(Attachment) }).openapi("AttachmentList");

export const AttachmentUpload = z.object({
  file: z
    .custom<File>((v) => v instanceof File)
    .openapi({
      type: "string",
      format: "binary",
      description:
        "PDF, PNG, JPEG, GIF, WebP, xlsx, xls, ods, CSV or text (told by its bytes), 20 MB at most (FILE_MAX_BYTES)",
    }),
});

export const AttachmentParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  fileId: z.uuid().openapi({ param: { name: "fileId", in: "path" } }),
});
