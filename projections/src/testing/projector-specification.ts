import { randomUUID } from "node:crypto";
import { createEventStore, type Database } from "@registre/store";
import { sql } from "kysely";
import { expect } from "vitest";
import type { Projector } from "../projector.ts";
import { createProjectionRunner } from "../runner.ts";

/** An event as a specification gives it: its stream and organisation, and who did it when. */
export type GivenEvent = {
  readonly orgId: string;
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  /** ISO-8601; 2026-01-01T00:00:00Z when absent. */
  readonly at?: string;
  readonly userId?: string;
};

export type Rows = readonly Record<string, unknown>[];

type ThenOptions = {
  /** The rows of a table the specification is about; by default those of the given events' organisations. */
  readonly only?: (row: Record<string, unknown>) => boolean;
};

/** Rows in a canonical order (their JSON text): the live and rebuilt tables compare whatever their physical order. */
const sorted = (rows: Rows): Rows =>
  [...rows].sort((a, b) => {
    const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });

/**
 * `given(events).then(rows)` for a projector, against a real database (after Emmett's projection
 * specifications): the events are appended to the log, the projector catches up live in small batches
 * (several per specification), and each named table holds exactly the expected rows. Then the
 * projector is rebuilt from the whole log — by COPY on PostgreSQL, INSERTs on PGlite — and every one of
 * its tables must equal, row for row, what the live pass left. For tests only
 * (`@registre/projections/testing`): it asserts with Vitest.
 */
export const projectorSpecification = (
  database: Database,
  projector: Projector,
  options = { batchSize: 2 },
) => {
  const store = createEventStore(database);
  const runner = createProjectionRunner(database, store, [projector], options);
  let setUp: Promise<void> | undefined;
  const everything = async () =>
    Promise.all(
      projector.tables.map(
        async (t) =>
          (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(database.db)).rows,
      ),
    );
  return {
    given: (...events: readonly GivenEvent[]) => ({
      // biome-ignore lint/suspicious/noThenProperty: given/then is the specification's vocabulary; never awaited as a thenable
      then: async (expected: Readonly<Record<string, Rows>>, { only }: ThenOptions = {}) => {
        setUp ??= runner.setup();
        await setUp;
        for (const e of events)
          await store.append(e.orgId, e.streamId, "any", [{ type: e.type, data: e.data }], {
            metadata: { commandId: randomUUID(), at: e.at ?? "2026-01-01T00:00:00.000Z", userId: e.userId },
          });
        await runner.drain([projector.name]);
        const orgs = new Set(events.map((e) => e.orgId));
        const mine = only ?? ((row: Record<string, unknown>) => orgs.has(row.org_id as string));
        for (const [table, rows] of Object.entries(expected)) {
          const { rows: actual } = await sql<
            Record<string, unknown>
          >`select * from ${sql.table(table)}`.execute(database.db);
          // In any order: a specification may leave a value to a matcher (`expect.any(Number)`).
          const found = actual.filter(mine);
          expect(found, `the rows of ${table}`).toEqual(expect.arrayContaining([...rows]));
          expect(found, `the rows of ${table}`).toHaveLength(rows.length);
        }
        const live = (await everything()).map(sorted);
        await runner.rebuild(projector.name);
        expect((await everything()).map(sorted), "the rebuilt tables").toEqual(live);
      },
    }),
    close: () => runner.stop(),
  };
};

/**
 * Texts that break a naive bulk writer: COPY's separators and escape, its end-of-data marker, and
 * unicode from far away (NUL and lone surrogates never reach the log: the API refuses them).
 */
export const hostileTexts = [
  "tab\there",
  "line\nfeed, carriage\rreturn\r\n",
  "back\\slash \\N \\t \\\\",
  "\\.",
  "\\.\nafter the end marker",
  "é è à ç œ Æ ß — « guillemets »",
  "日本語 🧾💶 👩‍💼",
  "\u0001\u001f controls, \u00a0non-breaking",
  '\'quotes\' "double" {"json": [1]}',
] as const;
