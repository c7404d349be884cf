import { DomainError } from "@registre/core";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChart } from "../../api/src/accounting/books.ts";
import {
  changeDraft,
  deleteDraft,
  draftEntry,
  reverseEntry,
  validateEntry,
} from "../../api/src/accounting/entries.ts";
import { type EntryListFilter, listEntryPage } from "../../api/src/accounting/entry-list.ts";
import type { AppContext } from "../../api/src/context.ts";
import { createOrganisation } from "../../api/src/organisations.ts";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

const dayArb = fc
  .integer({ min: 1, max: 120 })
  .map((d) => new Date(Date.UTC(2025, 0, d)).toISOString().slice(0, 10));

const contentArb = fc.record({
  journal: fc.constantFrom("VT", "HA", "OD"),
  date: dayArb,
  amount: fc.integer({ min: 1, max: 5_000_000 }),
  label: fc.constantFrom("Loyer mars", "Facture client", "Frais bancaires"),
});

type Content = { journal: string; date: string; amount: number; label: string };
const toContent = (c: Content, n: number) => ({
  journal: c.journal,
  date: c.date,
  pieceRef: `PR${n}`,
  pieceDate: c.date,
  label: c.label,
  lines: [
    { account: "411000", auxiliary: "CLIENT1", label: null, debit: c.amount, credit: 0 },
    { account: "706000", auxiliary: null, label: null, debit: 0, credit: c.amount },
  ],
});

const commandArb = fc.oneof(
  { weight: 4, arbitrary: contentArb.map((c) => ({ kind: "draft" as const, c, validate: false })) },
  { weight: 3, arbitrary: contentArb.map((c) => ({ kind: "draft" as const, c, validate: true })) },
  { weight: 3, arbitrary: fc.nat().map((i) => ({ kind: "validate" as const, i })) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.nat(), contentArb).map(([i, c]) => ({ kind: "change" as const, i, c })),
  },
  { weight: 2, arbitrary: fc.nat().map((i) => ({ kind: "delete" as const, i })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), dayArb).map(([i, date]) => ({ kind: "reverse" as const, i, date })),
  },
);

const RANGES: { start?: string; end?: string }[] = [
  {},
  { start: "2025-01-15" },
  { end: "2025-02-10" },
  { start: "2025-01-10", end: "2025-01-20" },
  { start: "2025-01-20", end: "2025-03-05" },
  { start: "2025-02-01", end: "2025-02-28" },
  { start: "2025-02-01", end: "2025-04-30" },
  { start: "2025-03-01", end: "2025-01-01" },
];
const FILTERS: Omit<EntryListFilter, "limit" | "offset">[] = [undefined, "VT", "HA"].flatMap((journal) =>
  [undefined, "draft" as const, "validated" as const].flatMap((status) =>
    RANGES.map((r) => ({ journal, status, ...r })),
  ),
);
/** Text searches (counted, not pre-aggregated), alone and with the other filters. */
const SEARCHES: Omit<EntryListFilter, "limit" | "offset">[] = [
  "loyer",
  "PR1",
  "vt0",
  "hA0",
  "frais b",
].flatMap((q) => [
  { q },
  { q, status: "validated" as const, start: "2025-01-20" },
  { q, journal: "HA", end: "2025-03-01" },
]);

/** The filter answered the slow way: every matching entry, newest first. */
const bruteForce = async (ctx: AppContext, orgId: string, f: Omit<EntryListFilter, "limit" | "offset">) => {
  const where = [
    sql`org_id = ${orgId}`,
    ...(f.journal ? [sql`journal = ${f.journal}`] : []),
    ...(f.status ? [sql`status = ${f.status}`] : []),
    ...(f.start ? [sql`date >= ${f.start}`] : []),
    ...(f.end ? [sql`date <= ${f.end}`] : []),
    ...(f.q
      ? [sql`(label ilike ${`%${f.q}%`} or piece_ref ilike ${`%${f.q}%`} or number ilike ${`%${f.q}%`})`]
      : []),
  ];
  const { rows } = await sql<{ mvt: string; debit: number; credit: number }>`
    select mvt, debit, credit from entries where ${sql.join(where, sql` and `)}
    order by date desc, position desc`.execute(ctx.database.db);
  return rows;
};

