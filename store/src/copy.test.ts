import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { copyRows, copyRowsToPglite, copyText, copyValue, TextArray } from "./copy.ts";

/** Texts that break a naive COPY writer: its separators, its escape, its end marker, and far-away unicode. */
const hostile = [
  "tab\there",
  "line\nfeed",
  "carriage\rreturn\r\n",
  "back\\slash \\N \\t \\\\",
  "\\.",
  "\\.\nafter the end marker",
  "\\",
  "é è à ç œ Æ ß ÿ",
  "日本語のラベル",
  "emoji 🧾💶 and ZWJ 👩‍💼",
  "\u00a0non-breaking\u202fnarrow",
  "\u0001\u0008\u000b\u000c\u001f controls",
  "",
  "null",
  "NULL",
  "'quotes' \"double\"",
];

describe("COPY text format", () => {
  it("escapes exactly backslash, tab, line feed and carriage return; writes null as \\N", () => {
    expect(copyValue("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e");
    expect(copyValue("\\.")).toBe("\\\\.");
    expect(copyValue(null)).toBe("\\N");
    expect(copyValue(undefined)).toBe("\\N");
    expect(copyValue("\\N")).toBe("\\\\N");
    expect(copyValue(true)).toBe("t");
    expect(copyValue(false)).toBe("f");
    expect(copyValue(-12)).toBe("-12");
    expect(copyValue(2n ** 70n)).toBe("1180591620717411303424");
    expect(copyValue(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05.678Z");
    expect(copyValue({ label: "a\tb", lines: [1] })).toBe('{"label":"a\\\\tb","lines":[1]}');
    expect(() => copyValue(Number.NaN)).toThrow(/NaN/);
  });

  it("cuts its text only at the end of a row", () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ n: i, label: `row ${i}\nwith a line feed` }));
    const chunks = copyText(rows, ["n", "label"], 64);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.endsWith("\n")).toBe(true);
    expect(chunks.join("").split("\n").length - 1).toBe(50);
  });
});

// COPY FROM STDIN runs through the PostgreSQL driver; PGlite's projections keep their INSERTs.
describe("copyRows on PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    await sql`create table copy_probe (id integer primary key, label text, amount bigint, ok boolean,
      at timestamptz, data jsonb)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const read = async () =>
    (
      await sql<{ id: number; label: string | null; data: unknown }>`
        select id, label, data from copy_probe order by id`.execute(database.db)
    ).rows;

  it("writes hostile text and JSON back exactly, inside the caller's transaction", async () => {
    const rows = hostile.map((label, id) => ({
      id,
      label,
      amount: id * 1_000_000_007,
      ok: id % 2 === 0,
      at: new Date(Date.UTC(2026, 0, 1 + id)),
      data: { label, nested: [label, { label }] },
    }));
    await database.db.transaction().execute((trx) => copyRows(trx, "copy_probe", rows));
    expect(await read()).toEqual(rows.map(({ id, label, data }) => ({ id, label, data })));
    await sql`delete from copy_probe`.execute(database.db);
  });

  it("writes null columns as null, and nothing when the transaction rolls back", async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await copyRows(trx, "copy_probe", [
          { id: 1, label: null, amount: null, ok: null, at: null, data: null },
        ]);
        expect((await sql`select label from copy_probe`.execute(trx)).rows).toEqual([{ label: null }]);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await read()).toEqual([]);
  });

  it("fails the statement on a refused row, and the transaction goes on from a savepoint", async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`savepoint s`.execute(trx);
      await expect(
        copyRows(trx, "copy_probe", [
          { id: 1, label: "one" },
          { id: 1, label: "again" },
        ]),
      ).rejects.toThrow(/duplicate key/);
      await sql`rollback to savepoint s`.execute(trx);
      await copyRows(trx, "copy_probe", [{ id: 2, label: "two" }]);
    });
    expect(await read()).toEqual([{ id: 2, label: "two", data: null }]);
    await sql`delete from copy_probe`.execute(database.db);
  });

  it("round-trips any text PostgreSQL can hold", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc
            .string({ unit: "binary" })
            .filter((s) => !s.includes("\u0000") && Buffer.from(s).toString() === s),
          { minLength: 1, maxLength: 20 },
        ),
        async (labels) => {
          const rows = labels.map((label, id) => ({ id, label, data: { label } }));
          await database.db.transaction().execute((trx) => copyRows(trx, "copy_probe", rows));
          expect(await read()).toEqual(rows);
          await sql`delete from copy_probe`.execute(database.db);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("round-trips any text[] as a TextArray: each element quoted and escaped", async () => {
    await sql`create table copy_arrays (id integer primary key, tags text[] not null)`.execute(database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(
            fc.oneof(
              fc.constantFrom(...hostile, "{}", "a,b", '"', "NULL", " padded ", '{"x"}'),
              fc
                .string({ unit: "binary" })
                .filter((s) => !s.includes("\u0000") && Buffer.from(s).toString() === s),
            ),
            { maxLength: 6 },
          ),
          { minLength: 1, maxLength: 10 },
        ),
        async (arrays) => {
          await database.db.transaction().execute((trx) =>
            copyRows(
              trx,
              "copy_arrays",
              arrays.map((tags, id) => ({ id, tags: new TextArray(tags) })),
            ),
          );
          const { rows } = await sql<{ tags: string[] }>`select tags from copy_arrays order by id`.execute(
            database.db,
          );
          expect(rows.map((r) => r.tags)).toEqual(arrays);
          await sql`delete from copy_arrays`.execute(database.db);
        },
      ),
      { numRuns: 30 },
    );
  });
});

// A rebuild on PGlite COPYs from a blob in its one session, inside the Kysely transaction it has open.
describe("copyRowsToPglite", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await sql`create table copy_probe (id integer primary key, label text, data jsonb)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("writes hostile text back exactly, and nothing when the transaction rolls back", async () => {
    const pglite = database.pglite;
    if (!pglite) throw new Error("PGlite expected");
    const rows = hostile.map((label, id) => ({ id, label, data: { label } }));
    await database.db
      .transaction()
      .execute(async () => {
        await copyRowsToPglite(pglite, "copy_probe", rows);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    const read = async () =>
      (await sql`select id, label, data from copy_probe order by id`.execute(database.db)).rows;
    expect(await read()).toEqual([]);
    await database.db.transaction().execute(() => copyRowsToPglite(pglite, "copy_probe", rows));
    expect(await read()).toEqual(rows);
  });
});
