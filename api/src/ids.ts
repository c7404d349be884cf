import { createHash } from "node:crypto";
import type { CommandMetadata } from "@registre/core";

/** A UUID (version 5 layout) made of the first 128 bits of a hex digest. */
export const uuidFromDigest = (hex: string): string => {
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * A UUID derived from a command's id: a retried command (the same id, see `commandMetadata`) derives
 * the same ids for what it creates, so it finds its first append instead of making a second thing.
 */
export const derivedId = (seed: string, step: string, index = 0): string =>
  uuidFromDigest(createHash("sha256").update(`${seed}\u0000${step}\u0000${index}`).digest("hex"));

/** A sub-command of a larger operation: its own id, derived from and caused by the operation's command. */
export const childMetadata = (metadata: CommandMetadata, step: string, index = 0): CommandMetadata => ({
  ...metadata,
  commandId: derivedId(metadata.commandId, step, index),
  causationId: metadata.commandId,
  correlationId: metadata.correlationId ?? metadata.commandId,
});
