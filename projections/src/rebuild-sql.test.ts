import { randomUUID } from "node:crypto";
import { organisationStreamId } from "@registre/core";
import { createEventStore } from "@registre/store";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { createTables, physical } from "./generations.ts";
import { organisationsProjector } from "./organisations.ts";
import type { Projector } from "./projector.ts";
import { createProjectionRunner } from "./runner.ts";
import { streamHistoryProjector } from "./stream-history.ts";
import { hostileTexts } from "./testing/index.ts";

/**
 * The rebuilds in SQL (`rebuildFromLog`) against the live fold, over generated histories: for any
 * sequence of organisation events, the rows the SQL computes from the events table are the rows the
 * live projector left, exactly (texts, JSON, times to the microsecond — compared as `to_jsonb` of the
 * rows, since a JavaScript Date would drop the microseconds — and versions).
 */

/** Texts as users type them, and those that break naive writers; never NUL or a lone surrogate (the store refuses them). */
const textArb = fc.oneof(
  fc.constantFrom(...hostileTexts),
  fc.string({ unit: "grapheme", maxLength: 12 }).filter((s) => !s.includes("\u0000")),
);
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
/** `metadata.at` as the store's writers give it (`toISOString`), and in other forms a caller could send. */
const atArb = fc.oneof(
  { weight: 12, arbitrary: instant.map((ms) => new Date(ms).toISOString()) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(instant, fc.integer({ min: 0, max: 999 }))
      .map(([ms, micro]) => new Date(ms).toISOString().replace("Z", `${String(micro).padStart(3, "0")}Z`)),
  },
  { weight: 1, arbitrary: instant.map((ms) => new Date(ms).toISOString().replace(".000Z", "Z")) },
  { weight: 1, arbitrary: instant.map((ms) => new Date(ms).toISOString().replace("Z", "+02:00")) },
  { weight: 1, arbitrary: instant.map((ms) => new Date(ms).toISOString().replace("Z", "")) },
  // The canonical shape with another character in one place: a second 60, a sign, a letter, a space…
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        instant,
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom("6", "9", "+", "-", " ", "a", "Z", "T", ":", ".", "/"),
      )
      .map(([ms, at, c]) => {
        const text = new Date(ms).toISOString();
        return `${text.slice(0, at)}${c}${text.slice(at + 1)}`;
      }),
  },
);
/** A time a Date reads and PostgreSQL takes back from it (a year of four digits). */
const writableTime = (at: string) => {
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && /^\d{4}-/.test(new Date(ms).toISOString());
};
/** The form `toISOString` gives, of an instant it gives it for: the only one the SQL rebuilds must take. */
const canonical = (at: string) => {
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === at;
};
const address = fc.record({
  line1: textArb,
  postalCode: fc.constant("69001"),
  city: textArb,
  country: fc.constant("FR"),
});
const logo = fc.record({
  fileId: fc.constantFrom("a".repeat(64), "b".repeat(64)),
  width: fc.integer({ min: 1, max: 512 }),
  height: fc.integer({ min: 1, max: 512 }),
});
const settingsChanges = fc.record(
  {
    siren: fc.constantFrom("732829320", "552100554"),
    vatNumber: fc.option(fc.constant("FR44732829320")),
    address: fc.option(address),
    fiscalYearStartMonth: fc.integer({ min: 1, max: 12 }),
    vatRegime: fc.constantFrom("reel_normal", "franchise"),
    vatOnDebits: fc.boolean(),
    email: fc.option(textArb),
  },
  { requiredKeys: [] },
);

type Step = { readonly org: number; readonly type: string; readonly data: unknown; readonly at: string };

const stepArb = (atArb: fc.Arbitrary<string>): fc.Arbitrary<Step> =>
  fc.oneof(
    fc.record({
      org: fc.nat(2),
      type: fc.constant("OrganisationCreated"),
      at: atArb,
      data: fc.record(
        {
          name: textArb,
          siren: fc.constant("732829320"),
          vatNumber: fc.option(fc.constant("FR44732829320")),
          address: fc.option(address),
          fiscalYearStartMonth: fc.integer({ min: 1, max: 12 }),
          vatRegime: fc.constantFrom("reel_normal", "franchise"),
          vatOnDebits: fc.boolean(),
          email: fc.option(textArb),
        },
        {
          requiredKeys: [
            "name",
            "siren",
            "vatNumber",
            "address",
            "fiscalYearStartMonth",
            "vatRegime",
            "vatOnDebits",
          ],
        },
      ),
    }),
    fc.record({
      org: fc.nat(2),
      type: fc.constant("OrganisationRenamed"),
      at: atArb,
      data: textArb.map((name) => ({ name, previousName: "before" })),
    }),
    fc.record({
      org: fc.nat(2),
      type: fc.constant("OrganisationSettingsChanged"),
      at: atArb,
      data: settingsChanges.map((changes) => ({ changes })),
    }),
    fc.record({
      org: fc.nat(2),
      type: fc.constant("OrganisationLogoChanged"),
      at: atArb,
      data: fc.option(logo).map((l) => ({ logo: l })),
    }),
    fc.record({
      org: fc.nat(2),
      type: fc.constant("MemberAdded"),
      at: atArb,
      data: fc.constant({ userId: randomUUID(), profile: "accountant" }),
    }),
  );

