import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChart } from "../../api/src/accounting/books.ts";
import { draftEntry } from "../../api/src/accounting/entries.ts";
import { letterLines } from "../../api/src/accounting/lettering.ts";
import { createOrganisation } from "../../api/src/organisations.ts";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

describe.each(databaseKinds)("lettering a large set (%s)", (kind) => {
  let books: Books;
  beforeAll(async () => {
    books = await openBooks(kind);
  }, 60_000);
  afterAll(async () => books?.close());

  it("letters 601 lines at once: a customer's 600 small invoices and the one payment that settles them", async () => {
    const { ctx } = books;
    const metadata = () => ({ commandId: ctx.newId(), at: ctx.clock().toISOString() });
    const orgId = await createOrganisation(ctx, { name: "Abonnements SAS", siren: "123456782" }, metadata());
    await runChart(
      ctx,
      orgId,
      { type: "CreateAuxiliaryAccount", data: { number: "CABO", label: "Abonné", control: "411000" } },
      metadata(),
    );
    const count = 600;
    const invoices = await draftEntry(
      ctx,
      orgId,
      {
        journal: "VT",
        date: "2025-01-15",
        pieceRef: "ABO-2025-01",
        pieceDate: "2025-01-15",
        label: "Abonnements de janvier",
        lines: [
          ...Array.from({ length: count }, () => ({
            account: "411000",
            auxiliary: "CABO",
            label: null,
            debit: 1_000,
            credit: 0,
          })),
          { account: "706000", auxiliary: null, label: null, debit: 0, credit: count * 1_000 },
        ],
      },
      metadata(),
      { validate: true },
    );
    const payment = await draftEntry(
      ctx,
      orgId,
      {
        journal: "BQ",
        date: "2025-01-31",
        pieceRef: "VIR-ABO",
        pieceDate: "2025-01-31",
        label: "Règlement des abonnements",
        lines: [
          { account: "512000", auxiliary: null, label: null, debit: count * 1_000, credit: 0 },
          { account: "411000", auxiliary: "CABO", label: null, debit: 0, credit: count * 1_000 },
        ],
      },
      metadata(),
      { validate: true },
    );
    const refs = [...Array.from({ length: count }, (_, i) => `${invoices}/${i + 1}`), `${payment}/2`];
    expect(await letterLines(ctx, orgId, refs, metadata())).toEqual({ account: "411000", code: "AA" });
    const lettered = await ctx.database.db
      .selectFrom("ledger_lines")
      .select(["letter_code", "letter_date"])
      .where("org_id", "=", orgId)
      .where("account", "=", "411000")
      .execute();
    expect(lettered).toHaveLength(count + 1);
    expect(lettered.every((l) => l.letter_code === "AA" && l.letter_date === "2025-01-31")).toBe(true);
  }, 120_000);
});
