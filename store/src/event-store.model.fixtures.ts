import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { CommandMetadata } from "@registre/core";
import fc from "fast-check";
import { expect } from "vitest";
import type { AppendResult, ExpectedVersion, NewEvent } from "./append.ts";
import { ConcurrencyError } from "./errors.ts";
import type { EventStore, StoredEvent } from "./event-store.ts";

/*
 * Model-based test of the event store: random sequences of appends (right, stale, ahead, "no_stream",
 * "any" expected versions; 0-4 events; retried command ids; pairs sent concurrently) over 3 streams of
 * 3 organisations, checked step by step against an in-memory model, then the global log is read back.
 */

export const ORGS = 3;
export const STREAMS = ["s0", "s1", "s2"] as const;
export const EVENT_TYPE = "ModelEvent";

export type ExpectedKind = "current" | "stale" | "ahead" | "no_stream" | "any";

/** An append as generated: indices and kinds, resolved against the model when it runs. */
export type Op = {
  readonly org: number;
  readonly stream: number;
  readonly expected: ExpectedKind;
  readonly offset: number;
  readonly count: number;
};

/** An append as sent to the store. */
export type Request = {
  readonly org: number;
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  readonly events: readonly NewEvent[];
  readonly commandId: string;
};

export type StreamModel = {
  readonly org: number;
  readonly streamId: string;
  version: number;
  events: { readonly event: NewEvent; readonly commandId: string }[];
};

export type State = {
  streams: Record<string, StreamModel>;
  /** The first result of every command id the store remembers, by `${org}/${commandId}`. */
  recorded: Record<string, AppendResult>;
  /** Every fresh request sent, for retries to pick from. */
  sent: Request[];
  nextN: number;
};

export type Model = { state: State };
export type Real = { readonly store: EventStore; readonly orgIds: readonly string[] };

export type Outcome =
  | { readonly ok: true; readonly result: AppendResult }
  | { readonly ok: false; readonly error: unknown };

export type Prediction =
  | { readonly kind: "duplicate"; readonly first: AppendResult }
  | { readonly kind: "conflict"; readonly actual: number }
  | { readonly kind: "appended"; readonly fromVersion: number; readonly toVersion: number };

export const streamKey = (org: number, streamId: string) => `${org}/${streamId}`;

export const streamOf = (state: State, org: number, streamId: string): StreamModel => {
  const key = streamKey(org, streamId);
  const existing = state.streams[key];
  if (existing) return existing;
  const created: StreamModel = { org, streamId, version: 0, events: [] };
  state.streams[key] = created;
  return created;
};

export const metadata = (commandId: string): CommandMetadata => ({
  commandId,
  at: "2026-11-22T10:00:00.000Z",
  userId: "model",
});

export const resolveExpected = (op: Op, version: number): ExpectedVersion => {
  switch (op.expected) {
    case "current":
      return version === 0 && op.offset % 2 === 0 ? "no_stream" : version;
    case "stale":
      return version === 0 ? 1 + op.offset : op.offset % version;
    case "ahead":
      return version + 1 + op.offset;
    case "no_stream":
      return "no_stream";
    case "any":
      return "any";
  }
};

export const newEvents = (state: State, count: number): NewEvent[] =>
  Array.from({ length: count }, () => {
    const n = state.nextN++;
    return { type: EVENT_TYPE, data: { n, label: `évènement n°${n} "${n % 7}"`, amount: n * 101 } };
  });

export const freshRequest = (state: State, op: Op): Request => {
  const streamId = STREAMS[op.stream] ?? "s0";
  const request: Request = {
    org: op.org,
    streamId,
    expected: resolveExpected(op, streamOf(state, op.org, streamId).version),
    events: newEvents(state, op.count),
    commandId: randomUUID(),
  };
  state.sent.push(request);
  return request;
};

/** The same command id again: the identical request, or (redirect) another stream with other events. */
export const retryRequest = (state: State, pick: number, redirect: boolean): Request => {
  const original = state.sent[pick % state.sent.length] as Request;
  if (!redirect) return original;
  const index = STREAMS.indexOf(original.streamId as (typeof STREAMS)[number]);
  return {
    ...original,
    streamId: STREAMS[(index + 1) % STREAMS.length] ?? "s0",
    expected: "any",
    events: newEvents(state, 1),
  };
};