/** Mostly a creation first, so that most histories make rows. */
const historyArb = (atArb: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.boolean(), fc.array(stepArb(atArb), { minLength: 1, maxLength: 12 }))
    .map(([createFirst, steps]) =>
      createFirst && steps[0]
        ? [
            {
              ...steps[0],
              type: "OrganisationCreated",
              data: {
                name: "Atelier",
                siren: "732829320",
                vatNumber: null,
                address: null,
                fiscalYearStartMonth: 1,
                vatRegime: "reel_normal",
                vatOnDebits: false,
              },
            },
            ...steps,
          ]
        : steps,
    );

describe.each(databaseKinds)("rebuilds in SQL on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  let scratch = 100;
  /**
   * What `rebuildFromLog` writes from these organisations' events, in a generation rolled back after;
   * "refused" when the statement fails (the rebuild then applies the events in batches).
   */
  const inSql = async (p: Projector, orgs: readonly string[], orderBy: string) => {
    let rows: unknown[] = [];
    const rollback = new Error("rolled back");
    const refused = await database.db
      .transaction()
      .execute(async (trx) => {
        const generation = ++scratch;
        await createTables(trx, p, generation, { indexes: false });
        const types = p.handles ? sql`and type = any(${[...p.handles]}::text[])` : sql``;
        const log = sql`(select * from events where org_id = any(${[...orgs]}::uuid[]) ${types})`;
        await p.rebuildFromLog?.(trx, (t) => physical(t, generation), log);
        const table = physical(p.tables[0]?.name ?? "", generation);
        rows = (await sql.raw(`select to_jsonb(t) as row from ${table} t order by ${orderBy}`).execute(trx))
          .rows;
        throw rollback;
      })
      .then(
        () => false,
        (error: unknown) => {
          if (error !== rollback) return true;
          return false;
        },
      );
    return refused ? "refused" : rows;
  };

  it("for any organisation history, the SQL rebuild's rows are the live rows exactly", async () => {
    const store = createEventStore(database);
    const projectors = [organisationsProjector, streamHistoryProjector];
    const runner = createProjectionRunner(database, store, projectors, { batchSize: 3 });
    await runner.setup();
    const live = async (table: string, orgs: readonly string[], orderBy: string) =>
      (
        await sql
          .raw(
            `select to_jsonb(t) as row from ${table} t where org_id = any('{${orgs.join(",")}}'::uuid[]) order by ${orderBy}`,
          )
          .execute(database.db)
      ).rows;
    let withRows = 0;
    let refusals = 0;
    const writable = new Set<string>();
    await fc.assert(
      fc.asyncProperty(historyArb(atArb), async (steps) => {
        const orgs = [randomUUID(), randomUUID(), randomUUID()];
        orgs.forEach((org, i) => {
          if (steps.every((step) => step.org !== i || writableTime(step.at))) writable.add(org);
        });
        for (const step of steps) {
          const org = orgs[step.org] as string;
          await store.append(org, organisationStreamId(org), "any", [{ type: step.type, data: step.data }], {
            metadata: { commandId: randomUUID(), at: step.at, userId: "u" },
          });
        }
        await runner.drain();
        // Refusing is allowed only where some time is not in the canonical form; the rows, never wrong.
        const mayRefuse = steps.some((step) => !canonical(step.at));
        const organisations = await live("organisations", orgs, "org_id");
        withRows += organisations.length > 0 ? 1 : 0;
        const rebuilt = await inSql(organisationsProjector, orgs, "org_id");
        if (rebuilt === "refused") {
          expect(mayRefuse, "the organisations rebuild in SQL failed").toBe(true);
          refusals++;
        } else expect(rebuilt).toEqual(organisations);
        const history = await live("stream_history", orgs, "org_id, stream_id, version");
        const rebuiltHistory = await inSql(streamHistoryProjector, orgs, "org_id, stream_id, version");
        if (rebuiltHistory === "refused") expect(mayRefuse, "the history rebuild in SQL failed").toBe(true);
        else expect(rebuiltHistory).toEqual(history);
      }),
      { numRuns: 30 },
    );
    expect(withRows).toBeGreaterThan(10);
    expect(refusals).toBeGreaterThan(0);
    // And the runner's rebuild (in SQL where the log allows) leaves the tables as live did, for the
    // organisations whose times could be written: where one could not, the live write of a row failed
    // (the organisation is held), and whether a rebuild, in larger batches, writes that row before a
    // later event mends it depends on the batches, not on SQL.
    const everything = async () =>
      Promise.all(
        ["organisations", "stream_history"].map(
          async (table) => await live(table, [...writable], "org_id, to_jsonb(t)::text"),
        ),
      );
    const before = await everything();
    expect(before[0]?.length).toBeGreaterThan(10);
    for (const p of projectors) await runner.rebuild(p.name);
    expect(await everything()).toEqual(before);
    await runner.stop();
  }, 120_000);
});
