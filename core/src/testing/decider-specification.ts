import { expect } from "vitest";
import type { Decider, DomainEvent } from "../decider.ts";

type Then<Event> = {
  readonly then: (expected: readonly Event[]) => void;
  readonly thenThrows: (check: (error: unknown) => boolean) => void;
};

/**
 * given(events).when(command).then(events) / .thenThrows(predicate), after Emmett's
 * deciderSpecification: a decider test reads as the rule it checks. For tests only
 * (`@registre/core/testing`): it asserts with Vitest.
 */
export const deciderSpecification = <Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
) => ({
  given: (events: readonly Event[]) => ({
    when: (command: Command): Then<Event> => {
      const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the specification's vocabulary; never awaited
        then: (expected) => {
          // toEqual: a failing rule shows the difference, event by event and field by field.
          expect(run()).toEqual(expected);
        },
        thenThrows: (check) => {
          let thrown: unknown;
          try {
            const produced = run();
            thrown = undefined;
            throw new Error(`Expected an error but got events ${JSON.stringify(produced)}`);
          } catch (error) {
            thrown = error;
          }
          if (thrown instanceof Error && thrown.message.startsWith("Expected an error")) throw thrown;
          if (!check(thrown)) throw new Error(`Unexpected error: ${String(thrown)}`);
        },
      };
    },
  }),
});
