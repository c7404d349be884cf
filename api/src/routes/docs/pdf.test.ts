import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

const dir = mkdtempSync(join(tmpdir(), "registre-doc-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text read back with pdftotext, spaces loosened. */
const textOf = (bytes: ArrayBuffer, name: string): string => {
  const file = join(dir, name);
  writeFileSync(file, new Uint8Array(bytes));
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" })
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
};

describe.each(databaseKinds)("a document's PDF (/docs/{id}/pdf) on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);

  it("prints a validated invoice with its number, parties and mandatory mentions, in French and English", async () => {
    const o = await documentsOrganisation(call, register, "Pdf");
    const day = parisDate(new Date());
    const created = await call("POST", "/docs", o.token, {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "10" }],
    });
    const validated = await call("PUT", `/docs/${created.body.id}/status/validated`, o.token);
    const get = (lang: string) =>
      harness.app.request(`/api/docs/${created.body.id}/pdf?lang=${lang}`, {
        headers: { authorization: `Bearer ${o.token}` },
      });
    const fr = await get("fr");
    expect(fr.status).toBe(200);
    expect(fr.headers.get("content-type")).toBe("application/pdf");
    const text = textOf(await fr.arrayBuffer(), `${kind}-fr.pdf`);
    for (const mention of [
      validated.body.number,
      "Atelier Pdf",
      "Alpha SARL",
      "552 120 222",
      "FR27552120222",
      "Conseil",
      "Indemnité forfaitaire pour frais de recouvrement",
      "Pas d'escompte pour paiement anticipé",
    ])
      expect(text).toContain(mention);
    const en = textOf(await (await get("en")).arrayBuffer(), `${kind}-en.pdf`);
    expect(en).toContain(validated.body.number);
    expect(en).toMatch(/[Ii]nvoice/);
    // The unit by its name in the document's language; its code (HUR) is for the Factur-X.
    expect(text).toMatch(/ 10 heure /);
    expect(en).toMatch(/ 10 hour /);
    expect(`${text} ${en}`).not.toContain("HUR");
    const draft = await call("POST", "/docs", o.token, { kind: "quote", direction: "sales", issueDate: day });
    const quote = await harness.app.request(`/api/docs/${draft.body.id}/pdf`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect(textOf(await quote.arrayBuffer(), `${kind}-quote.pdf`)).toContain(draft.body.number);
  });
});
