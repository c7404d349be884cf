import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type FecLineInput, parisDate, writeFec } from "@registre/core";
import { describe, expect, it } from "vitest";
import { cliDatabase, cliIn } from "../../../tests/support/cli.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { atelierAuxiliaries, atelierLettering, atelierOperations } from "../demo/books.ts";

/** The worked example's January, moved to the current year (the fiscal year `org create` opens), as a FEC. */
const exampleFec = (year: string): string => {
  const lettered = new Map(
    atelierLettering.flatMap((set, i) =>
      set.map(([id, account]) => [`${id}/${account}`, i === 0 ? "A" : "B"]),
    ),
  );
  const lastOf = (i: number) =>
    (atelierLettering[i] ?? [])
      .map(([id]) => atelierOperations.find((o) => o.id === id)?.date ?? "")
      .sort()
      .at(-1) ?? "";
  const records: FecLineInput[] = atelierOperations.flatMap((op, n) =>
    op.lines.map(([account, debit, credit, auxiliary]) => {
      const date = op.date.replace("2025", year);
      const letter = lettered.get(`${op.id}/${account}`) ?? "";
      return {
        journalCode: op.journal,
        journalLib: op.journal,
        ecritureNum: String(n + 1),
        ecritureDate: date,
        compteNum: account,
        compteLib: `Compte ${account}`,
        compAuxNum: auxiliary ?? "",
        compAuxLib: atelierAuxiliaries.find((a) => a.number === auxiliary)?.label ?? "",
        pieceRef: op.pieceRef,
        pieceDate: (op.pieceDate ?? op.date).replace("2025", year),
        ecritureLib: op.label,
        debit,
        credit,
        ecritureLet: letter,
        dateLet: letter ? lastOf(letter === "A" ? 0 : 1).replace("2025", year) : "",
        validDate: date,
        montantDevise: null,
        idevise: "",
      };
    }),
  );
  return writeFec(records, "\t");
};

describe.each(databaseKinds)("the registre CLI's accounting on %s", (kind) => {
  it("checks, imports and exports FEC files, and prints the reports", async () => {
    const { dataDir, env } = await cliDatabase(kind);
    const registre = cliIn(env);

    const year = parisDate(new Date()).slice(0, 4);
    const fileName = `123456782FEC${year}1231.txt`;
    const file = join(dataDir, fileName);
    writeFileSync(file, exampleFec(year));
    const checked = await registre("fec", "check", file);
    expect(checked).toMatchObject({ code: 0 });
    expect(checked.stdout.trim()).toBe("OK");
    const broken = join(dataDir, "123456782FEC20251231.txt");
    const lines = readFileSync(file, "utf8").split("\r\n");
    lines[3] = (lines[3] ?? "").replace(/\t(\d+),(\d\d)\t0,00\t/, "\t$1.$2\t0,00\t");
    lines[6] = (lines[6] ?? "").replace(/\t[^\t]*\t[^\t]*$/, "");
    writeFileSync(broken, lines.join("\r\n"));
    const refusedCheck = await registre("fec", "check", broken);
    expect(refusedCheck.code).toBe(1);
    expect(refusedCheck.stdout).toMatch(/^error {3}line 4: Debit "\d+\.\d\d" is not an amount/m);
    expect(refusedCheck.stdout).toMatch(/^error {3}line 7: 16 fields where the header has 18/m);

    const created = await registre("org", "create", "--name", "Atelier Démo SARL", "--siren", "123456782");
    expect(created.code).toBe(0);
    const orgId = created.stdout.trim();

    const refusedImport = await registre("fec", "import", "--org", orgId, broken);
    expect(refusedImport.code).toBe(1);
    expect(refusedImport.stdout).toContain("line 4: Debit");
    expect(refusedImport.stdout).toContain("refused: 2 errors");
    const imported = await registre("fec", "import", "--org", orgId, file);
    expect(imported.stdout).toContain(`${fileName}: imported 11 entries (29 lines), 2 lettering sets`);
    expect(imported.code).toBe(0);

    const balance = await registre("report", "balance", "--org", orgId, "--year", year, "--format", "csv");
    expect(balance.code).toBe(0);
    expect(
      balance.stdout.startsWith("\ufeffCompte;Libellé;Mouvements débit;Mouvements crédit;Solde\r\n"),
    ).toBe(true);
    expect(balance.stdout).toContain("\r\n411000;Clients;4200,00;3400,00;800,00\r\n");
    expect(balance.stdout).toContain("\r\nTotal;;21885,00;21885,00;0,00\r\n");
    const sheet = JSON.parse(
      (await registre("report", "balance-sheet", "--org", orgId, "--year", year, "--format", "json")).stdout,
    );
    expect(sheet).toMatchObject({ totalAssets: 1_373_500, totalLiabilities: 1_373_500, result: 227_500 });
    const income = await registre("report", "income", "--org", orgId, "--year", year);
    expect(income.stdout).toContain("result 2275,00");
    const journal = await registre("report", "journal", "--org", orgId, "--year", year);
    expect(journal.stdout).toMatch(/Total VT\s+3 entries\s+4440,00\s+4440,00/);
    expect(journal.stdout).toContain("Total, all journals: debit 21885,00, credit 21885,00");
    const ledger = await registre("report", "ledger", "--org", orgId, "--year", year, "--format", "csv");
    expect(ledger.stdout.split("\r\n").filter((l) => l.startsWith("512000;"))).toHaveLength(5);

    const out = join(dataDir, "out");
    const exported = await registre(
      "fec",
      "export",
      "--org",
      orgId,
      "--year",
      year,
      "--out",
      out,
      "--separator",
      "pipe",
      "--until",
      `${year}-01-31`,
    );
    expect(exported.code).toBe(0);
    const exportName = `123456782FEC${year}0131.txt`;
    expect(exported.stdout).toContain(`${exportName}: 29 lines of entries, checked (strict): no finding`);
    expect(existsSync(join(out, `123456782FEC${year}0131.description.txt`))).toBe(true);
    const text = readFileSync(join(out, exportName), "utf8");
    expect(text.split("\r\n")[3]).toBe(
      `VT|Journal des ventes|VT000001|${year}0105|411000|Clients|CALPHA|Alpha SARL|FA-2025-0001|${year}0105|Facture FA-2025-0001 Alpha|2400,00|0,00|AA|${year}0120|${year}0105||`,
    );
    const strict = await registre("fec", "check", "--strict", join(out, exportName));
    expect(strict.stdout.trim()).toBe("OK");
  }, 240_000);
});
