import {
  type AttachedFile,
  type CommandMetadata,
  checkFileName,
  contactDecider,
  contactStreamId,
  DomainError,
  documentDecider,
  documentStreamId,
  isImageKind,
  itemDecider,
  itemStreamId,
  sniffFile,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import sharp from "sharp";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { sha256Hex } from "./store.ts";

/** The largest attachment by default (FILE_MAX_BYTES changes it). */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/** What files can be attached to: a document, a contact, an item (their streams `doc-`, `contact-`, `item-`). */
export type AttachmentOwner = { readonly kind: "doc" | "contact" | "item"; readonly id: string };

/** A file as a caller hands it over: the name a person gave it and its bytes. */
export type Upload = { readonly name: string; readonly bytes: Uint8Array };

/** The read models an attachment command's answer reads. */
export const attachmentReadModels = ["attachments"] as const;

const attachmentKey = (orgId: string, sha256: string) => `attachments/${orgId}/${sha256}`;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} Mo`;

/** An upload's name as kept (422 `file.invalidName`) and its size within the bound (413 `file.tooLarge`). */
const checkedUpload = (ctx: AppContext, upload: Upload): string => {
  let name: string;
  try {
    name = checkFileName(upload.name);
  } catch (error) {
    if (error instanceof DomainError) throw new ProblemError(422, error.code, { field: "file" });
    throw error;
  }
  if (upload.bytes.byteLength > ctx.maxFileBytes)
    throw new ProblemError(413, "file.tooLarge", { field: "file", max: megabytes(ctx.maxFileBytes) });
  return name;
};

/**
 * Checks an upload (its name, its size, what its bytes are — never what its name says) and keeps its
 * bytes in the file store under their SHA-256. Nothing is recorded yet: the caller attaches it.
 */
export const storeUpload = async (
  ctx: AppContext,
  orgId: string,
  upload: Upload,
): Promise<Omit<AttachedFile, "fileId">> => {
  const name = checkedUpload(ctx, upload);
  const { bytes } = upload;
  const sniffed = sniffFile(bytes, name);
  if ("refused" in sniffed)
    throw new ProblemError(
      422,
      sniffed.refused === "unsupported" ? "file.unsupportedType" : "file.emptyOrInvalid",
      {
        field: "file",
      },
    );
  if (isImageKind(sniffed.kind)) {
    // A picture's header is not a picture: it must decode.
    try {
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height) throw new Error("no size");
    } catch {
      throw new ProblemError(422, "file.emptyOrInvalid", { field: "file" });
    }
  }
  const sha256 = sha256Hex(bytes);
  await ctx.files.put(attachmentKey(orgId, sha256), bytes, sniffed.contentType);
  return { name, size: bytes.byteLength, contentType: sniffed.contentType, sha256 };
};

/**
 * A file an import received and read (a supplier's invoice: its PDF or XML), kept as it came — it is the
 * original, whatever control characters it holds — under its SHA-256, its type the one its reader found
 * (its bytes are not sniffed again: the reader understood them). Nothing is recorded: the import attaches
 * it in its own commit. Content-addressed, so the bytes of a commit that then fails name nothing and do
 * no harm, and a retry puts the same key again.
 */
export const storeReceivedFile = async (
  ctx: AppContext,
  orgId: string,
  file: Upload & { readonly contentType: string },
): Promise<Omit<AttachedFile, "fileId">> => {
  const name = checkedUpload(ctx, file);
  const sha256 = sha256Hex(file.bytes);
  await ctx.files.put(attachmentKey(orgId, sha256), file.bytes, file.contentType);
  return { name, size: file.bytes.byteLength, contentType: file.contentType, sha256 };
};

/** The command on the owner's own stream, with its own decider (the owner must exist: 404 otherwise). */
const runOnOwner = (
  ctx: AppContext,
  orgId: string,
  owner: AttachmentOwner,
  command: { type: "AttachFile"; data: AttachedFile } | { type: "DetachFile"; data: { fileId: string } },
  metadata: CommandMetadata,
) => {
  const common = { orgId, commands: [command], metadata, readModels: attachmentReadModels };
  switch (owner.kind) {
    case "doc":
      return handleCommand(ctx, {
        ...common,
        streamId: documentStreamId(owner.id),
        decider: documentDecider,
      });
    case "contact":
      return handleCommand(ctx, { ...common, streamId: contactStreamId(owner.id), decider: contactDecider });
    case "item":
      return handleCommand(ctx, { ...common, streamId: itemStreamId(owner.id), decider: itemDecider });
  }
};

/**
 * Attaches a file to a document, a contact or an item: checks and stores the bytes, then records
 * `FileAttached` (who, when, name, size, type, SHA-256) on the owner's stream. The file's id derives
 * from the command's, so a retried command attaches once. Other code (an import that keeps the
 * original supplier invoice) calls this with its own metadata.
 */
export const attachFile = async (
  ctx: AppContext,
  orgId: string,
  owner: AttachmentOwner,
  upload: Upload,
  metadata: CommandMetadata,
): Promise<AttachedFile> => {
  const stored = await storeUpload(ctx, orgId, upload);
  const file: AttachedFile = { fileId: derivedId(metadata.commandId, "file"), ...stored };
  await runOnOwner(ctx, orgId, owner, { type: "AttachFile", data: file }, metadata);
  return file;
};

/** Removes an attachment (`FileDetached` on the owner's stream); the bytes stay, the history names them. */
export const detachFile = async (
  ctx: AppContext,
  orgId: string,
  owner: AttachmentOwner,
  fileId: string,
  metadata: CommandMetadata,
): Promise<void> => {
  await runOnOwner(ctx, orgId, owner, { type: "DetachFile", data: { fileId } }, metadata);
};

export type AttachmentAnswer = AttachedFile & {
  readonly attachedAt: string;
  readonly attachedBy: string | null;
};

const answerOf = (r: {
  file_id: string;
  name: string;
  size: number | string;
  content_type: string;
  sha256: string;
  attached_at: Date | string;
  attached_by_name: string | null;
}): AttachmentAnswer => ({
  fileId: r.file_id,
  name: r.name,
  size: Number(r.size),
  contentType: r.content_type,
  sha256: r.sha256,
  attachedAt: new Date(r.attached_at).toISOString(),
  attachedBy: r.attached_by_name,
});

const attachmentQuery = (ctx: AppContext, orgId: string, owner: AttachmentOwner) =>
  readModels(ctx.database)
    .selectFrom("attachments as a")
    // `attached_by` is the metadata's user id as text (a stream's events may name no user).
    .leftJoin("users as u", (join) => join.on(sql<boolean>`u.user_id::text = a.attached_by`))
    .select([
      "a.file_id",
      "a.name",
      "a.size",
      "a.content_type",
      "a.sha256",
      "a.attached_at",
      "u.name as attached_by_name",
    ])
    .where("a.org_id", "=", orgId)
    .where("a.owner_kind", "=", owner.kind)
    .where("a.owner_id", "=", owner.id);

/** The owner's attachments, oldest first. The caller checked the owner exists and the right. */
export const listAttachments = async (
  ctx: AppContext,
  orgId: string,
  owner: AttachmentOwner,
): Promise<AttachmentAnswer[]> =>
  (await attachmentQuery(ctx, orgId, owner).orderBy("a.attached_at").orderBy("a.file_id").execute()).map(
    answerOf,
  );

/** One attachment and its bytes, or 404 `file.notFound` (another owner's or organisation's id included). */
export const readAttachment = async (
  ctx: AppContext,
  orgId: string,
  owner: AttachmentOwner,
  fileId: string,
): Promise<{ file: AttachmentAnswer; bytes: Uint8Array<ArrayBuffer> }> => {
  const row = await attachmentQuery(ctx, orgId, owner).where("a.file_id", "=", fileId).executeTakeFirst();
  if (!row) throw new ProblemError(404, "file.notFound", { field: "fileId" });
  const bytes = await ctx.files.get(attachmentKey(orgId, row.sha256));
  if (!bytes) throw new ProblemError(404, "file.notFound", { field: "fileId" });
  return { file: answerOf(row), bytes };
};
