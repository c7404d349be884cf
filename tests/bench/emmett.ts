import { randomUUID } from "node:crypto";
// A dependency of @event-driven-io/emmett-postgresql (through pongo): the pool Emmett runs on, whose
// `execute` its own readMessagesBatch (the read its consumers poll with) takes.
import { dumbo, rawSql } from "@event-driven-io/dumbo";
import { type Event, STREAM_DOES_NOT_EXIST } from "@event-driven-io/emmett";
import {
  getPostgreSQLEventStore,
  type PostgresEventStore,
  readMessagesBatch,
} from "@event-driven-io/emmett-postgresql";
import {
  type BenchConfig,
  concurrently,
  measure,
  type OrganisationCreatedData,
  organisationCreated,
  type Rate,
  timed,
} from "./common.ts";

export type EmmettResults = {
  readonly commandsOne: Rate;
  readonly commandsMany: Rate;
  readonly batches: Rate;
  readonly read: Rate;
  /** Events in the log when it was read (the read may return fewer: see the report). */
  readonly logEvents: number;
};

type Meta = { commandId: string; at: string; userId: string };
type Created = Event<"OrganisationCreated", OrganisationCreatedData, Meta>;
type Renamed = Event<"OrganisationRenamed", { name: string; previousName: string }, Meta>;
type Line = Event<"BenchLineRecorded", OrganisationCreatedData, Meta>;

const metadata = (): Meta => ({ commandId: randomUUID(), at: new Date().toISOString(), userId: "bench" });

/** The same command mix as Registre's: create an organisation, then rename it, and so on. */
const commandWriter = (store: PostgresEventStore) => {
  let last: { orgId: string; name: string } | undefined;
  let n = 0;
  return async (): Promise<void> => {
    n++;
    if (last === undefined) {
      const orgId = randomUUID();
      const data = organisationCreated(orgId, n);
      const event: Created = { type: "OrganisationCreated", data, metadata: metadata() };
      await store.appendToStream<Created>(`org-${orgId}`, [event], {
        expectedStreamVersion: STREAM_DOES_NOT_EXIST,
      });
      last = { orgId, name: data.name };
      return;
    }
    const { orgId, name } = last;
    const event: Renamed = {
      type: "OrganisationRenamed",
      data: { name: `${name} (renommée)`, previousName: name },
      metadata: metadata(),
    };
    await store.appendToStream<Renamed>(`org-${orgId}`, [event], { expectedStreamVersion: 1n });
    last = undefined;
  };
};

const commands = async (store: PostgresEventStore, writers: number, ops: number): Promise<number> => {
  const perWriter = Array.from({ length: writers }, () => commandWriter(store));
  await concurrently(writers, ops, async (w) => {
    const next = perWriter[w];
    if (!next) throw new Error(`no writer ${w}`);
    await next();
  });
  return ops;
};

const batches = async (store: PostgresEventStore, appends: number, size: number): Promise<number> => {
  const orgId = randomUUID();
  for (let a = 0; a < appends; a++) {
    const meta = metadata();
    const events: Line[] = Array.from({ length: size }, (_, i) => ({
      type: "BenchLineRecorded",
      data: organisationCreated(orgId, a * size + i),
      metadata: meta,
    }));
    await store.appendToStream<Line>(`ledger-${randomUUID()}`, events, {
      expectedStreamVersion: STREAM_DOES_NOT_EXIST,
    });
  }
  return appends * size;
};

export const runEmmett = async (
  url: string,
  config: BenchConfig,
  log: (line: string) => void,
): Promise<EmmettResults> => {
  const pool = dumbo({ connectionString: url });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { dumbo: pool } });
  try {
    await store.schema.migrate();
    const commandsOne = await measure(config, config.singleOps, (ops) => commands(store, 1, ops));
    log(`emmett single-event commands, 1 writer: ${commandsOne.perSecond.toFixed(0)} events/s`);
    const commandsMany = await measure(config, config.concurrentOps, (ops) =>
      commands(store, config.writers, ops),
    );
    log(
      `emmett single-event commands, ${config.writers} writers: ${commandsMany.perSecond.toFixed(0)} events/s`,
    );

    await pool.execute.command(rawSql("vacuum analyze emt_messages"));
    const counted = await pool.execute.query<{ n: string }>(
      rawSql("select count(*)::text as n from emt_messages"),
    );
    const logEvents = Number(counted.rows[0]?.n ?? 0);
    const readAll = async (): Promise<number> => {
      let after = 0n;
      let total = 0;
      for (;;) {
        const batch = await readMessagesBatch(pool.execute, { after, batchSize: config.readPage });
        for (const m of batch.messages) if (typeof m.data !== "object") throw new Error("jsonb not decoded");
        total += batch.messages.length;
        after = batch.currentGlobalPosition;
        if (!batch.areMessagesLeft) return total;
      }
    };
    await readAll(); // warm-up: the whole log once, discarded
    const read = await timed(readAll);
    log(
      `emmett readMessagesBatch: ${read.perSecond.toFixed(0)} events/s, ${read.count} of ${logEvents} events`,
    );

    const batchRate = await measure(config, config.batchOps, (ops) => batches(store, ops, config.batchSize));
    log(`emmett ${config.batchSize}-event appends: ${batchRate.perSecond.toFixed(0)} events/s`);
    return { commandsOne, commandsMany, batches: batchRate, read, logEvents };
  } finally {
    await store.close();
  }
};
