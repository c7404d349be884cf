/**
 * The text of a PDF reads the same whatever the process printed before: the fonts are shared by every
 * document of the process (page.ts), their glyph objects with them. Its own file, so that the fonts
 * are fresh when it starts (a file that printed periods first would hide the fault).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { finish, openPdf } from "./page.ts";

const dir = mkdtempSync(join(tmpdir(), "registre-unicode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const textOf = async (name: string, lines: readonly string[]): Promise<string> => {
  const doc = openPdf("fr", name, "Atelier");
  for (const line of lines) doc.text(line);
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await finish(doc));
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
};

describe("the PDF's text (ToUnicode)", () => {
  it("keeps its periods after a document that printed « : », « ; » and « … » but no period", async () => {
    // Inter draws these with the period's glyph as a component: subsetting them made that glyph first.
    expect(await textOf("first", ["Total : 12", "Remise ; acompte…"])).toContain("Total : 12");
    const text = await textOf("second", ["contact@atelier-bois.fr", "Merci de votre confiance."]);
    expect(text).toContain("contact@atelier-bois.fr");
    expect(text).toContain("Merci de votre confiance.");
  });

  it("reads accented letters and no-break spaces back as written", async () => {
    const text = await textOf("accents", ["Échéance : 31/01/2026 — 1\u202f234,50\u00a0€ ; reçu ôté"]);
    expect(text.replace(/[\u00a0\u202f]/g, " ")).toContain("Échéance : 31/01/2026 — 1 234,50 € ; reçu ôté");
  });
});
