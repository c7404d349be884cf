import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { allProjectors, createProjectionRunner, type Projector } from "@registre/projections";
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

/** The rows of a projector's live generation, as COPY text (one string per table). */
const exportRows = async (database: Database, projector: Projector): Promise<Map<string, Buffer>> => {
  const client = database.postgres;
  const open = database.dedicated;
  if (!client || !open) throw new Error("the anchor needs a PostgreSQL server");
  const [state] = await client<{ generation: number }[]>`
    select generation from projections where name = ${projector.name}`;
  if (!state) throw new Error(`${projector.name} has no state row`);
  const out = new Map<string, Buffer>();
  for (const t of projector.tables) {
    // A connection of its own: postgres.js can leave a shared one paused after COPY TO (porsager/postgres#499).
    const own = open();
    try {
      const parts: Buffer[] = [];
      for await (const chunk of await own.unsafe(`copy ${t.name}_g${state.generation} to stdout`).readable())
        parts.push(chunk as Buffer);
      out.set(t.name, Buffer.concat(parts));
    } finally {
      await own.end({ timeout: 1 });
    }
  }
  return out;
};

/**
 * A rebuild's raw anchor: COPY FROM STDIN of exactly the rows the rebuild wrote into fresh tables with
 * the projector's own columns and indexes (made before the clock starts, and again after each round),
 * in COPYs of 100,000 rows at most; it answers the rebuild's event count, so rates compare.
 */
const copyAnchor = async (
  database: Database,
  projector: Projector,
  events: number,
): Promise<() => Promise<number>> => {
  const client = database.postgres;
  if (!client) throw new Error("the anchor needs a PostgreSQL server");
  const rows = await exportRows(database, projector);
  const target = (name: string) => `bench_copy_${name}`;
  const prepare = async () => {
    for (const t of projector.tables) {
      await client.unsafe(`drop table if exists ${target(t.name)}`);
      await client.unsafe(`create table ${target(t.name)} (${t.columns})`);
      for (const index of t.indexes ?? []) await client.unsafe(index.replaceAll("{table}", target(t.name)));
      for (const group of t.optionalIndexes ?? [])
        await client
          .begin(async (trx) => {
            for (const statement of group) await trx.unsafe(statement.replaceAll("{table}", target(t.name)));
          })
          .catch(() => undefined);
    }
  };
  await prepare();
  return async () => {
    for (const t of projector.tables) {
      const text = rows.get(t.name) ?? Buffer.alloc(0);
      for (let from = 0; from < text.length; ) {
        let to = from;
        for (let k = 0; k < 100_000 && to < text.length; k++) to = text.indexOf(10, to) + 1 || text.length;
        const writable = await client.unsafe(`copy ${target(t.name)} from stdin`).writable();
        await pipeline(Readable.from([text.subarray(from, to)]), writable);
        from = to;
      }
    }
    await prepare();
    return events;
  };
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
  /**
   * The raw anchor of a rebuild: rebuilds once (untimed), takes the rows it wrote (COPY TO, untimed)
   * and answers a contender that COPYs exactly those rows FROM STDIN into fresh tables with the
   * projector's columns and indexes, counting the rebuild's events (see `copyAnchor`).
   */
  readonly rebuildAnchor: (name: string) => Promise<() => Promise<number>>;
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
    rebuildAnchor: async (name) => {
      const { events } = await runner.rebuild(name);
      const projector = allProjectors.find((p) => p.name === name);
      if (!projector) throw new Error(`no projector ${name}`);
      return copyAnchor(database, projector, events);
    },
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
