/** An event as the domain produces it: a past-tense fact with its data. */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  readonly type: Type;
  readonly data: Data;
};

/** Who did what, when: supplied by the shell, never read from a clock or a random source here. */
export type CommandMetadata = {
  readonly commandId: string;
  readonly at: string; // ISO-8601 UTC instant
  readonly userId?: string | undefined;
  readonly correlationId?: string | undefined;
  readonly causationId?: string | undefined;
};

/** A refused command: a stable i18n code and the values its message needs. */
export class DomainError extends Error {
  override readonly name = "DomainError";
  constructor(
    readonly code: string,
    readonly params: Readonly<Record<string, string | number>> = {},
    readonly status: 404 | 409 | 422 = 422,
  ) {
    super(code);
  }
}

export type Decider<Command, Event extends DomainEvent, State> = {
  readonly decide: (command: Command, state: State) => readonly Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: () => State;
  /**
   * Optional: many events folded at once, equal to `events.reduce(evolve, state)` but cheaper where
   * evolving one event at a time copies a large state each time (a chart of thousands of accounts).
   */
  readonly foldEvents?: (state: State, events: readonly Event[]) => State;
};

export const fold = <Event, State>(
  evolve: (state: State, event: Event) => State,
  initial: State,
  events: readonly Event[],
): State => events.reduce(evolve, initial);

/** Exhaustiveness guard for switches over tagged unions. */
export const unreachable = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
};
