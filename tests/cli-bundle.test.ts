import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FecLineInput, writeFec } from "@registre/core";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the launcher's JavaScript, without declarations
import { cliBundle } from "../api/bin/cli-bundle.js";

const bin = fileURLToPath(new URL("../api/bin/registre.js", import.meta.url));

const line = (account: string, debit: number, credit: number): FecLineInput => ({
  journalCode: "OD",
  journalLib: "Opérations diverses",
  ecritureNum: "1",
  ecritureDate: "2025-03-05",
  compteNum: account,
  compteLib: `Compte ${account}`,
  compAuxNum: "",
  compAuxLib: "",
  pieceRef: "P1",
  pieceDate: "2025-03-05",
  ecritureLib: "Opération",
  debit,
  credit,
  ecritureLet: "",
  dateLet: "",
  validDate: "2025-03-05",
  montantDevise: null,
  idevise: "",
});

/**
 * The `registre` command runs from one JavaScript bundle of its sources (api/bin/cli-bundle.js), not
 * hundreds of TypeScript files through tsx: made once, reused while no source changes.
 */
describe("the registre command's bundle", () => {
  it("is made once under node_modules/.cache, reused, and runs the command", async () => {
    const url: string = await cliBundle();
    expect(url).toMatch(/\/node_modules\/\.cache\/registre\/cli-[0-9a-f]{16}\/main\.mjs$/);
    expect(readFileSync(new URL(url), "utf8")).toContain("registerFecCommands");
    // The server in a chunk of its own, loaded by `serve` only: not among what the command imports.
    const main = readFileSync(new URL(url), "utf8");
    expect(main).not.toMatch(/from "hono"|from "@hono\/node-server"|from "pdfkit"/);
    const started = performance.now();
    expect(await cliBundle()).toBe(url);
    // Reused: a look at each source, no bundling.
    expect(performance.now() - started).toBeLessThan(1_000);

    const dir = mkdtempSync(join(tmpdir(), "registre-bundle-"));
    const file = join(dir, "123456782FEC20251231.txt");
    writeFileSync(file, writeFec([line("622600", 1_000, 0), line("512000", 0, 1_000)], "\t"));
    const checked = spawnSync(process.execPath, [bin, "fec", "check", file], { encoding: "utf8" });
    expect(checked.stderr).toBe("");
    expect([checked.status, checked.stdout.trim()]).toEqual([0, "OK"]);
  });
});
