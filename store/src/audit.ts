import { sql } from "kysely";
import type { Database } from "./database.ts";
import { eventHash } from "./hash.ts";

export type AuditFinding = {
  readonly orgId: string;
  readonly orgSeq: number;
  readonly position: number | null;
  readonly streamId: string | null;
  readonly version: number | null;
  readonly problem: "hash_mismatch" | "sequence_gap" | "head_mismatch" | "stream_version_gap";
};

export type AuditReport = {
  readonly organisations: number;
  readonly events: number;
  /** The first broken link of each organisation whose chain is broken. */
  readonly findings: readonly AuditFinding[];
};

type Row = {
  position: number;
  org_id: string;
  org_seq: number;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  hash: Uint8Array;
};

const sameBytes = (a: Uint8Array | null, b: Uint8Array | null): boolean =>
  a === null || b === null ? a === b : Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/**
 * Recomputes every organisation's hash chain from the stored bytes, in per-organisation sequence
 * order, and checks that sequences and stream versions have no gap and that the head row holds the
 * last hash. Reads in keyset pages so memory stays flat on large logs.
 */
export const verifyAudit = async (
  database: Database,
  options: { orgId?: string; pageSize?: number; onProgress?: (events: number) => void } = {},
): Promise<AuditReport> => {
  const pageSize = options.pageSize ?? 5000;
  const heads = await database.db
    .selectFrom("org_heads")
    .select(["org_id", "seq", "hash"])
    .$if(options.orgId !== undefined, (q) => q.where("org_id", "=", options.orgId as string))
    .orderBy("org_id")
    .execute();
  const findings: AuditFinding[] = [];
  let total = 0;
  for (const head of heads) {
    let previous: Uint8Array | null = null;
    let expectedSeq = 1;
    const streamVersions = new Map<string, number>();
    let broken: AuditFinding | null = null;
    while (broken === null) {
      const { rows }: { rows: Row[] } = await sql<Row>`
        select position, org_id, org_seq, stream_id, stream_version, type, schema_version, data, metadata, hash
        from events where org_id = ${head.org_id}::uuid and org_seq >= ${expectedSeq}
        order by org_seq limit ${pageSize}`.execute(database.db);
      for (const r of rows) {
        const at = {
          orgId: r.org_id,
          orgSeq: r.org_seq,
          position: r.position,
          streamId: r.stream_id,
          version: r.stream_version,
        };
        if (r.org_seq !== expectedSeq) {
          broken = { ...at, orgSeq: expectedSeq, problem: "sequence_gap" };
          break;
        }
        const expectedVersion = (streamVersions.get(r.stream_id) ?? 0) + 1;
        if (r.stream_version !== expectedVersion) {
          broken = { ...at, problem: "stream_version_gap" };
          break;
        }
        const hash = eventHash(previous, {
          orgId: r.org_id,
          orgSeq: r.org_seq,
          streamId: r.stream_id,
          version: r.stream_version,
          type: r.type,
          schemaVersion: r.schema_version,
          data: r.data,
          metadata: r.metadata,
        });
        if (!sameBytes(hash, r.hash)) {
          broken = { ...at, problem: "hash_mismatch" };
          break;
        }
        streamVersions.set(r.stream_id, r.stream_version);
        previous = r.hash;
        expectedSeq += 1;
        total += 1;
      }
      options.onProgress?.(total);
      if (rows.length < pageSize) break;
    }
    if (broken === null && (expectedSeq - 1 !== head.seq || !sameBytes(previous, head.hash))) {
      broken = {
        orgId: head.org_id,
        orgSeq: expectedSeq,
        position: null,
        streamId: null,
        version: null,
        problem: expectedSeq - 1 < head.seq ? "sequence_gap" : "head_mismatch",
      };
    }
    if (broken) findings.push(broken);
  }
  return { organisations: heads.length, events: total, findings };
};