export const predict = (state: State, request: Request): Prediction => {
  // A remembered command id answers its first result whatever the retry carries, even no events at all.
  const first = state.recorded[`${request.org}/${request.commandId}`];
  if (first) return { kind: "duplicate", first };
  const version = streamOf(state, request.org, request.streamId).version;
  const expected = request.expected === "no_stream" ? 0 : request.expected;
  if (expected !== "any" && expected !== version) return { kind: "conflict", actual: version };
  return { kind: "appended", fromVersion: version, toVersion: version + request.events.length };
};

export const show = (outcome: Outcome): string =>
  outcome.ok ? JSON.stringify(outcome.result) : `${String(outcome.error)} ${JSON.stringify(outcome.error)}`;

/** Why the outcome is not the predicted one, or null when it is. */
export const mismatch = (prediction: Prediction, request: Request, outcome: Outcome): string | null => {
  const wanted = `${JSON.stringify(prediction)} for ${JSON.stringify({ ...request, events: request.events.length })}`;
  const fail = `expected ${wanted}, got ${show(outcome)}`;
  switch (prediction.kind) {
    case "duplicate": {
      return outcome.ok && isDeepStrictEqual(outcome.result, { ...prediction.first, duplicate: true })
        ? null
        : fail;
    }
    case "conflict": {
      if (outcome.ok || !(outcome.error instanceof ConcurrencyError)) return fail;
      const error = outcome.error;
      // `actual` is null for a missing stream when events were given, 0 when none were: both mean 0.
      return error.streamId === request.streamId &&
        error.expected === request.expected &&
        (error.actual ?? 0) === prediction.actual
        ? null
        : fail;
    }
    case "appended": {
      if (!outcome.ok) return fail;
      const r = outcome.result;
      return r.streamId === request.streamId &&
        r.fromVersion === prediction.fromVersion &&
        r.toVersion === prediction.toVersion &&
        !r.duplicate &&
        (request.events.length === 0) === (r.checkpoint === null)
        ? null
        : fail;
    }
  }
};

export const apply = (state: State, request: Request, prediction: Prediction, outcome: Outcome): void => {
  if (prediction.kind !== "appended" || !outcome.ok) return;
  const stream = streamOf(state, request.org, request.streamId);
  stream.version = prediction.toVersion;
  for (const event of request.events) stream.events.push({ event, commandId: request.commandId });
  // Only commands that appended something are remembered: an empty append leaves no trace.
  if (request.events.length > 0) state.recorded[`${request.org}/${request.commandId}`] = outcome.result;
};

export const send = async (real: Real, request: Request): Promise<Outcome> => {
  try {
    const result = await real.store.append(
      real.orgIds[request.org] as string,
      request.streamId,
      request.expected,
      request.events,
      { metadata: metadata(request.commandId) },
    );
    return { ok: true, result };
  } catch (error) {
    return { ok: false, error };
  }
};

export const projectStored = (events: readonly StoredEvent[]) =>
  events.map((e) => ({
    orgId: e.orgId,
    streamId: e.streamId,
    version: e.version,
    type: e.type,
    data: e.data,
    commandId: e.metadata.commandId,
  }));

export const projectModel = (real: Real, stream: StreamModel) =>
  stream.events.map(({ event, commandId }, i) => ({
    orgId: real.orgIds[stream.org] as string,
    streamId: stream.streamId,
    version: i + 1,
    type: event.type,
    data: event.data,
    commandId,
  }));

/** The stream as stored equals the model: versions 1..n, payloads and command ids in order. */
export const checkStream = async (real: Real, stream: StreamModel): Promise<StoredEvent[]> => {
  const orgId = real.orgIds[stream.org] as string;
  const stored = await real.store.readStream(orgId, stream.streamId);
  expect(projectStored(stored), `stream ${stream.org}/${stream.streamId}`).toEqual(
    projectModel(real, stream),
  );
  expect(await real.store.streamVersion(orgId, stream.streamId)).toBe(stream.version);
  return stored;
};

export const describeOp = (op: Op) =>
  `${op.org}/${STREAMS[op.stream]} ${op.expected}${op.expected === "stale" || op.expected === "ahead" ? `+${op.offset}` : ""} x${op.count}`;

/** One append, alone: its outcome must be exactly the model's. */
export const runSingle = async (model: Model, real: Real, request: Request): Promise<void> => {
  const prediction = predict(model.state, request);
  const outcome = await send(real, request);
  expect(mismatch(prediction, request, outcome)).toBeNull();
  apply(model.state, request, prediction, outcome);
  const stored = await checkStream(real, streamOf(model.state, request.org, request.streamId));
  if (prediction.kind === "appended" && outcome.ok && request.events.length > 0) {
    const last = stored.at(-1);
    expect(outcome.result.checkpoint).toEqual({ txId: last?.txId, position: last?.position });
  }
};

