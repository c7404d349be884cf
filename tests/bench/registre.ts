import { randomUUID } from "node:crypto";
import { allProjectors, createProjectionRunner } from "@registre/projections";
import {
  type Checkpoint,
  createEventStore,
  type Database,
  type EventStore,
  migrateToLatest,
  type NewEvent,
  openDatabase,
  START,
} from "@registre/store";
import { type BenchConfig, concurrently, organisationCreated } from "./common.ts";

const metadata = () => ({ commandId: randomUUID(), at: new Date().toISOString(), userId: "bench" });

/**
 * One writer's commands: it creates an organisation (a new stream, "no_stream"), then renames the
 * one it created last (an existing stream, expected version 1), and so on: half new, half existing.
 */
const commandWriter = (store: EventStore) => {
  let last: { orgId: string; name: string } | undefined;
  let n = 0;
  return async (): Promise<void> => {
    n++;
    if (last === undefined) {
      const orgId = randomUUID();
      const data = organisationCreated(orgId, n);
      await store.append(orgId, `org-${orgId}`, "no_stream", [{ type: "OrganisationCreated", data }], {
        metadata: metadata(),
      });
      last = { orgId, name: data.name };
      return;
    }
    const { orgId, name } = last;
    const renamed = { name: `${name} (renommée)`, previousName: name };
    await store.append(orgId, `org-${orgId}`, 1, [{ type: "OrganisationRenamed", data: renamed }], {
      metadata: metadata(),
    });
    last = undefined;
  };
};

const commands = async (store: EventStore, writers: number, ops: number): Promise<number> => {
  const perWriter = Array.from({ length: writers }, () => commandWriter(store));
  await concurrently(writers, ops, async (w) => {
    const next = perWriter[w];
    if (!next) throw new Error(`no writer ${w}`);
    await next();
  });
  return ops;
};

/** 100-event appends, each to a new stream of one organisation, one writer. */
const batches = async (store: EventStore, appends: number, size: number): Promise<number> => {
  const orgId = randomUUID();
  for (let a = 0; a < appends; a++) {
    const events: NewEvent[] = Array.from({ length: size }, (_, i) => ({
      type: "BenchLineRecorded",
      data: organisationCreated(orgId, a * size + i),
    }));
    await store.append(orgId, `ledger-${randomUUID()}`, "no_stream", events, { metadata: metadata() });
  }
  return appends * size;
};

/** readAll from START to the end of the log; answers the events read (decoded by the store). */
const readEverything = async (store: EventStore, page: number): Promise<number> => {
  let checkpoint: Checkpoint = START;
  let total = 0;
  for (;;) {
    const batch = await store.readAll(checkpoint, { limit: page });
    total += batch.events.length;
    checkpoint = batch.checkpoint;
    if (!batch.full) return total;
  }
};

/** Registre's real store and projection runner on a freshly migrated database. */
export type RegistreBench = {
  readonly database: Database;
  readonly store: EventStore;
  /** Single-event commands over `writers` writers (see `commandWriter`). */
  readonly commands: (writers: number, ops: number) => Promise<number>;
  readonly batches: (appends: number) => Promise<number>;
  readonly read: () => Promise<number>;
  /** Rebuilds one projector over the whole log; answers the events it applied. */
  readonly rebuild: (name: string) => Promise<number>;
  readonly events: () => Promise<number>;
  readonly vacuum: () => Promise<void>;
  readonly close: () => Promise<void>;
};

export const openRegistre = async (url: string, config: BenchConfig): Promise<RegistreBench> => {
  const database = await openDatabase({ url, maxConnections: config.writers + 2 });
  const client = database.postgres;
  if (!client) throw new Error("the benchmark needs a PostgreSQL server");
  // Kysely<StoreSchema & …> does not narrow to Kysely<unknown> under this compiler: the migrator needs no schema.
  await migrateToLatest(database.db as unknown as Parameters<typeof migrateToLatest>[0]);
  const store = createEventStore(database);
  const runner = createProjectionRunner(database, store, allProjectors);
  await runner.setup();
  return {
    database,
    store,
    commands: (writers, ops) => commands(store, writers, ops),
    batches: (appends) => batches(store, appends, config.batchSize),
    read: () => readEverything(store, config.readPage),
    rebuild: async (name) => (await runner.rebuild(name)).events,
    events: async () => {
      const [row] = await client<{ n: string }[]>`select count(*)::text as n from events`;
      return Number(row?.n ?? 0);
    },
    vacuum: async () => {
      await client`vacuum analyze events`;
    },
    close: () => database.close(),
  };
};
