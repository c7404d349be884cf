import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import {
  compareCheckpoints,
  createEventStore,
  type EventStore,
  START,
  type StoredEvent,
} from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { type CommandPort, type Reactor, reactionMetadata } from "./reactor.ts";
import { createProjectionRunner } from "./runner.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta = (): CommandMetadata => ({
  commandId: randomUUID(),
  at: "2026-11-30T10:00:00.000Z",
  userId: "u1",
});

/** Waits until `check` holds, polling; fails after `ms`. */
const eventually = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("the condition was not met in time");
    await sleep(20);
  }
};

/**
 * The commands of the tests' reactors: each answers a tick by appending `TickAnswered` to the
 * organisation's `answers` stream under the command's id — the store records a command id once, so a
 * command issued again is a duplicate and appends nothing.
 */
const storeCommands = (store: EventStore): CommandPort & { readonly duplicates: () => number } => {
  let duplicates = 0;
  return {
    issue: async ({ orgId, type, data, metadata }) => {
      const result = await store.append(orgId, "answers", "any", [{ type, data }], { metadata });
      if (result.duplicate) duplicates++;
      return { duplicate: result.duplicate };
    },
    duplicates: () => duplicates,
  };
};

/** Answers each tick with one command whose id derives from the reactor and the tick's place in the log. */
const answering = (
  name: string,
  commands: CommandPort,
  hooks: { after?: (events: readonly StoredEvent[]) => Promise<void>; before?: (orgId: string) => void } = {},
): Reactor & { readonly seen: number[] } => {
  const seen: number[] = [];
  return {
    name,
    handles: [name],
    from: "start",
    seen,
    react: async (events) => {
      hooks.before?.(events[0]?.orgId ?? "");
      for (const e of events) {
        seen.push((e.data as { n: number }).n);
        await commands.issue({
          orgId: e.orgId,
          type: "TickAnswered",
          data: { n: (e.data as { n: number }).n },
          metadata: reactionMetadata(name, e, new Date("2026-11-30T10:00:00.000Z")),
        });
      }
      await hooks.after?.(events);
    },
  };
};

