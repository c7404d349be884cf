import { type CommandMetadata, type Decider, DomainError, type DomainEvent } from "@registre/core";
import {
  type AppendResult,
  type Checkpoint,
  ConcurrencyError,
  CounterLimitError,
  type MultiAppendResult,
} from "@registre/store";
import type { AppContext } from "./context.ts";
import { ProblemError } from "./http/problem.ts";
import { markNotYetVisible } from "./http/request-scope.ts";

/**
 * What a command decided on more than its own stream needs: the other streams it read, at the
 * versions it read them (appended only if they did not move), and the gapless counters it takes,
 * whose first values the commands are built from (under the organisation's lock).
 */
export type CommandPlan<Command> = {
  readonly guards?: Readonly<Record<string, number>>;
  readonly counters?: Readonly<Record<string, number>>;
  /**
   * Bounds of counters: the most each may reach, and the refusal a command taking it past gets (the
   * store checks it under the organisation's lock, and takes nothing then).
   */
  readonly limits?: Readonly<Record<string, { readonly max: number; readonly refusal: () => Error }>>;
  /**
   * The commands, given the numbers handed out; or, when they do not use them, the commands
   * themselves (on PostgreSQL the append is then one statement, counters included).
   */
  readonly commands: readonly Command[] | ((numbers: Readonly<Record<string, number>>) => readonly Command[]);
};

export type CommandRequest<Command, Event extends DomainEvent, State> = {
  readonly orgId: string;
  readonly streamId: string;
  readonly decider: Decider<Command, Event, State>;
  /**
   * Decided in order on the evolving state and appended together, or not at all; or a plan made
   * from the loaded state, made again on every retry.
   */
  readonly commands: readonly Command[] | ((state: State) => Promise<CommandPlan<Command>>);
  readonly metadata: CommandMetadata;
  /**
   * The read models the answer reads: the response waits until they include the new events, within
   * a budget; past it (or at once when the organisation's read model is failed) the request's
   * answer becomes 202 "not yet visible" (see http/request-scope.ts).
   */
  readonly readModels: readonly string[];
  /**
   * Called in the same tick as each attempt's read of the stream, before it: the streams it starts
   * reading (`loadAggregate`) go out in the same statement as the command's own (the store batches
   * an organisation's stream reads of a tick), rather than in a second round trip once the plan asks.
   */
  readonly alongside?: () => void;
};

export type CommandOutcome<Event, State> = {
  readonly result: AppendResult;
  readonly events: readonly Event[];
  readonly state: State;
  /** False when a read model did not catch up in time: the answer may not show the change yet. */
  readonly consistent: boolean;
};

/** Waits for the read models to show an appended command; marks the request when they do not. */
export const awaitReadModels = async (
  ctx: AppContext,
  orgId: string,
  result: { readonly checkpoint: Checkpoint | null },
  readModels: readonly string[],
): Promise<boolean> => {
  if (!result.checkpoint || readModels.length === 0) return true;
  const visibility = await ctx.runner.awaitVisible(result.checkpoint, readModels, orgId);
  if (visibility === "visible") return true;
  markNotYetVisible(visibility);
  return false;
};

/**
 * The read models as of now: every event appended so far projected for the organisation. 503
 * `readModel.behind` when that cannot be had within the wait budget (failed for it, or lagging): a
 * check that decides on a read model (a thing used, a year's findings) must not decide on a stale one.
 */
export const catchUp = async (
  ctx: AppContext,
  orgId: string,
  readModels: readonly string[],
): Promise<void> => {
  if (!(await ctx.runner.waitFor(await ctx.store.head(), readModels, orgId)))
    throw new ProblemError(503, "readModel.behind");
};

/**
 * The gapless counters the organisation has taken (`doc:<series>:<year>`, a journal's numbers…), each at
 * its last value: exact as of the last commit, from the organisation's head (no read model to wait for).
 */