const newBooks = async (ctx: AppContext) => {
  const metadata = () => ({ commandId: ctx.newId(), at: ctx.clock().toISOString() });
  const orgId = await createOrganisation(ctx, { name: "Liste SARL", siren: "123456782" }, metadata());
  await runChart(
    ctx,
    orgId,
    { type: "CreateAuxiliaryAccount", data: { number: "CLIENT1", label: "Client", control: "411000" } },
    metadata(),
  );
  return { orgId, metadata };
};

const snapshotTotals = async (ctx: AppContext) =>
  Promise.all(
    ["entry_month_totals", "entry_day_totals", "entry_search"].map(
      async (t) =>
        (await sql`select * from ${sql.table(t)} order by 1, 2, 3, 4`.execute(ctx.database.db)).rows,
    ),
  );

describe.each(databaseKinds)("the entries list (%s)", (kind) => {
  let books: Books;
  beforeAll(async () => {
    books = await openBooks(kind);
  }, 60_000);
  afterAll(async () => books?.close());

  it("answers every filter's count and sums, and every page, as a scan of the entries would", async () => {
    const { ctx } = books;
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb, { minLength: 6, maxLength: 20 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
        async (commands, offsets) => {
          books.setDay("2025-05-01");
          const { orgId, metadata } = await newBooks(ctx);
          const mvts: string[] = [];
          for (const [n, command] of commands.entries()) {
            const at = (i: number) => mvts[i % mvts.length] as string;
            try {
              if (command.kind === "draft")
                mvts.push(
                  await draftEntry(ctx, orgId, toContent(command.c, n), metadata(), {
                    validate: command.validate,
                  }),
                );
              else if (mvts.length === 0) continue;
              else if (command.kind === "validate")
                await validateEntry(ctx, orgId, at(command.i), metadata());
              else if (command.kind === "change")
                await changeDraft(ctx, orgId, at(command.i), toContent(command.c, n), metadata());
              else if (command.kind === "delete") await deleteDraft(ctx, orgId, at(command.i), metadata());
              else mvts.push(await reverseEntry(ctx, orgId, at(command.i), command.date, metadata()));
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
            }
          }
          await ctx.runner.waitFor(await ctx.store.head(), ["ledger"], null, 10_000);
          for (const filter of [...FILTERS, ...SEARCHES]) {
            const all = await bruteForce(ctx, orgId, filter);
            const expected = {
              total: all.length,
              sums: {
                debit: all.reduce((s, r) => s + r.debit, 0),
                credit: all.reduce((s, r) => s + r.credit, 0),
              },
            };
            // Each distinct offset once: for a short list the edges and the drawn ones often coincide.
            for (const offset of new Set([
              0,
              1,
              all.length - 1,
              all.length,
              ...offsets.map((o) => o % (all.length + 2)),
            ])) {
              if (offset < 0) continue;
              const page = await listEntryPage(ctx.database, orgId, { ...filter, limit: 3, offset });
              expect({ filter, offset, total: page.total, sums: page.sums, capped: page.capped }).toEqual({
                filter,
                offset,
                ...expected,
                capped: false,
              });
              expect(page.rows.map((r) => r.mvt)).toEqual(all.slice(offset, offset + 3).map((r) => r.mvt));
              if (page.rows.length > 0) pages++;
              // A search either way (walking the newest rows, or the trigram index), capped at 2 or not.
              if (!filter.q) continue;
              for (const plan of ["walk", "index"] as const)
                for (const cap of [2, 1000]) {
                  const counted = all.slice(0, cap);
                  const got = await listEntryPage(
                    ctx.database,
                    orgId,
                    { ...filter, limit: 3, offset },
                    cap,
                    plan,
                  );
                  expect({ filter, offset, plan, cap, ...got }).toEqual({
                    filter,
                    offset,
                    plan,
                    cap,
                    rows: page.rows,
                    total: counted.length,
                    sums: {
                      debit: counted.reduce((s, r) => s + r.debit, 0),
                      credit: counted.reduce((s, r) => s + r.credit, 0),
                    },
                    capped: all.length > cap,
                  });
                }
            }
          }
        },
      ),
      { numRuns: kind === "pglite" ? 10 : 6 },
    );
    expect(pages).toBeGreaterThan(0);
  }, 600_000);

  it("counts a text search up to its cap, and says when it stopped there", async () => {
    const { ctx } = books;
    books.setDay("2025-05-01");
    const { orgId, metadata } = await newBooks(ctx);
    const contents = [
      { journal: "VT", date: "2025-01-03", amount: 100, label: "Loyer janvier" },
      { journal: "VT", date: "2025-02-03", amount: 200, label: "Loyer février" },
      { journal: "HA", date: "2025-03-03", amount: 400, label: "Loyer mars" },
      { journal: "HA", date: "2025-03-04", amount: 800, label: "Frais 50%" },
    ];
    for (const [n, c] of contents.entries())
      await draftEntry(ctx, orgId, toContent(c, n), metadata(), { validate: n % 2 === 0 });
    await ctx.runner.waitFor(await ctx.store.head(), ["ledger"], null, 10_000);
    const search = (q: string, cap: number, more: Partial<EntryListFilter> = {}) =>
      listEntryPage(ctx.database, orgId, { q, limit: 10, offset: 0, ...more }, cap);
    const under = await search("loyer", 3);
    expect([under.total, under.sums, under.capped]).toEqual([3, { debit: 700, credit: 700 }, false]);
    // Capped: the 2 newest of the 3 matches are counted and added up; the page still pages through all.
    const over = await search("LOYER", 2);
    expect([over.total, over.sums, over.capped, over.rows.length]).toEqual([
      2,
      { debit: 600, credit: 600 },
      true,
      3,
    ]);
    // The number, the piece reference; % and _ are literal characters.
    expect((await search("VT0000", 10)).rows.map((r) => r.number)).toEqual(["VT000001"]);
    expect((await search("PR3", 10)).rows.map((r) => r.label)).toEqual(["Frais 50%"]);
    expect((await search("0%", 10)).total).toBe(1);
    expect((await search("_", 10)).total).toBe(0);
    expect((await search("loyer", 10, { journal: "HA", start: "2025-02-01" })).total).toBe(1);
  });

  it("adds up exactly past a safe number within one batch, back to an exact total", async () => {
    const { ctx } = books;
    books.setDay("2025-05-01");
    const { orgId } = await newBooks(ctx);
    await ctx.runner.waitFor(await ctx.store.head(), ["ledger"], null, 10_000);
    // Appended beneath the decider (it bounds a line far lower), in one batch of the projector.
    await ctx.runner.stop();
    const huge = Number.MAX_SAFE_INTEGER;
    const mvts = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const append = (mvt: string, event: { type: string; data: unknown }) =>
      ctx.store.append(orgId, `entry-${mvt}`, "any", [event], {
        metadata: { commandId: crypto.randomUUID(), at: new Date().toISOString() },
      });
    for (const mvt of mvts)
      await append(mvt, {
        type: "EntryDrafted",
        data: {
          ...toContent({ journal: "OD", date: "2025-02-03", amount: huge, label: "Énorme" }, 0),
          mvt,
          origin: { kind: "manual" },
        },
      });
    for (const mvt of mvts.slice(1)) await append(mvt, { type: "EntryDraftDeleted", data: { mvt } });
    await ctx.runner.drain(["ledger"], 30_000);
    await ctx.runner.start();
    const page = await listEntryPage(ctx.database, orgId, { limit: 10, offset: 0 });
    expect([page.total, page.sums]).toEqual([1, { debit: huge, credit: huge }]);
  });

  it("keeps its totals and search rows through a rebuild: rebuilt equals live, row for row", async () => {
    const { ctx } = books;
    await ctx.runner.waitFor(await ctx.store.head(), ["ledger"], null, 10_000);
    const live = await snapshotTotals(ctx);
    expect(live[0]?.length).toBeGreaterThan(0);
    expect(live[2]?.length).toBeGreaterThan(0);
    await ctx.runner.rebuild("ledger");
    expect(await snapshotTotals(ctx)).toEqual(live);
  }, 120_000);
});
