import type { AttachedFile } from "@registre/core";

/**
 * The original-file attacher port: keeps an imported supplier invoice's file (a Factur-X PDF, a CII or
 * UBL XML) before the import's commit attaches it to the draft. Its adapter is the attachments' file
 * store (`storeReceivedFile`, content-addressed: the bytes of a commit that fails afterwards are
 * harmless, and a retry puts the same key); `AppContext.storeOriginal` replaces it (tests: a port that
 * records, or fails).
 */

/** The file as it was received. */
export type OriginalFile = {
  readonly bytes: Uint8Array;
  readonly name: string;
  readonly contentType: string;
};

/** Keeps the file; answers what the attachment records of it. */
export type StoreOriginal = (orgId: string, file: OriginalFile) => Promise<Omit<AttachedFile, "fileId">>;