describe.each(databaseKinds)("reactors on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  let count = 0;
  const fixture = () => {
    const name = `reactor_${kind}_${++count}`;
    const a = randomUUID();
    const b = randomUUID();
    /** Ticks appended together: one transaction, so one batch of the reactor. */
    const tick = (org: string, ...ns: number[]) =>
      store.append(
        org,
        `ticks-${name}`,
        "any",
        ns.map((n) => ({ type: name, data: { n } })),
        { metadata: meta() },
      );
    /** The ticks answered in the organisation's log: once each, whatever was replayed. */
    const answers = async (org: string) =>
      (await store.readStream(org, "answers")).map((e) => (e.data as { n: number }).n);
    const checkpoint = async () =>
      (
        await sql<{ at: string }>`
          select tx_id::text || '/' || position as at from projections where name = ${name}`.execute(
          database.db,
        )
      ).rows[0]?.at;
    return { name, a, b, tick, answers, checkpoint };
  };

  it("issues nothing twice when restarted after its reactions and before its checkpoint", async () => {
    const f = fixture();
    const commands = storeCommands(store);
    // The first runner reacts, then stops dead before moving its checkpoint (a crash, a killed process).
    let crashed: (() => void) | undefined;
    const reactor = answering(f.name, commands, {
      after: () => (crashed ? Promise.resolve() : new Promise<void>((resolve) => (crashed = resolve))),
    });
    const first = createProjectionRunner(database, store, [], { reactors: [reactor], batchSize: 100 });
    await first.setup();
    const before = await f.checkpoint();
    const ticks = (await f.tick(f.a, 1, 2, 3)).checkpoint;
    const draining = first.drain([f.name]);
    await eventually(() => crashed !== undefined);
    expect(await f.answers(f.a)).toEqual([1, 2, 3]);
    // Not past the ticks: the runner may have moved it over the log before them (on PostgreSQL a
    // transaction of another database holding the snapshot's xmin back makes a first read end there).
    const [txId, position] = String(await f.checkpoint()).split("/");
    expect(compareCheckpoints({ txId: txId ?? "", position: Number(position) }, ticks ?? START)).toBeLessThan(
      0,
    );

    // Restarted: the same events are given again; their commands are found done, none appended twice.
    const restarted = createProjectionRunner(database, store, [], { reactors: [reactor], batchSize: 100 });
    await restarted.drain([f.name]);
    expect(reactor.seen).toEqual([1, 2, 3, 1, 2, 3]);
    expect(commands.duplicates()).toBe(3);
    expect(await f.answers(f.a)).toEqual([1, 2, 3]);
    expect(await f.checkpoint()).not.toBe(before);

    // The first runner wakes: its compare-and-set loses, it reads on from the new checkpoint, does nothing.
    crashed?.();
    await draining;
    expect(reactor.seen).toEqual([1, 2, 3, 1, 2, 3]);
    expect(await f.answers(f.a)).toEqual([1, 2, 3]);
    const [status] = await restarted.status();
    expect(status).toMatchObject({ name: f.name, kind: "reactor", status: "running", failures: [] });
  });

  it("gives a batch again whole when the database goes mid-batch, issuing nothing twice", async () => {
    const f = fixture();
    const commands = storeCommands(store);
    const lost: string[] = [];
    // The second tick's reaction meets the database shutting down, after the first tick's command went.
    let shutdowns = 1;
    const reactor = answering(f.name, {
      issue: async (command) => {
        if ((command.data as { n: number }).n === 2 && shutdowns-- > 0)
          throw Object.assign(new Error("terminating connection due to administrator command"), {
            code: "57P01",
          });
        return commands.issue(command);
      },
    });
    const runner = createProjectionRunner(database, store, [], {
      reactors: [reactor],
      pollMs: 20,
      retryMs: { first: 20, max: 50 },
      onDatabase: (state) => lost.push(state),
    });
    await runner.start();
    try {
      await f.tick(f.a, 1, 2, 3);
      await eventually(async () => (await f.answers(f.a)).length === 3);
      expect(await f.answers(f.a)).toEqual([1, 2, 3]);
      expect(reactor.seen.slice(0, 2)).toEqual([1, 2]);
      // The first tick's command, issued before the database went, was found done the second time.
      expect(reactor.seen).toEqual([1, 2, 1, 2, 3]);
      expect(commands.duplicates()).toBe(1);
      expect(lost[0]).toBe("lost");
      await eventually(() => lost.includes("back"));
      expect((await runner.status())[0]?.failures).toEqual([]);
    } finally {
      await runner.stop();
    }
  });

  it("confines a failure to its organisation, tries it again with back-off, shows it, and resumes", async () => {
    const f = fixture();
    const commands = storeCommands(store);
    const reported: (string | undefined)[] = [];
    // The outside world refuses A (its platform is down); B is answered.
    let refuseA = true;
    const reactor = answering(f.name, commands, {
      before: (orgId) => {
        if (orgId === f.a && refuseA) throw new Error(`the platform refused organisation ${orgId}`);
      },
    });
    const runner = createProjectionRunner(database, store, [], {
      reactors: [reactor],
      pollMs: 20,
      reactorRetryMs: { first: 40, max: 160 },
      onError: (_name, _error, orgId) => reported.push(orgId),
    });
    await runner.start();
    try {
      await f.tick(f.a, 1);
      await f.tick(f.b, 1);
      await f.tick(f.a, 2);
      await f.tick(f.b, 2);
      await eventually(async () => (await f.answers(f.b)).length === 2);
      expect(await f.answers(f.b)).toEqual([1, 2]);
      expect(await f.answers(f.a)).toEqual([]);

      // Seen from outside like a stopped read model, with when it tries again; tried again, later each time.
      await eventually(async () => ((await runner.status())[0]?.failures[0]?.attempts ?? 0) >= 4);
      const [status] = await runner.status();
      expect(status).toMatchObject({ name: f.name, kind: "reactor", status: "degraded" });
      const [failure] = status?.failures ?? [];
      expect(failure).toMatchObject({ orgId: f.a });
      expect(failure?.error).toContain("the platform refused organisation");
      const waited = (failure?.retryAt?.getTime() ?? 0) - (failure?.failedAt.getTime() ?? 0);
      expect(waited).toBe(Math.min(160, 40 * 2 ** ((failure?.attempts ?? 1) - 1)));
      expect(reported.every((org) => org === f.a)).toBe(true);

      // B goes on meanwhile; A's new events are held, not skipped.
      await f.tick(f.b, 3);
      await f.tick(f.a, 3);
      await eventually(async () => (await f.answers(f.b)).length === 3);
      expect(await f.answers(f.a)).toEqual([]);

      // The platform is back: the next retry answers A's events, in order, once each.
      refuseA = false;
      await eventually(async () => (await f.answers(f.a)).length === 3);
      await eventually(async () => (await runner.status())[0]?.status === "running");
      expect(await f.answers(f.a)).toEqual([1, 2, 3]);
      await f.tick(f.a, 4);
      await eventually(async () => (await f.answers(f.a)).length === 4);
      expect(await f.answers(f.a)).toEqual([1, 2, 3, 4]);
      expect(await f.answers(f.b)).toEqual([1, 2, 3]);
    } finally {
      await runner.stop();
    }
  });

  it("resumes an organisation by hand, before its next try", async () => {
    const f = fixture();
    const commands = storeCommands(store);
    let refuseA = true;
    const reactor = answering(f.name, commands, {
      before: (orgId) => {
        if (orgId === f.a && refuseA) throw new Error("refused");
      },
    });
    // Its next try an hour away: only `resume` can clear it within the test.
    const runner = createProjectionRunner(database, store, [], {
      reactors: [reactor],
      reactorRetryMs: { first: 3_600_000, max: 3_600_000 },
    });
    await runner.setup();
    await f.tick(f.a, 1);
    await f.tick(f.b, 1);
    await f.tick(f.a, 2);
    await runner.drain();
    expect(await f.answers(f.b)).toEqual([1]);
    expect((await runner.status())[0]?.failures.map((x) => x.orgId)).toEqual([f.a]);
    // A retry that fails again keeps the failure, at the same event, one attempt more.
    expect(await runner.resume(f.name, f.a)).toMatchObject({ resumed: [], failed: [{ orgId: f.a }] });
    expect((await runner.status())[0]?.failures[0]?.attempts).toBe(2);
    refuseA = false;
    expect(await runner.resume(f.name, f.a)).toEqual({ resumed: [f.a], failed: [] });
    expect(await f.answers(f.a)).toEqual([1, 2]);
    expect((await runner.status())[0]).toMatchObject({ status: "running", failures: [] });
    // A rebuild is a projector's: a reactor has no read model.
    await expect(runner.rebuild(f.name)).rejects.toThrow(/reactor/);
  });
});
