import { createHash } from "node:crypto";

export type HashInput = {
  readonly orgId: string;
  readonly orgSeq: number;
  readonly streamId: string;
  readonly version: number;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: string;
  readonly metadata: string;
};

/**
 * The hash chain link, byte for byte as `registre_event_hash` computes it in SQL (migration
 * 2026-11-22T1300): sha256(previous hash || UTF-8 of the fields joined by newlines).
 */
export const eventHash = (previous: Uint8Array | null, e: HashInput): Buffer => {
  const h = createHash("sha256");
  if (previous) h.update(previous);
  h.update(
    [e.orgId, e.orgSeq, e.streamId, e.version, e.type, e.schemaVersion, e.data, e.metadata].join("\n"),
    "utf8",
  );
  return h.digest();
};
