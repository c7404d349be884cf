import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { AppendResult, MultiAppendResult } from "./append-types.ts";
import type { OrgTransaction } from "./database.ts";
import type { Checkpoint } from "./event-store.ts";

/**
 * The command id under which part `index` of a multi-stream command is recorded: the command's own
 * id for the first part (so `commandResult` finds the command), then ids derived from it, the same on
 * every retry.
 */
export const partCommandId = (commandId: string, index: number): string => {
  if (index === 0) return commandId;
  const hex = createHash("sha256").update(`${commandId}\u0000part\u0000${index}`).digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const findCommand = async (
  trx: OrgTransaction,
  orgId: string,
  commandId: string,
): Promise<AppendResult | null> => {
  const row = await trx
    .selectFrom("commands")
    .select([
      "stream_id",
      "from_version",
      "to_version",
      "last_position",
      sql<string>`tx_id::text`.as("tx_id"),
    ])
    .where("org_id", "=", orgId)
    .where("command_id", "=", commandId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    streamId: row.stream_id,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    checkpoint: row.last_position === null ? null : { txId: row.tx_id, position: row.last_position },
    duplicate: true,
  };
};

/** The parts a multi-stream command was first appended with, in order; null when it never was. */
export const findParts = async (
  trx: OrgTransaction,
  orgId: string,
  commandId: string,
): Promise<MultiAppendResult | null> => {
  const parts: AppendResult[] = [];
  for (let index = 0; ; index++) {
    const part = await findCommand(trx, orgId, partCommandId(commandId, index));
    if (!part) break;
    parts.push(part);
  }
  if (parts.length === 0) return null;
  const checkpoint = parts.reduce<Checkpoint | null>((last, r) => r.checkpoint ?? last, null);
  return { parts, checkpoint, duplicate: true };
};
