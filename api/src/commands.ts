import type { CommandMetadata, Decider, DomainEvent } from "@registre/core";
import { type AppendResult, ConcurrencyError } from "@registre/store";
import type { AppContext } from "./context.ts";

export type CommandRequest<Command, Event extends DomainEvent, State> = {
  readonly orgId: string;
  readonly streamId: string;
  readonly decider: Decider<Command, Event, State>;
  /** Decided in order on the evolving state and appended together, or not at all. */
  readonly commands: readonly Command[];
  readonly metadata: CommandMetadata;
  /** The read models the answer reads: the response waits until they include the new events. */
  readonly readModels: readonly string[];
};

export type CommandOutcome<Event, State> = {
  readonly result: AppendResult;
  readonly events: readonly Event[];
  readonly state: State;
  /** False when a read model did not catch up in time: the answer may not show the change yet. */
  readonly consistent: boolean;
};

const MAX_ATTEMPTS = 4;

/**
 * The command pipeline: load the stream -> decide -> append at the loaded version -> wait for the
 * read models. A version conflict is decided again on the fresh state a few times, then surfaces
 * as 409. A retried command id answers its first result without deciding again.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State>(
  ctx: AppContext,
  request: CommandRequest<Command, Event, State>,
): Promise<CommandOutcome<Event, State>> => {
  const { decider, orgId, streamId } = request;
  const load = async () => {
    const stored = await ctx.store.readStream(orgId, streamId);
    const state = stored.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
    return { state, version: stored.at(-1)?.version ?? 0 };
  };
  const previous = await ctx.store.commandResult(orgId, request.metadata.commandId);
  if (previous) return { result: previous, events: [], state: (await load()).state, consistent: true };

  for (let attempt = 1; ; attempt++) {
    const { state, version } = await load();
    let next = state;
    const events: Event[] = [];
    for (const command of request.commands) {
      const produced = decider.decide(command, next);
      events.push(...produced);
      next = produced.reduce(decider.evolve, next);
    }
    try {
      const result = await ctx.store.append(orgId, streamId, version === 0 ? "no_stream" : version, events, {
        metadata: request.metadata,
      });
      const consistent = result.checkpoint
        ? await ctx.runner.waitFor(result.checkpoint, request.readModels)
        : true;
      return { result, events, state: next, consistent };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
};
