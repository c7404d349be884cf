/** Attachments of documents, contacts and items (`/{owner}/{id}/files`) and documents' share links. */
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { useRefreshingMutation } from "../../lib/refreshing-mutation.ts";
import { downloadFile } from "../accounting/access.ts";

export type Attachment = Schemas["Attachment"];
export type Share = Schemas["Share"];
export type CreatedShare = Schemas["CreatedShare"];
export type SharedDocument = Schemas["SharedDocument"];

/** What files hang on: a document, a contact, an item. */
export type FileOwner = { readonly kind: "docs" | "contacts" | "items"; readonly id: string };

/** The largest attachment the server takes by default (FILE_MAX_BYTES may change it there). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** What the file picker offers; the server tells files by their bytes anyway. */
export const acceptedFiles =
  ".pdf,.png,.jpg,.jpeg,.gif,.webp,.xlsx,.xls,.ods,.csv,.txt,application/pdf,image/*,text/csv,text/plain";

const keys = {
  files: (owner: FileOwner) => ["files", owner.kind, owner.id] as const,
  shares: (docId: string) => ["shares", docId] as const,
};

const base = (owner: FileOwner) => `/${owner.kind}/${encodeURIComponent(owner.id)}/files`;

export const filesQuery = (owner: FileOwner) =>
  queryOptions({
    queryKey: keys.files(owner),
    queryFn: ({ signal }) => apiRequest<Schemas["AttachmentList"]>(base(owner), { signal }),
    select: (list) => list.files,
  });

export const useUploadFile = (owner: FileOwner) =>
  useRefreshingMutation(keys.files(owner), (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiRequest<Attachment>(base(owner), { method: "POST", body: form });
  });

export const useDeleteFile = (owner: FileOwner) =>
  useRefreshingMutation(keys.files(owner), (fileId: string) =>
    apiRequest<null>(`${base(owner)}/${encodeURIComponent(fileId)}`, { method: "DELETE" }),
  );

/** The bytes, with the session's token, saved under the file's name. */
export const downloadAttachment = (owner: FileOwner, file: Attachment) =>
  downloadFile(`${base(owner)}/${encodeURIComponent(file.fileId)}`, file.name);

export const sharesQuery = (docId: string) =>
  queryOptions({
    queryKey: keys.shares(docId),
    queryFn: ({ signal }) => api.get("/docs/{id}/shares", { path: { id: docId }, signal }),
    select: (list) => list.shares,
  });

export const useCreateShare = (docId: string) =>
  useRefreshingMutation(keys.shares(docId), (expiresAt: string | null) =>
    api.post("/docs/{id}/shares", { path: { id: docId }, body: { expiresAt } }),
  );

export const useRevokeShare = (docId: string) =>
  useRefreshingMutation(keys.shares(docId), (shareId: string) =>
    api.delete("/docs/{id}/shares/{shareId}", { path: { id: docId, shareId } }),
  );

/** The public page's document (no session needed). */
export const sharedDocQuery = (token: string, lang: "fr" | "en") =>
  queryOptions({
    queryKey: ["shared", token, lang] as const,
    queryFn: ({ signal }) => api.get("/share/docs", { query: { token, lang }, signal }),
    retry: false,
  });

/** The public PDF's address: a plain link, no token of a session involved. */
export const sharedPdfUrl = (token: string, lang: "fr" | "en") =>
  `/api/share/docs/pdf?token=${encodeURIComponent(token)}&lang=${lang}`;