export const takenCounters = async (
  ctx: AppContext,
  orgId: string,
): Promise<Readonly<Record<string, number>>> => {
  const head = await ctx.database.db
    .selectFrom("org_heads")
    .select("counters")
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  return typeof head?.counters === "string" ? JSON.parse(head.counters) : (head?.counters ?? {});
};

const MAX_ATTEMPTS = 6;

type Cached = { readonly version: number; readonly state: unknown };
const CACHE_SIZE = 2000;

/**
 * An aggregate's state at its current version. States are immutable values, so the last one
 * folded is kept per stream and only the events after it are read next time (a chart of
 * accounts is read by every validation).
 */
export const loadAggregate = async <Event extends DomainEvent, State>(
  ctx: AppContext,
  orgId: string,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, "evolve" | "initialState" | "foldEvents">,
): Promise<{ state: State; version: number }> => {
  const cache = aggregateCache(ctx);
  const key = `${orgId}/${streamId}`;
  const cached = cache.get(key);
  const after = cached?.version ?? 0;
  const stored = await ctx.store.readStream(orgId, streamId, { fromVersion: after + 1 });
  let state = (cached?.state as State | undefined) ?? decider.initialState();
  const events = stored as unknown as Event[];
  state = decider.foldEvents ? decider.foldEvents(state, events) : events.reduce(decider.evolve, state);
  const version = stored.at(-1)?.version ?? after;
  cache.delete(key);
  cache.set(key, { version, state });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return { state, version };
};

const caches = new WeakMap<AppContext["store"], Map<string, Cached>>();
const aggregateCache = (ctx: AppContext): Map<string, Cached> => {
  let cache = caches.get(ctx.store);
  if (!cache) {
    cache = new Map();
    caches.set(ctx.store, cache);
  }
  return cache;
};

/**
 * Whether this command already went through (a retry of it, under the same command id). Checks a
 * route makes on the read models before deciding — does the thing exist? — are skipped then: the
 * first attempt made them, and what it did (a deletion) may have removed what they look for.
 * With `readModels`, a retry also waits for them to show the first attempt, as that attempt did: a
 * first answer of 202 "not yet visible" is retried by the client, whose retry must not answer before
 * the read models do (it found the invoice a reconciliation paid still unpaid).
 */
export const alreadyAppended = async (
  ctx: AppContext,
  orgId: string,
  metadata: CommandMetadata,
  readModels: readonly string[] = [],
): Promise<boolean> => {
  const first = await ctx.store.commandResult(orgId, metadata.commandId);
  if (first === null) return false;
  if (readModels.length > 0) {
    // Every part of a multi-stream commit: its checkpoint is the commit's last event.
    const whole = (await ctx.store.commandParts(orgId, metadata.commandId)) ?? first;
    await awaitReadModels(ctx, orgId, whole, readModels);
  }
  return true;
};

