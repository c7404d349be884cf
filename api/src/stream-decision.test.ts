import type { Decider } from "@registre/core";
import { describe, expect, it } from "vitest";
import { streamDecision } from "./commands.ts";

type Event = { type: "Added"; data: { n: number } };
type State = { readonly total: number };

/** A counter whose evolves are counted: each command adds to the total its state shows. */
const counted = () => {
  const calls = { evolve: 0 };
  const decider: Decider<{ type: "Add"; data: { n: number } }, Event, State> = {
    decide: (command, state) => [{ type: "Added", data: { n: state.total + command.data.n } }],
    evolve: (_state, event) => {
      calls.evolve++;
      return { total: event.data.n };
    },
    initialState: () => ({ total: 0 }),
  };
  return { decider, calls };
};

describe("streamDecision", () => {
  it("decides each command on the state the previous ones left, and folds nothing after the last", () => {
    const { decider, calls } = counted();
    const decision = streamDecision("counter-1", decider, { state: { total: 10 }, version: 3 }, () => [
      { type: "Add" as const, data: { n: 1 } },
      { type: "Add" as const, data: { n: 2 } },
      { type: "Add" as const, data: { n: 3 } },
    ]);
    expect(decision.version).toBe(3);
    expect(decision.decide({})).toEqual([
      { type: "Added", data: { n: 11 } },
      { type: "Added", data: { n: 13 } },
      { type: "Added", data: { n: 16 } },
    ]);
    // Two folds, between the commands: a large state (a lettering stream's) is not copied once more.
    expect(calls.evolve).toBe(2);
  });

  it("folds nothing for a single command", () => {
    const { decider, calls } = counted();
    const decision = streamDecision("counter-1", decider, { state: { total: 0 }, version: 0 }, () => [
      { type: "Add" as const, data: { n: 5 } },
    ]);
    expect(decision.decide({})).toEqual([{ type: "Added", data: { n: 5 } }]);
    expect(calls.evolve).toBe(0);
  });
});