export class AppendCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly op: Op) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    await runSingle(model, real, freshRequest(model.state, this.op));
  }
  toString(): string {
    return `append(${describeOp(this.op)})`;
  }
}

export class RetryCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly redirect: boolean,
  ) {}
  check(model: Readonly<Model>): boolean {
    return model.state.sent.length > 0;
  }
  async run(model: Model, real: Real): Promise<void> {
    await runSingle(model, real, retryRequest(model.state, this.pick, this.redirect));
  }
  toString(): string {
    return `retry(#${this.pick}${this.redirect ? " to another stream" : ""})`;
  }
}

/**
 * Two appends decided on the same state and sent at once: the outcomes must be those of one of the
 * two serial orders (so of two same-version appends on one stream exactly one wins), and the streams
 * must then hold what that order leaves.
 */
export class ConcurrentCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly a: Op,
    /** The second append, or null: the first one sent twice (a client retrying before the answer). */
    readonly b: Op | null,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const first = freshRequest(model.state, this.a);
    const requests = [first, this.b ? freshRequest(model.state, this.b) : first] as const;
    const outcomes = await Promise.all(requests.map((r) => send(real, r)));
    const candidates: State[] = [];
    const reasons: string[] = [];
    for (const order of [
      [0, 1],
      [1, 0],
    ] as const) {
      const state = structuredClone(model.state);
      let reason: string | null = null;
      for (const i of order) {
        const request = requests[i];
        const outcome = outcomes[i] as Outcome;
        const prediction = predict(state, request);
        reason ??= mismatch(prediction, request, outcome);
        apply(state, request, prediction, outcome);
      }
      if (reason === null) candidates.push(state);
      else reasons.push(`order ${order.join(",")}: ${reason}`);
    }
    expect(candidates.length, reasons.join("\n")).toBeGreaterThan(0);
    const touched = [...new Set(requests.map((r) => streamKey(r.org, r.streamId)))];
    const stored = await Promise.all(
      touched.map((key) => {
        const [org, streamId] = key.split("/") as [string, string];
        return real.store.readStream(real.orgIds[Number(org)] as string, streamId);
      }),
    );
    const chosen = candidates.find((state) =>
      touched.every((key, i) => {
        const stream = state.streams[key];
        return stream && isDeepStrictEqual(projectStored(stored[i] ?? []), projectModel(real, stream));
      }),
    );
    expect(chosen, "the streams hold what one serial order of the two appends leaves").toBeDefined();
    model.state = chosen as State;
    for (const key of touched) await checkStream(real, model.state.streams[key] as StreamModel);
  }
  toString(): string {
    return `concurrently(${describeOp(this.a)} | ${this.b ? describeOp(this.b) : "the same command"})`;
  }
}

export const opArb: fc.Arbitrary<Op> = fc.record({
  org: fc.integer({ min: 0, max: ORGS - 1 }),
  stream: fc.integer({ min: 0, max: STREAMS.length - 1 }),
  expected: fc.oneof(
    { arbitrary: fc.constant<ExpectedKind>("current"), weight: 5 },
    { arbitrary: fc.constantFrom<ExpectedKind>("stale", "ahead", "no_stream", "any"), weight: 4 },
  ),
  offset: fc.nat({ max: 3 }),
  count: fc.integer({ min: 0, max: 4 }),
});

export const appendArb: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = opArb.map((op) => new AppendCommand(op));
export const retryArb: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = fc
  .tuple(fc.nat(), fc.boolean())
  .map(([pick, redirect]) => new RetryCommand(pick, redirect));
/** The second append often goes to the first one's stream, where the two really collide, or is its twin. */
export const concurrentArb: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = fc
  .tuple(opArb, opArb, fc.constantFrom("other", "same stream", "twin"))
  .map(
    ([a, b, pairing]) =>
      new ConcurrentCommand(
        a,
        pairing === "twin" ? null : pairing === "same stream" ? { ...b, org: a.org, stream: a.stream } : b,
      ),
  );
export const commandArbs = [
  fc.oneof(
    { arbitrary: appendArb, weight: 6 },
    { arbitrary: retryArb, weight: 2 },
    { arbitrary: concurrentArb, weight: 2 },
  ),
];

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