/**
 * The command pipeline: load the stream -> decide -> append at the loaded version -> wait for the
 * read models. A version conflict (on the stream or a guarded one) is decided again on the fresh
 * state a few times, then surfaces as 409. A retried command id answers its first result without
 * deciding again.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State>(
  ctx: AppContext,
  request: CommandRequest<Command, Event, State>,
): Promise<CommandOutcome<Event, State>> => {
  const { decider, orgId, streamId } = request;
  const load = () => loadAggregate(ctx, orgId, streamId, decider);
  // The look-up of the command id and the first attempt's reads are asked in the same tick: the store
  // sends them as one statement. A retried command answers its first result and drops those reads.
  const looked = ctx.store.commandResult(orgId, request.metadata.commandId);
  request.alongside?.();
  let loaded: ReturnType<typeof load> | undefined = load();
  loaded.catch(() => undefined);
  const previous = await looked;
  if (previous) {
    // Command ids derive from the caller, the key and the request: another stream means a bug.
    if (previous.streamId !== streamId) throw new DomainError("idempotency.keyReused", {}, 422);
    // The first attempt's events, for answers made of them, once its read models show it too.
    const events = await ctx.store.readStream(orgId, streamId, {
      fromVersion: previous.fromVersion + 1,
      toVersion: previous.toVersion,
    });
    const consistent = await awaitReadModels(ctx, orgId, previous, request.readModels);
    return {
      result: previous,
      events: events as unknown as Event[],
      state: (await load()).state,
      consistent,
    };
  }

  for (let attempt = 1; ; attempt++) {
    if (!loaded) request.alongside?.();
    const { state, version } = await (loaded ?? load());
    loaded = undefined;
    const plan: CommandPlan<Command> =
      typeof request.commands === "function" ? await request.commands(state) : { commands: request.commands };
    const { commands } = plan;
    let next = state;
    const events: Event[] = [];
    const decideAll = (numbers: Readonly<Record<string, number>>) => {
      next = state;
      events.length = 0;
      for (const command of typeof commands === "function" ? commands(numbers) : commands) {
        const produced = decider.decide(command, next);
        events.push(...produced);
        next = produced.reduce(decider.evolve, next);
      }
      return events;
    };
    try {
      const expected = version === 0 ? "no_stream" : version;
      const limits =
        plan.limits && Object.fromEntries(Object.entries(plan.limits).map(([n, l]) => [n, l.max]));
      const options = {
        metadata: request.metadata,
        ...(plan.guards && { guards: plan.guards }),
        ...(plan.counters && { counters: plan.counters }),
        ...(limits && { limits }),
      };
      const result =
        plan.counters && typeof commands === "function"
          ? await ctx.store.append(orgId, streamId, expected, decideAll, options)
          : await ctx.store.append(orgId, streamId, expected, decideAll({}), options);
      const consistent = await awaitReadModels(ctx, orgId, result, request.readModels);
      return { result, events, state: next, consistent };
    } catch (error) {
      if (error instanceof CounterLimitError) {
        const refusal = plan.limits?.[error.counter]?.refusal;
        if (refusal) throw refusal();
      }
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
};

/** What a kind of stream's commands are decided by, and the read models their answer reads. */
type RunnerSpec<Command, Event extends DomainEvent, State> = {
  readonly decider: Decider<Command, Event, State>;
  readonly readModels: readonly string[];
};

/** One command, several decided in order, or a plan made from the loaded state. */
type Commands<Command, State> = Command | CommandRequest<Command, DomainEvent, State>["commands"];

const commandsOf = <Command, State>(
  commands: Commands<Command, State>,
): CommandRequest<Command, DomainEvent, State>["commands"] =>
  typeof commands === "function" || Array.isArray(commands)
    ? (commands as CommandRequest<Command, DomainEvent, State>["commands"])
    : [commands as Command];

/**
 * The runner of an organisation's one stream of a kind (its chart, its journals, its banks…):
 * `run(ctx, orgId, commands, metadata)` — one command, several, or a plan — through the pipeline.
 */
export const orgStreamRunner =
  <Command, Event extends DomainEvent, State>(
    spec: RunnerSpec<Command, Event, State> & { readonly streamId: (orgId: string) => string },
  ) =>
  (ctx: AppContext, orgId: string, commands: Commands<Command, State>, metadata: CommandMetadata) =>
    handleCommand(ctx, {
      orgId,
      streamId: spec.streamId(orgId),
      decider: spec.decider,
      commands: commandsOf(commands),
      metadata,
      readModels: spec.readModels,
    });

/**
 * The runner of one aggregate's stream by its id (an item, a document): `run(ctx, orgId, id, commands,
 * metadata)` — one command, several, or a plan — through the pipeline.
 */
export const streamRunner =
  <Command, Event extends DomainEvent, State>(
    spec: RunnerSpec<Command, Event, State> & { readonly streamId: (id: string) => string },
  ) =>
  (
    ctx: AppContext,
    orgId: string,
    id: string,
    commands: Commands<Command, State>,
    metadata: CommandMetadata,
  ) =>
    handleCommand(ctx, {
      orgId,
      streamId: spec.streamId(id),
      decider: spec.decider,
      commands: commandsOf(commands),
      metadata,
      readModels: spec.readModels,
    });

