import { type Decider, DomainError, type DomainEvent } from "../../decider.ts";
import type { FecFinding } from "../types.ts";
import type { Sink } from "./findings.ts";

/**
 * The simulated books: the core deciders run on states that are never stored.
 */

export const apply = <C, E extends DomainEvent, S>(decider: Decider<C, E, S>, state: S, command: C): S =>
  decider.decide(command, state).reduce(decider.evolve, state);

/**
 * Runs commands on a simulated aggregate, keeping those the decider accepts and an error for the others.
 * `fold` applies a command's events (by default `evolve` one by one; the chart's adds to its own copy).
 */
export const simulator = <C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  initial: S,
  sink: Sink,
  fold: (state: S, events: readonly E[]) => S = (state, events) => events.reduce(decider.evolve, state),
) => {
  const sim = {
    state: initial,
    commands: [] as C[],
    run: (command: C, onError: (error: DomainError) => FecFinding): boolean => {
      try {
        sim.state = fold(sim.state, decider.decide(command, sim.state));
        sim.commands.push(command);
        return true;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        sink.errors.push(onError(error));
        return false;
      }
    },
  };
  return sim;
};
