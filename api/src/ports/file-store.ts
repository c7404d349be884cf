/**
 * The file store port: where files (logos, avatars, attachments, imported originals) are kept, by key.
 * Its adapters are in `files/store.ts`: the data folder (DATA_DIR/files), or an S3-compatible store.
 */

/** Which kind of storage keeps the files: the data folder, or an S3-compatible object store. */
export type StorageProvider = "local" | "s3";

/**
 * Files by key (`logos/<org>/<id>.png`, `attachments/<org>/<sha256>`). Keys are made by the code, never
 * from what a client names: a client's file name never reaches a path. A file never changes under its
 * key, so writing a key that exists is a no-op (a retry puts the same bytes again, harmlessly).
 */
export type FileStore = {
  readonly provider: StorageProvider;
  /** Where, for the logs and the storage screen: the folder, or the endpoint and bucket (no secret). */
  readonly location: string;
  readonly put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  /** The bytes under a key, or null when there are none. */
  readonly get: (key: string) => Promise<Uint8Array<ArrayBuffer> | null>;
};