/** Numbers handed out under the organisation's lock, by counter name. */
type Numbers = Readonly<Record<string, number>>;

/**
 * One stream a multi-stream command writes: its decider, the state it was decided on (loaded by the
 * plan, so the decision and the expected version agree), and its commands given the numbers handed
 * out. Build it with `streamDecision`, which keeps the decider and its commands typed together.
 */
export type StreamDecision = {
  readonly streamId: string;
  readonly version: number;
  readonly decide: (numbers: Numbers) => readonly DomainEvent[];
};

export const streamDecision = <Command, Event extends DomainEvent, State>(
  streamId: string,
  decider: Decider<Command, Event, State>,
  loaded: { readonly state: State; readonly version: number },
  commands: (numbers: Numbers) => readonly Command[],
): StreamDecision => ({
  streamId,
  version: loaded.version,
  decide: (numbers) => {
    let state = loaded.state;
    const events: Event[] = [];
    const list = commands(numbers);
    for (const [i, command] of list.entries()) {
      const produced = decider.decide(command, state);
      events.push(...produced);
      // The state after the last command is not read: a stream's state may be large (a lettering stream).
      if (i < list.length - 1) state = produced.reduce(decider.evolve, state);
    }
    return events;
  },
});

/** A command over several streams: guards, counters and bounds as for one stream, and the streams it writes. */
export type MultiStreamPlan = {
  readonly guards?: Readonly<Record<string, number>>;
  readonly counters?: Readonly<Record<string, number>>;
  readonly limits?: CommandPlan<unknown>["limits"];
  readonly streams: readonly StreamDecision[];
  /** Hundreds of streams (a FEC's batch): decided once, after the numbers (`AppendOptions.templates`). */
  readonly bulk?: boolean;
};

/**
 * The command pipeline over several streams of one organisation, committed together or not at all
 * (`appendMany`): plan (load what is decided on) -> decide each stream -> append every stream at
 * the version it was loaded at -> wait for the read models. A conflict plans again, a few times; a
 * retried command id answers every stream's first result without planning. The look-up of the
 * command id goes out with the first plan's stream reads (one statement); the plan is dropped when
 * the command went through already.
 */
export const handleMultiStream = async (
  ctx: AppContext,
  request: {
    readonly orgId: string;
    readonly metadata: CommandMetadata;
    readonly plan: () => Promise<MultiStreamPlan>;
    readonly readModels: readonly string[];
  },
): Promise<{ result: MultiAppendResult; consistent: boolean }> => {
  const { orgId, metadata, readModels } = request;
  const looked = ctx.store.commandResult(orgId, metadata.commandId);
  let planned: Promise<MultiStreamPlan> | undefined = request.plan();
  planned.catch(() => undefined);
  if (await looked) {
    const previous = await ctx.store.commandParts(orgId, metadata.commandId);
    if (previous)
      return { result: previous, consistent: await awaitReadModels(ctx, orgId, previous, readModels) };
  }
  for (let attempt = 1; ; attempt++) {
    const plan = await (planned ?? request.plan());
    planned = undefined;
    const parts = (numbers: Numbers) =>
      plan.streams.map((s) => ({
        streamId: s.streamId,
        expected: s.version === 0 ? ("no_stream" as const) : s.version,
        events: s.decide(numbers),
      }));
    const limits = plan.limits && Object.fromEntries(Object.entries(plan.limits).map(([n, l]) => [n, l.max]));
    try {
      const result = await ctx.store.appendMany(orgId, plan.counters ? parts : parts({}), {
        metadata,
        ...(plan.guards && { guards: plan.guards }),
        ...(plan.counters && { counters: plan.counters }),
        ...(limits && { limits }),
        ...(plan.bulk && { templates: false }),
      });
      return { result, consistent: await awaitReadModels(ctx, orgId, result, readModels) };
    } catch (error) {
      if (error instanceof CounterLimitError) {
        const refusal = plan.limits?.[error.counter]?.refusal;
        if (refusal) throw refusal();
      }
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
};
