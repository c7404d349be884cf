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
import { type Kysely, sql } from "kysely";
import { type BenchConfig, concurrently, measure, organisationCreated, type Rate, timed } from "./common.ts";

export type RebuildFigure = { readonly name: string; readonly rate: Rate };

export type RegistreResults = {
  readonly commandsOne: Rate;
  readonly commandsMany: Rate;
  readonly batches: Rate;
  readonly read: Rate;
  readonly rebuilds: readonly RebuildFigure[];
  /** Both projectors rebuilt one after the other: every event of the log through both. */
  readonly rebuildAll: Rate;
  /** Events in the log that was read and rebuilt. */
  readonly logEvents: number;
  /** What the run measured about where a command's time goes. */
  readonly notes: readonly string[];
};

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

const logSize = async (database: Database): Promise<number> => {
  const { rows } = await sql<{ n: number }>`select count(*)::int8 as n from events`.execute(database.db);
  return rows[0]?.n ?? 0;
};

export const runRegistre = async (
  url: string,
  config: BenchConfig,
  log: (line: string) => void,
): Promise<RegistreResults> => {
  const database = await openDatabase({ url, maxConnections: config.writers + 2 });
  try {
    // Kysely<StoreSchema & …> does not narrow to Kysely<unknown> under this compiler: the migrator needs no schema.
    await migrateToLatest(database.db as unknown as Kysely<unknown>);
    const store = createEventStore(database);

    const commandsOne = await measure(config, config.singleOps, (ops) => commands(store, 1, ops));
    log(`registre single-event commands, 1 writer: ${commandsOne.perSecond.toFixed(0)} events/s`);
    const commandsMany = await measure(config, config.concurrentOps, (ops) =>
      commands(store, config.writers, ops),
    );
    log(
      `registre single-event commands, ${config.writers} writers: ${commandsMany.perSecond.toFixed(0)} events/s`,
    );

    // The log that is read and rebuilt: the organisations created and renamed above.
    await sql`vacuum analyze events`.execute(database.db);
    const logEvents = await logSize(database);
    await readEverything(store, config.readPage); // warm-up: the whole log once, discarded
    const read = await timed(() => readEverything(store, config.readPage));
    log(`registre readAll: ${read.perSecond.toFixed(0)} events/s over ${read.count} events`);

    const runner = createProjectionRunner(database, store, allProjectors);
    await runner.setup();
    const rebuilds: RebuildFigure[] = [];
    for (const name of ["stream_history", "organisations"]) {
      await runner.rebuild(name); // warm-up: a first rebuild, discarded
      const result = await runner.rebuild(name);
      rebuilds.push({
        name,
        rate: { count: result.events, seconds: result.seconds, perSecond: result.events / result.seconds },
      });
      log(
        `registre rebuild ${name}: ${(result.events / result.seconds).toFixed(0)} events/s over ${result.events}`,
      );
    }
    const seconds = rebuilds.reduce((s, r) => s + r.rate.seconds, 0);
    const rebuildAll: Rate = { count: logEvents, seconds, perSecond: logEvents / seconds };

    const batchRate = await measure(config, config.batchOps, (ops) => batches(store, ops, config.batchSize));
    log(`registre ${config.batchSize}-event appends: ${batchRate.perSecond.toFixed(0)} events/s`);
    return {
      commandsOne,
      commandsMany,
      batches: batchRate,
      read,
      rebuilds,
      rebuildAll,
      logEvents,
      notes: [],
    };
  } finally {
    await database.close();
  }
};
