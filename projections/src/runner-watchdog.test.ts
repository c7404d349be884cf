import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { createEventStore, type EventStore, type ReadAllOptions } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import type { Projector } from "./projector.ts";
import { createProjectionRunner } from "./runner.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta = (): CommandMetadata => ({
  commandId: randomUUID(),
  at: "2026-11-29T10:00:00.000Z",
  userId: "u1",
});

/** One row per tick: a tick applied twice would break the primary key. */
const tickProjector = (name: string): Projector => ({
  name,
  version: 1,
  handles: [name],
  tables: [{ name, columns: "org_id uuid not null, n integer not null, primary key (org_id, n)" }],
  apply: async (db, events, table) => {
    for (const e of events)
      await db
        .insertInto(table(name))
        .values({ org_id: e.orgId, n: (e.data as { n: number }).n })
        .execute();
  },
});

/**
 * The runner's watchdog, without a database restart: a projector whose catch-up loop waits on a
 * promise that never settles (as a statement of a dead connection did, issue 21) is reported stalled
 * in the runner's status, its loop is started again, and it reaches the log's head; the stuck loop,
 * should it wake later, changes nothing.
 */
describe.each(databaseKinds)("the projection runner's watchdog on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("reports a projector whose loop is stuck as stalled, restarts its loop, and it catches up", async () => {
    const name = `watched_${kind}`;
    const other = `unwatched_${kind}`;
    // The log reads of `name`'s catch-up never answer, twice: the first loop and the first
    // restarted one are stuck; they are let go (and answer) at the end.
    const stuck: (() => void)[] = [];
    let hangs = 2;
    const hanging: EventStore = {
      ...store,
      readAll: async (after, options: ReadAllOptions = {}) => {
        if (hangs > 0 && options.types?.includes(name)) {
          hangs--;
          await new Promise<void>((resolve) => stuck.push(resolve));
        }
        return store.readAll(after, options);
      },
    };
    const org = randomUUID();
    const stalls: [string, string][] = [];
    const errors: unknown[] = [];
    const runner = createProjectionRunner(database, hanging, [tickProjector(name), tickProjector(other)], {
      stallMs: 400,
      watchMs: 50,
      pollMs: 100,
      onStall: (n, state) => stalls.push([n, state]),
      onError: (_n, error) => errors.push(error),
    });
    await runner.setup();
    for (let n = 1; n <= 5; n++)
      await store.append(org, `t-${n}`, "no_stream", [{ type: n % 2 ? name : other, data: { n } }], {
        metadata: meta(),
      });
    await runner.start();
    try {
      // The other projector goes on; this one stays where it was, and is reported stalled.
      const seen = new Set<string>();
      const deadline = Date.now() + 15_000;
      for (;;) {
        const status = await runner.status();
        const mine = status.find((s) => s.name === name);
        if (mine) seen.add(mine.status);
        if (seen.has("stalled") && mine?.status === "running" && mine.lag === 0) break;
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(25);
      }
      expect(stalls[0]).toEqual([name, "stalled"]);
      expect(stalls).toContainEqual([name, "moving"]);
      expect(stalls.some(([n]) => n === other)).toBe(false);
      // Its loop was started again twice: the first restarted one was stuck too.
      expect(stuck).toHaveLength(2);
      const rows = async (table: string) =>
        (await database.db.selectFrom(table).select("n").orderBy("n").execute()).map((r) => r.n as number);
      expect(await rows(name)).toEqual([1, 3, 5]);
      expect(await rows(other)).toEqual([2, 4]);
      // The stuck loops wake: they stop at their next step, nothing is applied twice.
      for (const resolve of stuck) resolve();
      await sleep(300);
      await store.append(org, "t-7", "no_stream", [{ type: name, data: { n: 7 } }], { metadata: meta() });
      expect(await runner.waitFor(await store.head(), [name, other], org, 5000)).toBe(true);
      expect(await rows(name)).toEqual([1, 3, 5, 7]);
      expect(errors).toEqual([]);
      // Both at the head (a checkpoint moved over other types' events is written within a second).
      const settled = Date.now() + 5000;
      for (;;) {
        const status = (await runner.status()).map((s) => [s.name, s.status, s.lag]);
        if (Date.now() > settled || status.every(([, state, lag]) => state === "running" && lag === 0)) {
          expect(status).toEqual([
            [name, "running", 0],
            [other, "running", 0],
          ]);
          break;
        }
        await sleep(50);
      }
    } finally {
      await runner.stop();
    }
  });
});
