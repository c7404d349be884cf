import { randomUUID } from "node:crypto";
import { UnstorableEventError } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeFiscalYear } from "../../api/src/accounting/year-end.ts";
import { databaseKinds } from "../support/databases.ts";
import { type Books, keepAtelierBooks, openBooks } from "./atelier.ts";

type Line = { account: string; auxiliary: string | null; debit: number; credit: number; line: number };
const summary = (lines: Line[]) => lines.map((l) => [l.account, l.auxiliary, l.debit, l.credit]);

describe.each(databaseKinds)("closing Atelier Démo's year and opening the next (%s)", (kind) => {
  let books: Books;
  let year2025: string;
  beforeAll(async () => {
    books = await openBooks(kind);
    await keepAtelierBooks(books);
    year2025 = (await books.ok("GET", "/accounting/balance-sheet")).items[0].id;
  }, 120_000);
  afterAll(async () => books?.close());

  it("lists what to look at before closing, each with its items", async () => {
    books.setDay("2025-12-31");
    await books.signInAgain();
    const draft = await books.ok("POST", "/accounting/entries", {
      journal: "OD",
      date: "2025-12-31",
      pieceRef: "REG-1",
      label: "Régularisation à revoir",
      lines: [
        { account: "471000", debit: 5_000, credit: 0 },
        { account: "512000", debit: 0, credit: 5_000 },
      ],
    });
    const { warnings } = await books.ok("GET", `/accounting/balance-sheet/${year2025}/steps`);
    const byCode = Object.fromEntries(warnings.map((w: { code: string }) => [w.code, w]));
    expect(byCode["yearEnd.drafts"]).toMatchObject({
      count: 1,
      blocking: true,
      items: ["31/12/2025 OD REG-1 Régularisation à revoir"],
    });
    expect(byCode["yearEnd.vatJournalPending"]).toMatchObject({ count: 1, blocking: false });
    expect(byCode["yearEnd.unletteredThirdParties"]).toMatchObject({ count: 3, blocking: false });
    expect(byCode["yearEnd.unbalanced"]).toBeUndefined();
    // January's VAT was settled by an entry, not a return: every month of 2025 is still to declare.
    expect(byCode["yearEnd.vatNotSettled"]).toMatchObject({ count: 12, blocking: false });
    expect(byCode["yearEnd.vatNotSettled"].items.slice(0, 2)).toEqual(["2025-01", "2025-02"]);
    const refused = await books.call(
      "GET",
      `/accounting/balance-sheet/${year2025}/validate?confirm=irreversible`,
    );
    expect([refused.status, refused.body.code]).toEqual([409, "fiscalYear.draftsRemain"]);
    await books.ok("DELETE", `/accounting/entries/mvt/${draft.mvt}`);
  });

  it("generates provisional opening entries for 2026, and regenerates them when 2025 changes", async () => {
    const { mvt } = await books.ok("GET", `/accounting/balance-sheet/${year2025}/createan`);
    const years = (await books.ok("GET", "/accounting/balance-sheet")).items;
    expect(
      years.map((y: { start: string; end: string; status: string }) => [y.start, y.end, y.status]),
    ).toEqual([
      ["2025-01-01", "2025-12-31", "open"],
      ["2026-01-01", "2026-12-31", "open"],
    ]);
    const opening = await books.ok("GET", `/accounting/entries/mvt/${mvt}`);
    expect(opening).toMatchObject({
      journal: "AN",
      date: "2026-01-01",
      status: "draft",
      debit: 1_473_500,
      credit: 1_473_500,
    });
    expect(summary(opening.lines)).toEqual([
      ["101000", null, 0, 1_000_000],
      ["218300", null, 100_000, 0],
      ["445510", null, 0, 26_000],
      ["512000", null, 1_193_500, 0],
      // Customers and suppliers line by line, so that lettering goes on: Gamma's invoice and part payment, Epsilon's invoice.
      ["404000", "FEPSILON", 0, 120_000],
      ["411000", "CGAMMA", 180_000, 0],
      ["411000", "CGAMMA", 0, 100_000],
      ["120000", null, 0, 227_500],
    ]);
    books.setDay("2025-02-28");
    await books.signInAgain();
    await books.ok("POST", "/accounting/entries", {
      journal: "BQ",
      date: "2025-02-28",
      pieceRef: "FRAIS-2025-02",
      label: "Frais de tenue de compte",
      lines: [
        { account: "627000", debit: 1_000, credit: 0 },
        { account: "512000", debit: 0, credit: 1_000 },
      ],
      validate: true,
    });
    const again = await books.ok("GET", `/accounting/balance-sheet/${year2025}/createan`);
    expect(again.mvt).toBe(mvt);
    const regenerated = await books.ok("GET", `/accounting/entries/mvt/${mvt}`);
    expect(summary(regenerated.lines)).toContainEqual(["512000", null, 1_192_500, 0]);
    expect(summary(regenerated.lines)).toContainEqual(["120000", null, 0, 226_500]);
  });

  it("closes 2025 for good only when confirmed as irreversible, and validates 2026's opening entry", async () => {
    books.setDay("2026-03-15");
    await books.signInAgain();
    // In 2026 before 2025 is closed, 2026's à-nouveaux are a draft and nothing is validated in 2026:
    // the dashboard shows 2025, as the reports open on it, provisional, with the bank at its year end.
    const provisional = await books.ok("GET", "/dashboard/stats/accounting");
    expect(provisional).toMatchObject({
      cash: 1_192_500,
      due: 80_000,
      asOf: "2025-12-31",
      provisional: true,
    });
    expect(provisional.year).toMatchObject({ start: "2025-01-01", status: "open" });
    const unconfirmed = await books.call("GET", `/accounting/balance-sheet/${year2025}/validate`);
    expect([unconfirmed.status, unconfirmed.body.code]).toEqual([409, "yearEnd.confirmIrreversible"]);
    // The close is one commit over the fiscal stream and the opening entry's: a failure after its
    // first stream was written leaves nothing, and the same command retried closes once.
    const orgId = (
      await books.ctx.database.db
        .selectFrom("fiscal_years")
        .select("org_id")
        .where("id", "=", year2025)
        .executeTakeFirstOrThrow()
    ).org_id as string;
    const metadata = { commandId: randomUUID(), at: books.ctx.clock().toISOString(), userId: "gerante" };
    const events = async () => (await books.ctx.store.readOrganisation(orgId, { limit: 100_000 })).length;
    const before = await events();
    const store = books.ctx.store;
    const appendMany = store.appendMany;
    let failed = 0;
    store.appendMany = (org, parts, options) =>
      appendMany(
        org,
        (numbers) => [
          ...(typeof parts === "function" ? parts(numbers) : parts),
          {
            streamId: "after-the-first-streams",
            expected: "no_stream",
            events: [{ type: "Broken", data: { text: "\u0000" } }],
          },
        ],
        options,
      ).finally(() => failed++);
    await expect(closeFiscalYear(books.ctx, orgId, year2025, metadata)).rejects.toBeInstanceOf(
      UnstorableEventError,
    );
    store.appendMany = appendMany;
    expect(failed).toBe(1);
    expect(await events()).toBe(before);
    expect((await books.ok("GET", "/accounting/balance-sheet")).items[0]).toMatchObject({ status: "open" });
    const { openingMvt } = await closeFiscalYear(books.ctx, orgId, year2025, metadata);
    const written = (await events()) - before;
    // 2025 closed, the provisional AN draft redrawn from the final figures and validated (2026 and
    // its opening entry exist already).
    expect(written).toBe(3);
    expect(await closeFiscalYear(books.ctx, orgId, year2025, metadata)).toEqual({ openingMvt });
    expect((await events()) - before).toBe(written);
    const opening = await books.ok("GET", `/accounting/entries/mvt/${openingMvt}`);
    expect(opening).toMatchObject({ status: "validated", number: "AN000001", validatedOn: "2026-03-15" });
    const years = (await books.ok("GET", "/accounting/balance-sheet")).items;
    expect(years[0]).toMatchObject({ status: "closed", closedOn: "2026-03-15" });
    const late = await books.call("POST", "/accounting/entries", {
      journal: "OD",
      date: "2025-06-30",
      pieceRef: "TARD",
      label: "Trop tard",
      lines: [
        { account: "627000", debit: 100, credit: 0 },
        { account: "512000", debit: 0, credit: 100 },
      ],
    });
    expect([late.status, late.body.code]).toEqual([409, "fiscalYear.closed"]);
    const twice = await books.call(
      "GET",
      `/accounting/balance-sheet/${year2025}/validate?confirm=irreversible`,
    );
    expect([twice.status, twice.body.code]).toEqual([409, "fiscalYear.alreadyClosed"]);
    expect(await books.ok("GET", "/dashboard/stats/accounting")).toMatchObject({
      cash: 1_192_500,
      due: 80_000,
    });
    const balance2026 = await books.ok("POST", "/accounting/reports/balance", { yearId: years[1].id });
    expect(balance2026.totals).toMatchObject({ debit: 1_472_500, credit: 1_472_500 });
  });

  it("letters Gamma's carried-forward items with next year's payment (the next code of 411000)", async () => {
    books.setDay("2026-03-20");
    await books.signInAgain();
    const payment = await books.ok("POST", "/accounting/entries", {
      journal: "BQ",
      date: "2026-03-20",
      pieceRef: "VIR-GAMMA-2",
      label: "Solde Gamma",
      lines: [
        { account: "512000", debit: 80_000, credit: 0 },
        { account: "411000", auxiliary: "CGAMMA", debit: 0, credit: 80_000 },
      ],
      validate: true,
    });
    const years = (await books.ok("GET", "/accounting/balance-sheet")).items;
    const opening = await books.ok("GET", `/accounting/entries/mvt/${years[1].openingMvt}`);
    const gamma = opening.lines
      .filter((l: Line) => l.auxiliary === "CGAMMA")
      .map((l: Line) => `${opening.mvt}/${l.line}`);
    const lettered = await books.ok("PUT", "/accounting/entries/mark", {
      lines: [...gamma, `${payment.mvt}/2`],
    });
    expect(lettered).toEqual({ account: "411000", code: "AB" });
  });
});
