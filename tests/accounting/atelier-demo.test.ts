import { checkFec, parseAmount } from "@registre/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/src/app.ts";
import { databaseKinds } from "../support/databases.ts";
import {
  type Books,
  atelierTrialBalance as expectedTrialBalance,
  keepAtelierBooks,
  openBooks,
} from "./atelier.ts";

describe.each(databaseKinds)("the worked example Atelier Démo, January 2025 (%s)", (kind) => {
  let books: Books;
  let mvts: Record<string, string>;
  let yearId: string;
  beforeAll(async () => {
    books = await openBooks(kind);
    mvts = await keepAtelierBooks(books);
    const years = await books.ok("GET", "/accounting/balance-sheet");
    expect(years.items).toHaveLength(1);
    yearId = years.items[0].id;
    expect(years.items[0]).toMatchObject({ start: "2025-01-01", end: "2025-12-31", status: "open" });
  }, 120_000);
  afterAll(async () => books?.close());

  it("numbers each journal's entries without a gap, in the order they were validated, on the day they happened", async () => {
    const { items } = await books.ok("GET", "/accounting/entries?limit=50");
    const numbers = Object.fromEntries(items.map((e: { mvt: string; number: string }) => [e.mvt, e.number]));
    expect(Object.fromEntries(Object.entries(mvts).map(([id, mvt]) => [id, numbers[mvt]]))).toEqual({
      E1: "AN000001",
      E2: "VT000001",
      E3: "HA000001",
      E4: "VT000002",
      E5: "VT000003",
      E6: "HA000002",
      E7: "BQ000001",
      E8: "BQ000002",
      E9: "BQ000003",
      E10: "BQ000004",
      E11: "OD000001",
    });
    const e2 = await books.ok("GET", `/accounting/entries/mvt/${mvts.E2}`);
    expect(e2).toMatchObject({
      status: "validated",
      validatedOn: "2025-01-05",
      debit: 240_000,
      credit: 240_000,
    });
  });

  it("has 11 entries, 29 lines and the example's journal totals", async () => {
    const { items, total } = await books.ok("GET", "/accounting/entries?limit=50");
    expect(total).toBe(11);
    expect(items.reduce((n: number, e: { lineCount: number }) => n + e.lineCount, 0)).toBe(29);
    const byJournal: Record<string, number> = {};
    for (const e of items as { journal: string; debit: number }[])
      byJournal[e.journal] = (byJournal[e.journal] ?? 0) + e.debit;
    expect(byJournal).toEqual({ AN: 1_000_000, VT: 444_000, HA: 240_000, BQ: 438_500, OD: 66_000 });
    // The sums are the filter's, whatever the page: all 11 entries on a page of 2, then the bank's alone.
    const page = await books.ok("GET", "/accounting/entries?limit=2&offset=2");
    expect([page.items.length, page.sums]).toEqual([2, { debit: 2_188_500, credit: 2_188_500 }]);
    const bank = await books.ok("GET", "/accounting/entries?journal=BQ&limit=1");
    expect([bank.total, bank.sums]).toEqual([4, { debit: 438_500, credit: 438_500 }]);
    // A text search (numbers here) counts its matches exactly under the cap, and says nothing of a cap.
    const sales = await books.ok("GET", "/accounting/entries?q=vt0000&limit=50");
    expect([sales.total, sales.sums.debit, "capped" in sales]).toEqual([3, 444_000, false]);
    // A page at an offset (found from the daily totals) is the same page as one counted from the start.
    const offset = await books.ok("GET", "/accounting/entries?start=2025-01-06&limit=3&offset=4");
    const whole = await books.ok("GET", "/accounting/entries?start=2025-01-06&limit=50");
    expect(offset.items.map((e: { mvt: string }) => e.mvt)).toEqual(
      whole.items.slice(4, 7).map((e: { mvt: string }) => e.mvt),
    );
  });

  it("adds up a range that cuts its months from the days' balances: each account = Σ its lines in the range", async () => {
    const range = { start: "2025-01-06", end: "2025-01-24" };
    const balance = await books.ok("POST", "/accounting/reports/balance", range);
    const ledger = await books.ok("POST", "/accounting/reports/generalledger", { ...range, limit: 1000 });
    const sums: Record<string, [number, number]> = {};
    for (const r of ledger.rows as { account: string; debit: number; credit: number }[]) {
      const [d, c] = sums[r.account] ?? [0, 0];
      sums[r.account] = [d + r.debit, c + r.credit];
    }
    expect(Object.keys(sums).length).toBeGreaterThan(3);
    expect(
      Object.fromEntries(
        balance.rows.map((r: { account: string; debit: number; credit: number }) => [
          r.account,
          [r.debit, r.credit],
        ]),
      ),
    ).toEqual(sums);
    // Each row is the contract's: the account's label from the chart, nothing more (no `auxiliary`).
    const chart = await books.ok("GET", "/accounting/accounts");
    const labels = new Map(
      (chart.items as { number: string; label: string }[]).map((a) => [a.number, a.label]),
    );
    for (const row of balance.rows as Record<string, unknown>[]) {
      expect(Object.keys(row).sort()).toEqual(
        ["account", "balanceCredit", "balanceDebit", "credit", "debit", "label"].sort(),
      );
      expect(row.label).toBe(labels.get(row.account as string));
    }
  });

  it("reproduces the trial balance at 31/01/2025 exactly", async () => {
    const balance = await books.ok("POST", "/accounting/reports/balance", {
      start: "2025-01-01",
      end: "2025-01-31",
    });
    expect(
      balance.rows.map((r: Record<string, number>) => [
        r.account,
        r.debit,
        r.credit,
        r.balanceDebit,
        r.balanceCredit,
      ]),
    ).toEqual(expectedTrialBalance);
    expect(balance.totals).toEqual({
      debit: 2_188_500,
      credit: 2_188_500,
      balanceDebit: 1_496_000,
      balanceCredit: 1_496_000,
    });
    const year = await books.ok("POST", "/accounting/reports/balance", { yearId });
    expect(year.totals).toEqual(balance.totals);
  });

  it("shows the income statement's result and the balance sheet", async () => {
    const { incomeStatement, balanceSheet } = await books.ok(
      "GET",
      `/accounting/balance-sheet/${yearId}/calculate`,
    );
    expect(incomeStatement.netTurnover).toBe(330_000);
    expect(incomeStatement.result).toBe(227_500);
    const charges = incomeStatement.sections.find((s: { key: string }) => s.key === "operatingCharges");
    expect(charges.total).toBe(102_500);
    expect(balanceSheet.totalAssets).toBe(1_373_500);
    expect(balanceSheet.totalLiabilities).toBe(1_373_500);
    const line = (side: "assets" | "liabilities", key: string) =>
      balanceSheet[side]
        .flatMap((s: { lines: { key: string; amount: number }[] }) => s.lines)
        .find((l: { key: string }) => l.key === key)?.amount;
    expect(line("assets", "tangibleAssets")).toBe(100_000);
    expect(line("assets", "tradeReceivables")).toBe(80_000);
    expect(line("assets", "cash")).toBe(1_193_500);
    expect(line("liabilities", "capital")).toBe(1_000_000);
    expect(line("liabilities", "result")).toBe(227_500);
    expect(line("liabilities", "fixedAssetPayables")).toBe(120_000);
    expect(line("liabilities", "taxAndSocial")).toBe(26_000);
  });

  it("gives the dashboard its first figures from the accounting read models", async () => {
    const stats = await books.ok("GET", "/dashboard/stats/accounting");
    expect(stats).toEqual({
      year: { id: yearId, start: "2025-01-01", end: "2025-12-31", status: "open" },
      revenue: 330_000,
      due: 80_000,
      expenses: 102_500,
      cash: 1_193_500,
      result: 227_500,
      asOf: "2025-01-31",
      provisional: true,
    });
  });

  it("letters Alpha's and Beta's accounts AA (codes run per account) on the day of their last line", async () => {
    const page = await books.ok("POST", "/accounting/reports/generalledger", {
      start: "2025-01-01",
      end: "2025-12-31",
      account: "411000",
    });
    const letters = page.rows.map(
      (r: { auxiliary: string; letterCode: string | null; letterDate: string | null; balance: number }) => [
        r.auxiliary,
        r.letterCode,
        r.letterDate,
      ],
    );
    expect(letters).toEqual([
      ["CALPHA", "AA", "2025-01-20"],
      ["CGAMMA", null, null],
      ["CALPHA", "AA", "2025-01-20"],
      ["CALPHA", "AA", "2025-01-20"],
      ["CGAMMA", null, null],
    ]);
    expect(page.rows.at(-1).balance).toBe(80_000);
    const suppliers = await books.ok("POST", "/accounting/reports/generalledger", {
      start: "2025-01-01",
      end: "2025-12-31",
      account: "401000",
    });
    expect(
      suppliers.rows.map((r: { letterCode: string; letterDate: string }) => [r.letterCode, r.letterDate]),
    ).toEqual([
      ["AA", "2025-01-25"],
      ["AA", "2025-01-25"],
    ]);
  });

  it("exports the FEC of the year as if it closed on 31/01: named, complete, balanced, lettered, and clean by the DGFiP's rules", async () => {
    const res = await createApp(books.ctx).request(
      `/api/accounting/entries/download/${yearId}?format=fec&separator=pipe&until=2025-01-31`,
      { headers: { authorization: `Bearer ${books.token()}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="123456782FEC20250131.txt"');
    const text = await res.text();
    const lines = text.split("\r\n").filter((l) => l !== "");
    expect(lines).toHaveLength(30);
    expect(lines[0]).toBe(
      "JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise",
    );
    for (const expected of [
      "VT|Journal des ventes|VT000001|20250105|411000|Clients|CALPHA|Alpha SARL|FA-2025-0001|20250105|Facture FA-2025-0001 Alpha|2400,00|0,00|AA|20250120|20250105||",
      "VT|Journal des ventes|VT000001|20250105|707000|Ventes de marchandises|||FA-2025-0001|20250105|Facture FA-2025-0001 Alpha|0,00|2000,00|||20250105||",
      "VT|Journal des ventes|VT000001|20250105|445710|TVA collectée 20 %|||FA-2025-0001|20250105|Facture FA-2025-0001 Alpha|0,00|400,00|||20250105||",
    ])
      expect(lines).toContain(expected);
    const fields = lines.slice(1).map((l) => l.split("|"));
    expect(fields.every((f) => f.length === 18)).toBe(true);
    const sum = (i: number) => fields.reduce((s, f) => s + parseAmount(f[i] ?? ""), 0);
    expect([sum(11), sum(12)]).toEqual([2_188_500, 2_188_500]);
    expect(text).not.toMatch(/\d\.\d/);
    expect(fields.some((f) => f[0] === "AN")).toBe(true);
    // CompAux only on third-party lines.
    expect(
      fields
        .filter((f) => f[6] !== "")
        .map((f) => f[4])
        .sort(),
    ).toEqual(
      fields
        .filter((f) => ["411000", "401000", "404000"].includes(f[4] ?? ""))
        .map((f) => f[4])
        .sort(),
    );
    expect(checkFec("123456782FEC20250131.txt", text, { strict: true })).toEqual([]);
    const csv = await books.call("GET", `/accounting/entries/download/${yearId}?format=csv`);
    expect(csv.status).toBe(200);
    expect(
      String(csv.body)
        .split("\r\n")
        .filter((l) => l !== ""),
    ).toHaveLength(30);
  });

  it("imports its own FEC into a new organisation through the API with the same trial balance; a broken file writes nothing", async () => {
    const app = createApp(books.ctx);
    const download = await app.request(`/api/accounting/entries/download/${yearId}?until=2025-01-31`, {
      headers: { authorization: `Bearer ${books.token()}` },
    });
    const fec = new Uint8Array(await download.arrayBuffer());
    const before = await books.ok("POST", "/accounting/reports/balance", {
      start: "2025-01-01",
      end: "2025-01-31",
    });
    const created = await books.ok("POST", "/user/orgs", { name: "Atelier Copie SARL", siren: "123456782" });
    books.signIn(created.token);
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string) =>
      app.request(`/api/accounting/entries/import?name=${name}`, {
        method: "POST",
        headers: { authorization: `Bearer ${books.token()}`, "content-type": "application/octet-stream" },
        body: bytes,
      });
    const broken = new TextEncoder().encode(new TextDecoder().decode(fec).replace("2400,00", "2400.00"));
    const refused = await (await upload(broken, "123456782FEC20250131.txt")).json();
    expect(refused.entries).toBe(0);
    const brokenLine =
      new TextDecoder()
        .decode(fec)
        .split("\r\n")
        .findIndex((l) => l.includes("2400,00")) + 1;
    expect(refused.errors).toContainEqual(
      expect.objectContaining({ line: brokenLine, code: "fec.amountDot" }),
    );
    expect((await books.ok("GET", "/accounting/entries")).total).toBe(0);
    const imported = await (await upload(fec, "123456782FEC20250131.txt")).json();
    expect([imported.entries, imported.lines, imported.errors]).toEqual([11, 29, []]);
    const after = await books.ok("POST", "/accounting/reports/balance", {
      start: "2025-01-01",
      end: "2025-01-31",
    });
    expect(after.rows).toEqual(before.rows);
    // Back to the example's organisation for the next tests.
    const { items } = await books.ok("GET", "/user/orgs");
    const atelier = items.find((o: { name: string }) => o.name === "Atelier Démo SARL");
    books.signIn((await books.ok("POST", "/user/orgs/change", { orgId: atelier.id })).token);
  });

  it("pages the general ledger by keyset, the running balance going on from page to page (given back or added up again)", async () => {
    const pages = async (range: { start: string; end: string }) => {
      const rows: { account: string; balance: number }[] = [];
      let after: Record<string, unknown> | undefined;
      do {
        const page = await books.ok("POST", "/accounting/reports/generalledger", {
          ...range,
          limit: 3,
          ...(after && { after }),
        });
        rows.push(...page.rows);
        after = page.next ?? undefined;
      } while (after);
      return rows.map((r) => [r.account, r.balance]);
    };
    const whole = async (range: { start: string; end: string }) =>
      (await books.ok("POST", "/accounting/reports/generalledger", range)).rows.map(
        (r: { account: string; balance: number }) => [r.account, r.balance],
      );
    const range = { start: "2025-01-01", end: "2025-12-31" };
    const expected = await whole(range);
    expect(expected).toHaveLength(29);
    expect(await pages(range)).toEqual(expected);
    // A range that cuts its first month: the opening of a page adds that month's days, then whole months.
    const cut = { start: "2025-01-06", end: "2025-03-31" };
    const cutRows = await whole(cut);
    expect(cutRows.length).toBeGreaterThan(3);
    expect(await pages(cut)).toEqual(cutRows);
    const bank = await books.ok("POST", "/accounting/reports/generalledger", {
      ...range,
      account: "512000",
      limit: 2,
    });
    const rest = await books.ok("POST", "/accounting/reports/generalledger", {
      ...range,
      account: "512000",
      after: bank.next,
    });
    expect([...bank.rows, ...rest.rows].map((r: { balance: number }) => r.balance)).toEqual([
      1_000_000, 1_216_000, 1_316_000, 1_196_000, 1_193_500,
    ]);
  });

  it("reindexes: the balances per month and per day equal the sums of the lines, and a wrong one is named", async () => {
    expect(await books.ok("GET", `/accounting/balance-sheet/${yearId}/reindex`)).toEqual({
      consistent: true,
      differences: [],
    });
    const db = books.ctx.database.db;
    const { org_id } = await db
      .selectFrom("fiscal_years")
      .select("org_id")
      .where("id", "=", yearId)
      .executeTakeFirstOrThrow();
    const day = { org_id, account: "512000", date: "2025-01-01" };
    const row = await db
      .selectFrom("account_day_balances")
      .selectAll()
      .where((eb) => eb.and(day))
      .executeTakeFirst();
    expect(row).toBeDefined();
    await db
      .updateTable("account_day_balances")
      .set({ debit: sql`debit + 1` })
      .where((eb) => eb.and(day))
      .execute();
    try {
      expect(await books.ok("GET", `/accounting/balance-sheet/${yearId}/reindex`)).toEqual({
        consistent: false,
        differences: [{ period: "2025-01-01", account: "512000" }],
      });
    } finally {
      await db
        .updateTable("account_day_balances")
        .set({ debit: sql`debit - 1` })
        .where((eb) => eb.and(day))
        .execute();
    }
  });

  it("refuses every change to a validated entry and changes nothing", async () => {
    const before = await books.ok("GET", `/accounting/entries/mvt/${mvts.E2}`);
    const change = await books.call("PUT", `/accounting/entries/mvt/${mvts.E2}`, {
      journal: "VT",
      date: "2025-01-05",
      pieceRef: "FA-2025-0001",
      label: "changed",
      lines: [],
    });
    expect(change.status).toBe(409);
    expect(change.body.code).toBe("entry.validatedImmutable");
    const remove = await books.call("DELETE", `/accounting/entries/mvt/${mvts.E2}`);
    expect(remove.status).toBe(409);
    expect(await books.ok("GET", `/accounting/entries/mvt/${mvts.E2}`)).toEqual(before);
  });

  it("counts on the next page an entry validated back-dated after the page before was read", async () => {
    const range = { start: "2025-01-01", end: "2025-12-31", account: "512000" };
    const first = await books.ok("POST", "/accounting/reports/generalledger", { ...range, limit: 2 });
    const before = await books.ok("POST", "/accounting/reports/generalledger", {
      ...range,
      after: first.next,
    });
    // Dated before the cursor's day: it sorts before the next page, whose opening must now include it.
    expect(first.rows[1].date > "2025-01-01").toBe(true);
    await books.ok("POST", "/accounting/entries", {
      journal: "BQ",
      date: "2025-01-01",
      pieceRef: "REM-0001",
      label: "Remise d’espèces",
      validate: true,
      lines: [
        { account: "512000", debit: 7_000, credit: 0 },
        { account: "530000", debit: 0, credit: 7_000 },
      ],
    });
    const after = await books.ok("POST", "/accounting/reports/generalledger", {
      ...range,
      after: first.next,
    });
    expect(after.rows.map((r: { balance: number }) => r.balance)).toEqual(
      before.rows.map((r: { balance: number }) => r.balance + 7_000),
    );
  });
});
