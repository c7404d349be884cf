import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftEntry, validateEntry } from "../../api/src/accounting/entries.ts";
import { type Books, keepAtelierBooks, openBooks } from "./atelier.ts";

const metadata = (books: Books) => ({ commandId: books.ctx.newId(), at: books.ctx.clock().toISOString() });

// Real concurrency needs real connections: Postgres only (PGlite has one connection).
describe("eight validators on one organisation (postgres)", () => {
  let books: Books;
  let orgId: string;
  beforeAll(async () => {
    books = await openBooks("postgres");
    await keepAtelierBooks(books);
    const row = await books.ctx.database.db
      .selectFrom("organisations")
      .select("org_id")
      .executeTakeFirstOrThrow();
    orgId = row.org_id as string;
  }, 120_000);
  afterAll(async () => books?.close());

  it("hands out every number of each journal once, without a gap, while the chart changes under them", async () => {
    const { ctx } = books;
    books.setDay("2025-02-03");
    const drafts: string[] = [];
    for (let i = 0; i < 48; i++)
      drafts.push(
        await draftEntry(
          ctx,
          orgId,
          {
            journal: i % 3 === 0 ? "OD" : "VT",
            date: "2025-02-03",
            pieceRef: `P-${i}`,
            pieceDate: "2025-02-03",
            label: `Écriture ${i}`,
            lines: [
              { account: "512000", auxiliary: null, label: null, debit: 100 + i, credit: 0 },
              { account: "471000", auxiliary: null, label: null, debit: 0, credit: 100 + i },
            ],
          },
          metadata(books),
        ),
      );
    const queue = [...drafts];
    const worker = async () => {
      for (let mvt = queue.shift(); mvt; mvt = queue.shift())
        await validateEntry(ctx, orgId, mvt, metadata(books));
    };
    // New auxiliary accounts move the chart the validations are guarded on: they decide again.
    const chartChanges = (async () => {
      for (let i = 0; i < 6; i++)
        await books.ok("POST", "/accounting/accounts", {
          number: `CNEW${i}`,
          label: `Client ${i}`,
          control: "411000",
        });
    })();
    await Promise.all([...Array.from({ length: 8 }, worker), chartChanges]);
    const rows = await ctx.database.db
      .selectFrom("entries")
      .select(["journal", "number"])
      .where("org_id", "=", orgId)
      .where("date", "=", "2025-02-03")
      .execute();
    expect(rows).toHaveLength(48);
    const numbers = (journal: string) =>
      rows
        .filter((r) => r.journal === journal)
        .map((r) => Number(String(r.number).slice(2)))
        .sort((a, b) => a - b);
    // January used OD000001 and VT000001-3.
    expect(numbers("OD")).toEqual(Array.from({ length: 16 }, (_, i) => i + 2));
    expect(numbers("VT")).toEqual(Array.from({ length: 32 }, (_, i) => i + 4));
  }, 120_000);
});
