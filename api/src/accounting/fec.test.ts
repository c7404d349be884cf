import { checkFec, decodeFec, parseFec, planFecImport } from "@registre/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import type { AppContext } from "../context.ts";
import { atelierAuxiliaries, atelierLettering, atelierLineRef, atelierOperations } from "../demo/books.ts";
import { translate } from "../http/messages.ts";
import {
  type Books,
  bareOrganisation,
  expectImported,
  fileSums,
  fixture,
  letteredLines,
  openBooks,
  organisation,
  septemberToAugustFec,
  trialBalanceSums,
} from "../testing/fec-books.ts";
import { runChart } from "./books.ts";
import { collect, entriesCsv, journalTotals, journalTotalsCsv, trialBalanceCsv } from "./csv.ts";
import { draftEntry } from "./entries.ts";
import { exportFec, type FecImportResult, importFec } from "./fec.ts";
import { letterLines } from "./lettering.ts";
import { listFiscalYears, trialBalanceReport } from "./queries.ts";

/** The worked example (shared/examples/atelier-demo.md) kept through the services: 11 entries, 2 lettering sets. */
const keepAtelierBooks = async (books: Books) => {
  const orgId = await organisation(books, "2025-01-01");
  for (const aux of atelierAuxiliaries)
    await runChart(books.ctx, orgId, { type: "CreateAuxiliaryAccount", data: aux }, books.meta());
  const mvts: Record<string, string> = {};
  for (const op of atelierOperations) {
    books.setDay(op.date);
    mvts[op.id] = await draftEntry(
      books.ctx,
      orgId,
      {
        journal: op.journal,
        date: op.date,
        pieceRef: op.pieceRef,
        pieceDate: op.pieceDate ?? op.date,
        label: op.label,
        lines: op.lines.map(([account, debit, credit, auxiliary]) => ({
          account,
          auxiliary: auxiliary ?? null,
          label: null,
          debit,
          credit,
        })),
      },
      books.meta(),
      { validate: true },
    );
  }
  books.setDay("2025-01-31");
  for (const set of atelierLettering)
    await letterLines(
      books.ctx,
      orgId,
      set.map(([id, account]) => atelierLineRef(mvts, id, account)),
      books.meta(),
    );
  return orgId;
};

