/** The shapes of an append: what is appended, what it answers, and the options it takes. */
import type { CommandMetadata } from "@registre/core";
import type { Checkpoint } from "./event-store.ts";

export type NewEvent = { readonly type: string; readonly data: unknown };

export type ExpectedVersion = number | "no_stream" | "any";

export type AppendResult = {
  readonly streamId: string;
  readonly fromVersion: number;
  /** The stream's version after the append: the next expected version. */
  readonly toVersion: number;
  /** Where the last appended event sits in the global log (null when nothing was appended). */
  readonly checkpoint: Checkpoint | null;
  /** True when this command id had already been appended: the first result is returned. */
  readonly duplicate: boolean;
};

export type AppendOptions = {
  readonly metadata: CommandMetadata;
  /**
   * Gapless counters to take from the organisation head inside the append transaction, by name and
   * count; `events` is then called with the first value handed out for each name.
   */
  readonly counters?: Readonly<Record<string, number>>;
  /**
   * Other streams of the organisation the decision read, at the versions it read them (0 = absent):
   * checked under the organisation's lock, so a decision taken on several streams is appended only
   * if none of them moved meanwhile (ConcurrencyError otherwise, and the caller decides again).
   */
  readonly guards?: Readonly<Record<string, number>>;
  /**
   * The most a counter may reach, by name: an append that would take it past (its first value + its
   * count - 1 > the bound) is refused with a `CounterLimitError`, and takes nothing.
   */
  readonly limits?: Readonly<Record<string, number>>;
  /**
   * False: on PostgreSQL, the numbers are taken first and the parts built once, in the transaction
   * (`appendMany`), not made templates of one statement — which builds them three times. For a commit
   * of hundreds of parts (a FEC's batch of entries), building them costs more than the round trip it saves.
   */
  readonly templates?: boolean;
};

/** One stream's part of a multi-stream append. */
export type StreamAppend = {
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  readonly events: readonly NewEvent[];
};

export type MultiAppendResult = {
  /**
   * One result per stream, in the order of the parts (a retry answers the parts that had events,
   * in the same order).
   */
  readonly parts: readonly AppendResult[];
  /** Where the last appended event sits in the global log (null when nothing was appended). */
  readonly checkpoint: Checkpoint | null;
  /** True when this command id had already been appended: the first results are returned. */
  readonly duplicate: boolean;
};

export type Numbers = Readonly<Record<string, number>>;

export type AppendRow = {
  stream_id: string;
  from_version: number;
  to_version: number;
  first_position: number | null;
  last_position: number | null;
  tx_id: string | null;
  duplicate: boolean;
};

export const toExpected = (expected: ExpectedVersion): number | null =>
  expected === "any" ? null : expected === "no_stream" ? 0 : expected;
