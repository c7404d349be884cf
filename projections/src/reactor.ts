import { createHash } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import type { StoredEvent } from "@registre/store";

/**
 * A reactor follows the log as a projector does — the same gap-safe reads, its checkpoint a row of
 * `projections`, its failures confined to their organisation — but instead of writing rows in the
 * checkpoint's transaction it acts: it issues commands, or calls the outside world through a port.
 * What it did cannot be rolled back, so its checkpoint moves only once `react` has succeeded, and a
 * batch may be given again (after a crash between the two, a lost compare-and-set, a retry): every
 * command it issues carries an id derived from the reactor and the event (`reactionMetadata`), which
 * the store records once — a replay issues nothing twice —, and a port call carries that id as its
 * idempotency key.
 */
export type Reactor = {
  readonly name: string;
  /** The event types it reacts to; every type when absent. */
  readonly handles?: readonly string[];
  /**
   * Where a reactor seen for the first time starts: "now" (the default), the events committed from its
   * first set-up on — a new reactor does not act on years of history —, or the log's "start".
   */
  readonly from?: "now" | "start";
  /**
   * Acts on one organisation's events (of its types, in log order). Throwing stops the reactor for that
   * organisation only: its events are held, and the runner gives them again later (with back-off) or on
   * `resume`, from the first event of the call that threw. An error of the database going away is not the
   * organisation's: the whole batch is given again once it is back.
   */
  readonly react: (events: readonly StoredEvent[]) => Promise<void>;
};

/** A command a reactor issues: its type and data, the organisation, and the metadata `reactionMetadata` derives. */
export type IssuedCommand = {
  readonly orgId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: CommandMetadata;
};

/**
 * The port through which a reactor issues commands. `duplicate`: the store knew the command's id (a
 * replay): nothing was done again.
 */
export type CommandPort = {
  readonly issue: (command: IssuedCommand) => Promise<{ readonly duplicate: boolean }>;
};

/** A UUID (version 5 layout) from the first 128 bits of a hex digest. */
const uuidFromDigest = (hex: string): string => {
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The id of what a reactor does for an event: derived from the reactor's name, the event's position in
 * the log and, when it does several things for one event, a step — the same on every replay.
 */
export const reactionId = (reactor: string, event: Pick<StoredEvent, "position">, step = ""): string =>
  uuidFromDigest(
    createHash("sha256").update(`reaction\u0000${reactor}\u0000${event.position}\u0000${step}`).digest("hex"),
  );

/**
 * The metadata of a command a reactor issues for an event: its id derived (`reactionId`), caused by the
 * event's command and in its correlation, at `at` (the reactor's clock).
 */
export const reactionMetadata = (
  reactor: string,
  event: Pick<StoredEvent, "position" | "metadata">,
  at: Date,
  step = "",
): CommandMetadata => ({
  commandId: reactionId(reactor, event, step),
  at: at.toISOString(),
  causationId: event.metadata.commandId,
  correlationId: event.metadata.correlationId ?? event.metadata.commandId,
});
