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
  type OrganisationCreatedData,
  organisationCreated,
} from "./common.ts";

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

/** Emmett's PostgreSQL event store on a fresh database (its schema created here). */
export type EmmettBench = {
  readonly commands: (writers: number, ops: number) => Promise<number>;
  readonly batches: (appends: number) => Promise<number>;
  /** readMessagesBatch from the start until it says nothing is left; answers the messages read. */
  readonly read: () => Promise<number>;
  readonly events: () => Promise<number>;
  readonly vacuum: () => Promise<void>;
  readonly close: () => Promise<void>;
};

export const openEmmett = async (url: string, config: BenchConfig): Promise<EmmettBench> => {
  const pool = dumbo({ connectionString: url });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { dumbo: pool } });
  await store.schema.migrate();
  const read = async (): Promise<number> => {
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
  return {
    commands: (writers, ops) => commands(store, writers, ops),
    batches: (appends) => batches(store, appends, config.batchSize),
    read,
    events: async () => {
      const counted = await pool.execute.query<{ n: string }>(
        rawSql("select count(*)::text as n from emt_messages"),
      );
      return Number(counted.rows[0]?.n ?? 0);
    },
    vacuum: async () => {
      await pool.execute.command(rawSql("vacuum analyze emt_messages"));
    },
    close: () => store.close(),
  };
};