const eventCount = async (ctx: AppContext, orgId: string) => {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::integer as n from events where org_id = ${orgId}`.execute(ctx.database.db);
  return Number(rows[0]?.n);
};

/** The FEC without its ValidDate column: the day each entry was validated differs between two books. */
const withoutValidDate = (text: string) =>
  text
    .split("\r\n")
    .map((line) => line.split("|").toSpliced(15, 1).join("|"))
    .join("\r\n");

/**
 * A real file imported whole: every line, each account's movements the file's Debit and Credit
 * sums, both export writers giving the same bytes (real labels: accents, apostrophes, long texts),
 * and every lettering set of the file.
 */
const expectWholeFile = async (
  books: Books,
  orgId: string,
  file: { bytes: Buffer; name: string; year: string },
  result: FecImportResult,
) => {
  const { bytes, year } = file;
  expectImported(result);
  expect(result.lines).toBe(parseFec(decodeFec(bytes).text).records.length);
  expect(await trialBalanceSums(books.ctx, orgId)).toEqual(fileSums(bytes));
  expect(await collect((await exportFec(books.ctx, orgId, year)).chunks)).toBe(
    await collect((await exportFec(books.ctx, orgId, year, { writer: "pages" })).chunks),
  );
  const planned = planFecImport({
    bytes,
    fileName: file.name,
    context: {
      chart: { initialised: false, accounts: {} },
      journals: { initialised: false, journals: {} },
      fiscal: { years: [], lockedUntil: null },
    },
    newId: () => "x",
    validatedOn: "2026-01-01",
    explain: (error) => translate(error.code, "en", error.params),
  });
  expect(result.lettered).toBe(planned.lettering.length);
  expect(await letteredLines(books.ctx, orgId)).toBe(
    planned.lettering.reduce((s, set) => s + set.lines.length, 0),
  );
};

describe.each(databaseKinds)("the FEC on %s", (kind) => {
  let books: Books;
  let atelier: string;
  beforeAll(async () => {
    books = await openBooks(kind);
    atelier = await keepAtelierBooks(books);
  }, 120_000);
  afterAll(async () => {
    await books?.close();
  });

  it("exports the worked example as if the year closed on 31/01: strict-clean, 29 lines, the AN entry, lettering", async () => {
    const exported = await exportFec(books.ctx, atelier, "2025", { separator: "|", until: "2025-01-31" });
    expect(exported.fileName).toBe("123456782FEC20250131.txt");
    expect(exported.descriptionFileName).toBe("123456782FEC20250131.description.txt");
    expect(exported.lineCount).toBe(29);
    const text = await collect(exported.chunks);
    expect(checkFec(exported.fileName, text, { strict: true })).toEqual([]);
    const lines = text.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(31);
    expect(lines.slice(0, 4)).toEqual([
      "JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise",
      "AN|À-nouveaux|AN000001|20250101|512000|Banque|||AN-2025|20250101|Apport en capital|10000,00|0,00|||20250101||",
      "AN|À-nouveaux|AN000001|20250101|101000|Capital|||AN-2025|20250101|Apport en capital|0,00|10000,00|||20250101||",
      "VT|Journal des ventes|VT000001|20250105|411000|Clients|CALPHA|Alpha SARL|FA-2025-0001|20250105|Facture FA-2025-0001 Alpha|2400,00|0,00|AA|20250120|20250105||",
    ]);
    expect(lines[4]).toBe(
      "VT|Journal des ventes|VT000001|20250105|707000|Ventes de marchandises|||FA-2025-0001|20250105|Facture FA-2025-0001 Alpha|0,00|2000,00|||20250105||",
    );
    const records = parseFec(text).records;
    expect(records.reduce((s, r) => s + r.debit, 0)).toBe(2_188_500);
    expect(records.reduce((s, r) => s + r.credit, 0)).toBe(2_188_500);
    expect(records.filter((r) => r.compAuxNum).map((r) => r.compteNum.slice(0, 3))).toEqual(
      expect.arrayContaining(["411", "401", "404"]),
    );
    expect(
      records
        .filter((r) => r.compAuxNum)
        .every((r) => ["411", "401", "404"].includes(r.compteNum.slice(0, 3))),
    ).toBe(true);
    expect(records.filter((r) => r.ecritureLet === "AA")).toHaveLength(5);
    expect(exported.description).toContain("Nombre de lignes : 29 lignes d'écritures");
    expect(exported.description).toContain("Exercice : du 01/01/2025 au 31/01/2025");
  });

  it("streams a year in keyset pages: the same file whatever the page size, TAB by default", async () => {
    const whole = await collect((await exportFec(books.ctx, atelier, "2025")).chunks);
    const paged = await exportFec(books.ctx, atelier, "2025", { batchSize: 4 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of paged.chunks) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(whole);
    // PostgreSQL's writer (on a server) and TypeScript's (PGlite) give the same bytes, `until` too.
    const pages = await exportFec(books.ctx, atelier, "2025", { batchSize: 4, writer: "pages" });
    const pageChunks: Uint8Array[] = [];
    for await (const chunk of pages.chunks) pageChunks.push(chunk);
    expect(pageChunks.length).toBe(1 + Math.ceil(29 / 4));
    expect(Buffer.concat(pageChunks).toString("utf8")).toBe(whole);
    for (const until of ["2025-01-20", "2025-01-31"])
      expect(
        await collect((await exportFec(books.ctx, atelier, "2025", { until, separator: "|" })).chunks),
      ).toBe(
        await collect(
          (await exportFec(books.ctx, atelier, "2025", { until, separator: "|", writer: "pages" })).chunks,
        ),
      );
    // The description's line count is the file's, `until` too (it adds the cut month's days).
    for (const until of ["2025-01-04", "2025-01-20", "2025-12-31"]) {
      const cut = await exportFec(books.ctx, atelier, "2025", { until });
      const text = await collect(cut.chunks);
      expect(cut.lineCount, until).toBe(text.split("\r\n").length - 2);
      expect(cut.description, until).toContain(String(cut.lineCount));
    }
    // A download abandoned after its first chunks (the client went away) lets its connection go.
    const abandoned = (await exportFec(books.ctx, atelier, "2025")).chunks[Symbol.asyncIterator]();
    await abandoned.next();
    await abandoned.next();
    await abandoned.return?.(undefined);
    expect(await collect((await exportFec(books.ctx, atelier, "2025")).chunks)).toBe(whole);
    expect(paged.fileName).toBe("123456782FEC20251231.txt");
    expect(whole.split("\r\n")[0]?.split("\t")).toHaveLength(18);
    expect(checkFec(paged.fileName, whole, { strict: true })).toEqual([]);
    await expect(exportFec(books.ctx, atelier, "2025", { until: "2026-01-31" })).rejects.toMatchObject({
      code: "period.outsideYear",
    });
  });

  it("round trip: the export imported into a fresh organisation gives the same trial balance, lettering and FEC", async () => {
    const original = await collect(
      (await exportFec(books.ctx, atelier, "2025", { separator: "|", until: "2025-01-31" })).chunks,
    );
    const fresh = await organisation(books, "2025-02-10", "732829320");
    const result = await importFec(
      books.ctx,
      fresh,
      Buffer.from(original, "utf8"),
      "123456782FEC20250131.txt",
      books.meta(),
    );
    expectImported(result);
    expect(result).toMatchObject({
      entries: 11,
      lines: 29,
      lettered: 2,
      journalsCreated: [],
      accountsCreated: 0,
    });
    expect(result.warnings.map((w) => w.code).sort()).toEqual(["fec.closingDate", "fec.siren"]);
    const range = { start: "2025-01-01", end: "2025-12-31" };
    expect(await trialBalanceReport(books.ctx, fresh, range)).toEqual(
      await trialBalanceReport(books.ctx, atelier, range),
    );
    expect(await letteredLines(books.ctx, fresh)).toBe(5);
    const again = await collect(
      (await exportFec(books.ctx, fresh, "2025", { separator: "|", until: "2025-01-31" })).chunks,
    );
    expect(withoutValidDate(again)).toBe(withoutValidDate(original));
  });

  it("a retried import (the same command id) finishes without writing anything twice; another import of the file is refused", async () => {
    const text = await collect((await exportFec(books.ctx, atelier, "2025")).chunks);
    const fresh = await organisation(books, "2025-02-10", "443061841");
    const metadata = books.meta();
    const bytes = Buffer.from(text, "utf8");
    expectImported(await importFec(books.ctx, fresh, bytes, "123456782FEC20251231.txt", metadata));
    const events = await eventCount(books.ctx, fresh);
    expectImported(await importFec(books.ctx, fresh, bytes, "123456782FEC20251231.txt", metadata));
    expect(await eventCount(books.ctx, fresh)).toBe(events);
    const refused = await importFec(books.ctx, fresh, bytes, "123456782FEC20251231.txt", books.meta());
    expect(refused.errors.map((e) => e.code)).toEqual(["fec.alreadyImported"]);
    expect(await eventCount(books.ctx, fresh)).toBe(events);
  });

  it("refuses a broken file whole, naming its lines, and writes nothing", async () => {
    const text = await collect((await exportFec(books.ctx, atelier, "2025", { separator: "|" })).chunks);
    const lines = text.split("\r\n");
    const fresh = await organisation(books, "2025-02-10", "542051180");
    const before = await eventCount(books.ctx, fresh);
    // Unreadable lines: a date that does not exist, a missing field, a dot in an amount.
    const unreadable = [...lines];
    unreadable[3] = (unreadable[3] ?? "").replace("|20250105|", "|20250230|");
    unreadable[8] = (unreadable[8] ?? "").replace(/\|[^|]*$/, "");
    unreadable[12] = (unreadable[12] ?? "").replace(/\|(\d+),(\d\d)\|0,00\|/, "|$1.$2|0,00|");
    const parsed = await importFec(
      books.ctx,
      fresh,
      Buffer.from(unreadable.join("\r\n")),
      "123456782FEC20251231.txt",
      books.meta(),
    );
    expect(parsed.entries).toBe(0);
    expect(parsed.errors.map((e) => [e.line, e.code])).toEqual([
      [4, "fec.invalidDate"],
      [9, "fec.fieldCount"],
      [13, "fec.amountDot"],
    ]);
    expect(parsed.errors[0]?.message).toMatch(/^line 4: EcritureDate "20250230" is not a date/);
    // Readable, but the last entry cannot be posted: every earlier one is left out too.
    const last = lines.length - 2;
    const late = [...lines];
    late[last] = (late[last] ?? "").replace("|445510|", "|999999|");
    const refused = await importFec(
      books.ctx,
      fresh,
      Buffer.from(late.join("\r\n")),
      "123456782FEC20251231.txt",
      books.meta(),
    );
    expect(refused.entries).toBe(0);
    expect(refused.errors.map((e) => [e.line, e.code])).toEqual([[last + 1, "account.invalidNumber"]]);
    expect(await eventCount(books.ctx, fresh)).toBe(before);
    const unbalanced = [...lines];
    unbalanced[1] = (unbalanced[1] ?? "").replace("|10000,00|0,00|", "|10000,01|0,00|");
    const grouped = await importFec(
      books.ctx,
      fresh,
      Buffer.from(unbalanced.join("\r\n")),
      "123456782FEC20251231.txt",
      books.meta(),
    );
    expect(grouped.errors[0]).toMatchObject({ line: 2, code: "fec.unbalanced" });
    expect(await eventCount(books.ctx, fresh)).toBe(before);
  });

  it("writes the entries, the trial balance and the journal totals as French CSV", async () => {
    const range = { start: "2025-01-01", end: "2025-12-31" };
    const balance = trialBalanceCsv(await trialBalanceReport(books.ctx, atelier, range));
    expect(balance.startsWith("\ufeffCompte;Libellé;Mouvements débit;Mouvements crédit;Solde\r\n")).toBe(
      true,
    );
    expect(balance).toContain("\r\n411000;Clients;4200,00;3400,00;800,00\r\n");
    expect(balance).toContain("\r\n512000;Banque;13160,00;1225,00;11935,00\r\n");
    expect(balance.endsWith("\r\nTotal;;21885,00;21885,00;0,00\r\n")).toBe(true);
    const entries = await collect(entriesCsv(books.ctx, atelier, range, { batchSize: 10 }));
    const rows = entries.split("\r\n");
    expect(rows[0]).toBe(
      "\ufeffJournal;Libellé journal;N° écriture;Date;Pièce;Date pièce;Compte;Libellé compte;Compte auxiliaire;Libellé auxiliaire;Libellé;Débit;Crédit;Lettrage;Date lettrage;Validée le",
    );
    expect(rows).toHaveLength(1 + 29 + 1);
    expect(rows[3]).toBe(
      "VT;Journal des ventes;VT000001;05/01/2025;FA-2025-0001;05/01/2025;411000;Clients;CALPHA;Alpha SARL;Facture FA-2025-0001 Alpha;2400,00;0,00;AA;20/01/2025;05/01/2025",
    );
    const byJournal = (
      await collect(entriesCsv(books.ctx, atelier, range, { order: "journal", batchSize: 7 }))
    )
      .split("\r\n")
      .slice(1, -1)
      .map((r) => r.split(";")[0]);
    expect(byJournal).toEqual([...byJournal].sort());
    expect(byJournal).toHaveLength(29);
    const totals = await journalTotals(books.ctx, atelier, range);
    expect(totals.map((t) => [t.journal, t.debit])).toEqual([
      ["AN", 1_000_000],
      ["BQ", 438_500],
      ["HA", 240_000],
      ["OD", 66_000],
      ["VT", 444_000],
    ]);
    expect(journalTotalsCsv(totals)).toContain("\r\nTotal;;11;29;21885,00;21885,00\r\n");
  });

  it("imports a real file into an organisation without books: chart, journals and fiscal year come with it", async () => {
    const bytes = fixture("111111111FEC20221231.TXT");
    const fresh = await bareOrganisation(books);
    books.setDay("2026-11-22");
    const result = await importFec(books.ctx, fresh, bytes, "111111111FEC20221231.TXT", books.meta());
    expectImported(result);
    expect(result.fiscalYearsOpened).toEqual([{ start: "2023-01-01", end: "2023-12-31" }]);
    expect(await trialBalanceSums(books.ctx, fresh)).toEqual(fileSums(bytes));
    // The file whole, as the real files below (this one is imported here rather than once more).
    await expectWholeFile(books, fresh, { bytes, name: "111111111FEC20221231.TXT", year: "2023" }, result);
  });

  it("imports earlier books into an organisation created today: their year only, no empty year up to today", async () => {
    const bytes = fixture("111111111FEC20221231.TXT");
    const today = await organisation(books, "2026-11-22", "000000000");
    const result = await importFec(books.ctx, today, bytes, "111111111FEC20221231.TXT", books.meta());
    expectImported(result);
    expect(result.fiscalYearsOpened).toEqual([{ start: "2023-01-01", end: "2023-12-31" }]);
    expect((await listFiscalYears(books.ctx, today)).map((y) => [y.start, y.end])).toEqual([
      ["2023-01-01", "2023-12-31"],
      ["2026-01-01", "2026-12-31"],
    ]);
    expect(await trialBalanceSums(books.ctx, today)).toEqual(fileSums(bytes));
    await expectWholeFile(books, today, { bytes, name: "111111111FEC20221231.TXT", year: "2023" }, result);
  });

  it("takes over a September–August FEC as its one year, whatever the organisation's calendar", async () => {
    const { name, bytes } = septemberToAugustFec();
    const today = await organisation(books, "2026-11-22", "552100554");
    const result = await importFec(books.ctx, today, bytes, name, books.meta());
    expectImported(result);
    expect(result.fiscalYearsOpened).toEqual([{ start: "2021-09-01", end: "2022-08-31" }]);
    expect(result.fiscalYearsMoved).toEqual([]);
    const years = await listFiscalYears(books.ctx, today);
    expect(years.map((y) => [y.start, y.end, y.empty])).toEqual([
      ["2021-09-01", "2022-08-31", false],
      ["2026-01-01", "2026-12-31", true],
    ]);
    const balance = await trialBalanceReport(books.ctx, today, { start: "2021-09-01", end: "2022-08-31" });
    expect(balance.rows.find((r) => r.account === "706000")?.credit).toBe(500_000);
  });

  it("moves an organisation's first year nothing was posted in after the year it takes over", async () => {
    const { name, bytes } = septemberToAugustFec();
    const started = await organisation(books, "2022-03-01", "552100554");
    const result = await importFec(books.ctx, started, bytes, name, books.meta());
    expectImported(result);
    expect(result.fiscalYearsOpened).toEqual([{ start: "2021-09-01", end: "2022-08-31" }]);
    const moved = (await listFiscalYears(books.ctx, started)).map((y) => [y.start, y.end]);
    expect(moved).toEqual([
      ["2021-09-01", "2022-08-31"],
      ["2022-09-01", "2023-08-31"],
    ]);
    expect(result.fiscalYearsMoved.map((y) => [y.start, y.end])).toEqual([["2022-09-01", "2023-08-31"]]);
  });

  // The 1.8 MB file (4 001 entries, a lettering set of 479 lines) has its own block below;
  // 111111111FEC20221231.TXT is checked whole by the two tests above, which import it.
  it("imports 000000000FEC20231231.txt whole: each account's movements are the file's Debit and Credit sums", async () => {
    const file = "000000000FEC20231231.txt";
    const bytes = fixture(file);
    const fresh = await organisation(books, "2023-03-01", "000000000", 1);
    const started = Date.now();
    const result = await importFec(books.ctx, fresh, bytes, file, books.meta());
    const year = result.fiscalYearsOpened[0]?.end.slice(0, 4) ?? "";
    await expectWholeFile(books, fresh, { bytes, name: file, year }, result);
    console.info(`${kind}: ${file} imported in ${Date.now() - started} ms (${result.entries} entries)`);
  }, 120_000);
});
