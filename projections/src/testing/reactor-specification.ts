import { randomUUID } from "node:crypto";
import { createEventStore, type Database, type StoredEvent } from "@registre/store";
import { sql } from "kysely";
import { expect } from "vitest";
import type { CommandPort, IssuedCommand, Reactor } from "../reactor.ts";
import { createProjectionRunner } from "../runner.ts";
import type { GivenEvent } from "./projector-specification.ts";

/** A command as a reactor specification states it: the organisation, the type, the data and the derived id. */
export type ExpectedCommand = {
  readonly orgId: string;
  readonly type: string;
  readonly data: unknown;
  readonly commandId: string;
};

/** A call a reactor made to a port of the outside world: the port's name, the method, its arguments. */
export type PortCall = { readonly port: string; readonly method: string; readonly args: readonly unknown[] };

/** What the reactor is expected to have done: the commands (for the events' organisations) and the calls. */
export type ExpectedReactions = {
  readonly commands?: readonly ExpectedCommand[];
  readonly calls?: readonly PortCall[];
};

/** What a specification hands the reactor it builds: doubles that record what the reactor does. */
export type ReactorDoubles = {
  /** Records each command; a command id seen before answers `duplicate`, as the store does. */
  readonly commands: CommandPort;
  /** Wraps a port's double (its methods answer as the test wants) so that every call is recorded. */
  readonly port: <T extends object>(name: string, double: T) => T;
};

const asExpected = (c: IssuedCommand): ExpectedCommand => ({
  orgId: c.orgId,
  type: c.type,
  data: c.data,
  commandId: c.metadata.commandId,
});

/**
 * `given(events).then({ commands, calls })` for a reactor, against a real database, beside the
 * projector's specification: the events are appended to the log, the reactor follows it in small
 * batches, and the commands it issued (for those events' organisations) and the calls it made to its
 * ports are exactly the expected ones, in order. Then the runner is started afresh with the reactor's
 * checkpoint put back before the events — a replay, as after a crash between a reaction and its
 * checkpoint —, and the reactor must issue the very same commands (the same ids: the store would answer
 * each a duplicate, so nothing is issued twice) and make the same calls (the same idempotency keys).
 * For tests only (`@registre/projections/testing`): it asserts with Vitest.
 */
export const reactorSpecification = (
  database: Database,
  build: (doubles: ReactorDoubles) => Reactor,
  options = { batchSize: 2 },
) => {
  const store = createEventStore(database);
  const issued: IssuedCommand[] = [];
  const calls: PortCall[] = [];
  const seen = new Set<string>();
  const commands: CommandPort = {
    issue: async (command) => {
      issued.push(command);
      const duplicate = seen.has(command.metadata.commandId);
      seen.add(command.metadata.commandId);
      return { duplicate };
    },
  };
  const port = <T extends object>(name: string, double: T): T =>
    new Proxy(double, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push({ port: name, method: String(key), args });
          return value.apply(target, args);
        };
      },
    });
  const reactor = build({ commands, port });
  const runner = () => createProjectionRunner(database, store, [], { ...options, reactors: [reactor] });
  let live = runner();
  let setUp: Promise<void> | undefined;
  const checkpoint = async () =>
    (
      await sql<{ tx_id: string; position: number }>`
        select tx_id::text as tx_id, position from projections where name = ${reactor.name}`.execute(
        database.db,
      )
    ).rows[0];

  return {
    given: (...events: readonly GivenEvent[]) => ({
      // biome-ignore lint/suspicious/noThenProperty: given/then is the specification's vocabulary; never awaited as a thenable
      then: async (
        expectation: ExpectedReactions | ((appended: readonly StoredEvent[]) => ExpectedReactions),
      ) => {
        setUp ??= live.setup();
        await setUp;
        await live.drain([reactor.name]);
        const before = await checkpoint();
        const [firstCommand, firstCall] = [issued.length, calls.length];
        const appended: StoredEvent[] = [];
        for (const e of events) {
          const { toVersion } = await store.append(
            e.orgId,
            e.streamId,
            "any",
            [{ type: e.type, data: e.data }],
            {
              metadata: { commandId: randomUUID(), at: e.at ?? "2026-01-01T00:00:00.000Z", userId: e.userId },
            },
          );
          appended.push(...(await store.readStream(e.orgId, e.streamId, { fromVersion: toVersion })));
        }
        await live.drain([reactor.name]);
        // The ids a reactor derives depend on the events' places in the log: a function of the appended events.
        const expected = typeof expectation === "function" ? expectation(appended) : expectation;
        const orgs = new Set(events.map((e) => e.orgId));
        const mine = (from: number) => issued.slice(from).filter((c) => orgs.has(c.orgId));
        const reacted = mine(firstCommand);
        expect(reacted.map(asExpected), "the commands issued").toEqual([...(expected.commands ?? [])]);
        expect(calls.slice(firstCall), "the calls to the ports").toEqual([...(expected.calls ?? [])]);
        expect(
          reacted.every((c) => c.metadata.causationId !== undefined),
          "every command names the event's command as its cause",
        ).toBe(true);

        // The replay: a runner started afresh, the checkpoint back before the events.
        const [replayCommand, replayCall] = [issued.length, calls.length];
        await sql`update projections set tx_id = ${before?.tx_id}::xid8, position = ${before?.position},
          failures_version = failures_version + 1 where name = ${reactor.name}`.execute(database.db);
        live = runner();
        await live.drain([reactor.name]);
        const replayed = mine(replayCommand);
        expect(replayed.map(asExpected), "the commands of the replay: the same ids").toEqual(
          reacted.map(asExpected),
        );
        expect(calls.slice(replayCall), "the calls of the replay: the same keys").toEqual(
          calls.slice(firstCall, replayCall),
        );
        expect((await live.status())[0]?.failures ?? [], "no organisation failed").toEqual([]);
      },
    }),
    close: () => live.stop(),
  };
};
