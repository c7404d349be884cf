import { DomainError, type DomainEvent } from "../decider.ts";
import { textFlaw } from "../text-safety.ts";

/**
 * A file attached to a document, a contact or an item: an event of the owner's own stream, so it shows
 * in its history. The bytes are not in the log: `sha256` names them in the file store.
 */
export type AttachedFile = {
  readonly fileId: string;
  readonly name: string;
  readonly size: number;
  readonly contentType: string;
  readonly sha256: string;
};

export type FileAttached = DomainEvent<"FileAttached", AttachedFile>;
export type FileDetached = DomainEvent<"FileDetached", { readonly fileId: string; readonly name: string }>;
export type AttachmentEvent = FileAttached | FileDetached;

export type AttachFile = { readonly type: "AttachFile"; readonly data: AttachedFile };
export type DetachFile = { readonly type: "DetachFile"; readonly data: { readonly fileId: string } };
export type AttachmentCommand = AttachFile | DetachFile;

export const attachmentEventTypes = ["FileAttached", "FileDetached"] as const;

export const MAX_FILE_NAME = 255;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * A file's name as a person gave it: kept for display and for the download's name, never for a path.
 * Refused: empty, longer than 255, a control character, a path (`/`, `\`) or a dot name (`.`, `..`).
 */
export const checkFileName = (name: string): string => {
  const clean = name.normalize("NFC").trim();
  if (
    clean === "" ||
    clean.length > MAX_FILE_NAME ||
    textFlaw(clean) !== undefined ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
    /[\u0000-\u001f\u007f/\\]/.test(clean) ||
    /^\.+$/.test(clean)
  )
    throw new DomainError("file.invalidName", { field: "file" });
  return clean;
};

/** The attachments a stream's events leave. */
export const evolveFiles = (
  files: readonly AttachedFile[],
  event: AttachmentEvent,
): readonly AttachedFile[] =>
  event.type === "FileAttached"
    ? [...files.filter((f) => f.fileId !== event.data.fileId), event.data]
    : files.filter((f) => f.fileId !== event.data.fileId);

/** Attach or detach, on the owner's current attachments. */
export const decideAttachment = (
  command: AttachmentCommand,
  files: readonly AttachedFile[],
): AttachmentEvent[] => {
  if (command.type === "AttachFile") {
    const d = command.data;
    if (files.some((f) => f.fileId === d.fileId)) return [];
    if (!SHA256.test(d.sha256) || !Number.isSafeInteger(d.size) || d.size <= 0)
      throw new DomainError("file.emptyOrInvalid", { field: "file" });
    return [{ type: "FileAttached", data: { ...d, name: checkFileName(d.name) } }];
  }
  const file = files.find((f) => f.fileId === command.data.fileId);
  if (!file) throw new DomainError("file.notFound", { field: "fileId" }, 404);
  return [{ type: "FileDetached", data: { fileId: file.fileId, name: file.name } }];
};
