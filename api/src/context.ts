import type { ProjectionRunner } from "@registre/projections";
import type { Database, EventStore } from "@registre/store";

/** What the shells hand to every handler: the database, the event store, the projections, the clock and ids. */
export type AppContext = {
  readonly database: Database;
  readonly store: EventStore;
  readonly runner: ProjectionRunner;
  readonly clock: () => Date;
  readonly newId: () => string;
};
