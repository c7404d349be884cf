import { type Database, openDatabase } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { createSchedule, readSchedule, type ScheduledJob, withJobLock } from "./schedule.ts";

const HOUR = 3_600_000;

/** The advisory locks of the schedule's key held now, by any session. */
const locksHeld = async (database: Pick<Database, "db">, name: string) =>
  (
    await sql<{ n: number }>`
      select count(*)::int8 as n from pg_locks
      where locktype = 'advisory' and classid = hashtext('registre')::oid and objid = hashtext(${name})::oid
        and granted`.execute(database.db)
  ).rows[0]?.n;

describe.each(databaseKinds)("the schedule on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  let now = new Date("2026-11-30T10:00:00.000Z");
  const clock = () => now;
  let count = 0;
  /** A job that runs every hour, counting its runs; `failing` makes it throw, `gate` holds it running. */
  const job = (overrides: Partial<ScheduledJob> = {}) => {
    const state = { runs: 0, failing: false, gate: undefined as Promise<void> | undefined };
    const j: ScheduledJob = {
      name: `job_${kind}_${++count}`,
      next: (startedAt) => new Date(startedAt.getTime() + HOUR),
      run: async () => {
        state.runs++;
        await state.gate;
        if (state.failing) throw new Error("the outside world is down");
        return `run ${state.runs}`;
      },
      ...overrides,
    };
    return { job: j, state };
  };
  const row = async (name: string) => (await readSchedule(database)).find((r) => r.name === name);

  it("runs a job when due, records its last run and its next, and tries a failed run again sooner", async () => {
    const { job: j, state } = job({ retryInMs: 10 * 60_000 });
    const schedule = createSchedule(database, [j], { clock });
    await schedule.register();
    expect(await row(j.name)).toMatchObject({
      nextRunAt: new Date(now.getTime() + 60_000),
      lastStartedAt: null,
      lastOutcome: null,
      runs: 0,
      running: false,
    });
    // Not due yet.
    expect(await schedule.tick()).toEqual({});
    now = new Date(now.getTime() + 61_000);
    const started = now;
    expect(await schedule.tick()).toEqual({ [j.name]: "ran" });
    expect(await row(j.name)).toMatchObject({
      lastStartedAt: started,
      lastOutcome: "ok",
      lastSummary: "run 1",
      lastError: null,
      runs: 1,
      failures: 0,
      nextRunAt: new Date(started.getTime() + HOUR),
      running: false,
    });
    // Ran: not due again before its next run. Registering again keeps the row.
    await schedule.register();
    expect(await schedule.tick()).toEqual({});
    expect(state.runs).toBe(1);

    now = new Date(now.getTime() + HOUR);
    state.failing = true;
    const failedAt = now;
    expect(await schedule.tick()).toEqual({ [j.name]: "failed" });
    expect(await row(j.name)).toMatchObject({
      lastOutcome: "failed",
      lastError: "the outside world is down",
      runs: 2,
      failures: 1,
      nextRunAt: new Date(failedAt.getTime() + 10 * 60_000),
    });
  });

  it("runs a job on one server at a time: the other is refused its lock, then finds it run", async () => {
    const { job: j, state } = job({ firstRunInMs: 0 });
    let release: () => void = () => {};
    state.gate = new Promise<void>((resolve) => (release = resolve));
    // A second server over the same database (PostgreSQL: its own pool; PGlite: one process, a second schedule).
    const other =
      kind === "postgres" ? await openDatabase({ url: database.url, maxConnections: 2 }) : database;
    try {
      const here = createSchedule(database, [j], { clock });
      const there = createSchedule(other, [j], { clock });
      await here.register();
      const running = here.tick();
      await expect.poll(() => state.runs).toBe(1);
      expect((await row(j.name))?.running).toBe(true);
      // The lock is a PostgreSQL advisory lock, on PGlite too.
      expect(await locksHeld(database, j.name)).toBe(1);
      expect(await there.tick()).toEqual({ [j.name]: "skipped" });
      release();
      expect(await running).toEqual({ [j.name]: "ran" });
      expect(await locksHeld(database, j.name)).toBe(0);
      // Its row moved its next run: the other server, given the lock now, does not run it again.
      expect(await there.tick()).toEqual({});
      expect(state.runs).toBe(1);
    } finally {
      if (other !== database) await other.close();
    }
  });

  it("refuses a job's lock held elsewhere, and runs nothing meanwhile", async () => {
    const name = `locked_${kind}`;
    let ran = false;
    const inner = await withJobLock(database, name, () =>
      withJobLock(database, name, async () => (ran = true)),
    );
    expect(inner).toBeNull();
    expect(ran).toBe(false);
    if (kind === "postgres") {
      // Another server's session holds it.
      const other = database.dedicated?.();
      if (!other) throw new Error("a PostgreSQL database opens dedicated connections");
      try {
        await other`select pg_advisory_lock(hashtext('registre'), hashtext(${name}))`;
        expect(await withJobLock(database, name, async () => (ran = true))).toBeNull();
        expect(ran).toBe(false);
      } finally {
        await other.end();
      }
    }
    expect(await withJobLock(database, name, async () => "done")).toBe("done");
  });

  it("starts and stops with the server, running what is due on its ticks", async () => {
    const { job: j, state } = job({ firstRunInMs: 0 });
    const lines: string[] = [];
    const schedule = createSchedule(database, [j], { clock, tickMs: 20, log: (line) => lines.push(line) });
    await schedule.start();
    await expect.poll(() => state.runs).toBe(1);
    await schedule.stop();
    expect(lines).toContain(`${j.name}: run 1`);
  });
});
