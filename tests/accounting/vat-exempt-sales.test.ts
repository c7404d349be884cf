import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  calculationViolations,
  categoryViolations,
  readEInvoiceXml,
  saleRegimeMentions,
} from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

/**
 * Sales exempt or outside French VAT through the API's real commands (issue 22): an intra-EU delivery
 * and a service to a German business, an export and a service to an American one, a credit note of the
 * export, a domestic sale beside them; their entries without VAT, the CA3's F2, E1 and E2 (bases only)
 * with the bases still agreeing, validated with its settlement; the Factur-X (XSD and EN 16931's
 * category rules) and the PDF's mentions (pdftotext).
 */
const XSD = fileURLToPath(
  new URL("../../../shared/fixtures/facturx/xsd/en16931/Factur-X_EN16931.xsd", import.meta.url),
);
const dir = mkdtempSync(join(tmpdir(), "registre-exempt-sales-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    const e = error as { code?: string; stderr?: string };
    if (e.code === "ENOENT") throw new Error(`${command} is missing (libxml2-utils, poppler-utils)`);
    throw new Error(`${command} ${args.join(" ")}: ${e.stderr ?? String(error)}`);
  }
};

type Box = { code: string; base: number | null; tax: number | null };
const filled = (boxes: Box[]) =>
  Object.fromEntries(
    boxes
      .filter((b) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0)
      .map((b) => [b.code, b.base !== null && b.tax !== null ? [b.base, b.tax] : (b.base ?? b.tax)]),
  );
type EntryLine = { account: string; debit: number; credit: number; vat?: Record<string, unknown> | null };
const summary = (lines: EntryLine[]) =>
  lines.map((l) => [
    l.account,
    l.debit,
    l.credit,
    l.vat ? `${l.vat.regime}/${l.vat.kind}/${l.vat.rate}` : null,
  ]);

const abroad = (name: string, country: string, vatNumber: string | null) => ({
  kind: "company",
  name,
  types: ["customer"],
  addresses: [{ kind: "billing", line1: "1 Main Street", postalCode: "10115", city: "Berlin", country }],
  ...(vatNumber && { legal: { vatNumber } }),
});

describe.each(databaseKinds)("sales exempt or outside French VAT through the API (%s)", (kind) => {
  let books: Books;
  const docs: Record<string, { id: string; number: string; entryMvt: string; lines: unknown[] }> = {};
  const ids = { german: "", american: "", alpha: "", machine: "", setup: "" };
  beforeAll(async () => {
    books = await openBooks(kind);
    const { ok } = books;
    books.setDay("2026-03-02");
    await books.openOrganisation("export", { name: "Export SARL" });
    ids.german = (await ok("POST", "/contacts", abroad("Müller GmbH", "DE", "DE136695976"))).id;
    ids.american = (await ok("POST", "/contacts", abroad("Acme Inc.", "US", null))).id;
    ids.alpha = (
      await ok("POST", "/contacts", {
        kind: "company",
        name: "Alpha SARL",
        types: ["customer"],
        addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
        legal: { siren: "732829320", vatNumber: "FR44732829320" },
      })
    ).id;
    const item = (reference: string, itemKind: string, price: string, account: string) =>
      ok("POST", "/items", {
        use: "sale",
        kind: itemKind,
        reference,
        label: reference,
        vatRate: "20",
        sellPrice: price,
        sellAccount: account,
      });
    ids.machine = (await item("MACHINE", "goods", "1000", "707000")).id;
    ids.setup = (await item("INSTALL", "services", "500", "706000")).id;

    const invoice = async (id: string, contactId: string, lines: unknown[]) => {
      const draft = await ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: "2026-03-03",
        contactId,
        lines,
      });
      docs[id] = await ok("PUT", `/docs/${draft.id}/status/validated`);
    };
    books.setDay("2026-03-03");
    await invoice("eu", ids.german, [
      { kind: "item", itemId: ids.machine, quantity: "2" },
      { kind: "item", itemId: ids.setup, quantity: "1" },
    ]);
    await invoice("world", ids.american, [
      { kind: "item", itemId: ids.machine, quantity: "3" },
      { kind: "item", itemId: ids.setup, quantity: "1.6" },
    ]);
    await invoice("home", ids.alpha, [{ kind: "item", itemId: ids.machine, quantity: "1" }]);
    const world = await ok("GET", `/docs/${docs.world?.id}`);
    const goodsLine = world.lines.find((l: { nature: string }) => l.nature === "goods");
    const credit = await ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: "2026-03-03",
      from: {
        relation: "creditNote",
        docId: docs.world?.id,
        selection: { kind: "lines", quantities: { [goodsLine.id]: "1" } },
      },
    });
    docs.credit = await ok("PUT", `/docs/${credit.id}/status/validated`);
    books.setDay("2026-04-10");
    await books.signInAgain();
  }, 240_000);
  afterAll(async () => books?.close());

  it("each line carries the regime its customer and nature decide: exempt with its mention, no VAT", async () => {
    const eu = await books.ok("GET", `/docs/${docs.eu?.id}`);
    expect(
      eu.lines.map((l: { vatRate: string; vatExemption: string; vatRegime: unknown }) => [
        l.vatRate,
        l.vatExemption,
        l.vatRegime,
      ]),
    ).toEqual([
      ["exempt", saleRegimeMentions.intraEu, { kind: "intraEu", homeRate: "20", homeExemption: null }],
      [
        "exempt",
        saleRegimeMentions.reverseChargeEu,
        { kind: "reverseCharge", homeRate: "20", homeExemption: null },
      ],
    ]);
    expect(eu.totals).toMatchObject({ totalExclTax: 250_000, totalVat: 0, totalInclTax: 250_000 });
    const world = await books.ok("GET", `/docs/${docs.world?.id}`);
    expect(world.lines.map((l: { vatExemption: string }) => l.vatExemption)).toEqual([
      saleRegimeMentions.export,
      saleRegimeMentions.outsideEu,
    ]);
    const credit = await books.ok("GET", `/docs/${docs.credit?.id}`);
    expect(credit.lines.map((l: { vatRegime: { kind: string } }) => l.vatRegime.kind)).toEqual(["export"]);
  });

  it("posts the revenue without VAT, each line coded as the base of its box", async () => {
    const entry = (id: string) => books.ok("GET", `/accounting/entries/mvt/${docs[id]?.entryMvt}`);
    expect(summary((await entry("eu")).lines)).toEqual([
      ["411000", 250_000, 0, null],
      ["707000", 0, 200_000, "intraEu/goods/0"],
      ["706000", 0, 50_000, "reverseCharge/services/0"],
    ]);
    expect(summary((await entry("world")).lines)).toEqual([
      ["411000", 380_000, 0, null],
      ["707000", 0, 300_000, "export/goods/0"],
      ["706000", 0, 80_000, "reverseCharge/services/0"],
    ]);
    expect(summary((await entry("credit")).lines)).toEqual([
      ["411000", 0, 100_000, null],
      ["707000", 100_000, 0, "export/goods/0"],
    ]);
  });

  it("the CA3 of March: F2, E1 and E2 take the bases, no tax; A1 and 08 the domestic sale, the bases agree", async () => {
    const march = await books.ok("GET", "/accounting/vat/2026-03");
    expect(filled(march.boxes)).toEqual({
      A1: 1000,
      E1: 2000,
      E2: 1300,
      F2: 2000,
      "08": [1000, 200],
      "16": 200,
      TD: 200,
      "28": 200,
      "32": 200,
    });
    expect(march.warnings.filter((w: { blocking: boolean }) => w.blocking)).toEqual([]);
    const { items } = await books.ok("GET", "/accounting/vat/2026-03/boxes/E2");
    expect(items.map((l: { account: string; base: number }) => [l.account, l.base])).toEqual([
      ["706000", 50_000],
      ["706000", 80_000],
    ]);
    const validated = await books.ok("POST", "/accounting/entries/vat", { period: "2026-03" });
    expect(filled(validated.boxes)).toMatchObject({ F2: 2000, E1: 2000, E2: 1300 });
    const settlement = await books.ok("GET", `/accounting/entries/mvt/${validated.settlementMvt}`);
    expect(summary(settlement.lines)).toEqual([
      ["445710", 20_000, 0, null],
      ["445510", 0, 20_000, null],
    ]);
  });

  it("the Factur-X: K and AE to the German business, G and E to the American one; valid against the XSD and the category rules", async () => {
    const xmlOf = async (id: string) => {
      const res = await books.app.request(`/api/docs/${docs[id]?.id}/facturx?format=xml`, {
        headers: { authorization: `Bearer ${books.token()}` },
      });
      expect(res.status).toBe(200);
      const xml = await res.text();
      const file = join(dir, `${kind}-${id}.xml`);
      writeFileSync(file, xml);
      run("xmllint", ["--noout", "--schema", XSD, file]);
      const read = readEInvoiceXml(xml).invoice;
      expect(calculationViolations(read)).toEqual([]);
      expect(categoryViolations(read)).toEqual([]);
      return read;
    };
    const eu = await xmlOf("eu");
    expect(eu.vatBreakdown.map((b) => [b.category, b.base, b.vat, b.exemptionCode])).toEqual([
      ["AE", 50_000, 0, "VATEX-EU-AE"],
      ["K", 200_000, 0, "VATEX-EU-IC"],
    ]);
    expect(eu.buyer.vatNumber).toBe("DE136695976");
    expect(eu.delivery).toMatchObject({ date: "2026-03-03", address: { country: "DE" } });
    const world = await xmlOf("world");
    expect(world.vatBreakdown.map((b) => [b.category, b.exemptionCode, b.exemptionReason])).toEqual([
      ["G", "VATEX-EU-G", saleRegimeMentions.export],
      ["E", null, saleRegimeMentions.outsideEu],
    ]);
    const credit = await xmlOf("credit");
    expect(credit).toMatchObject({ typeCode: "381", vatBreakdown: [{ category: "G", base: 100_000 }] });
  });

  it("the PDF prints each mention and the customer's VAT number", async () => {
    const res = await books.app.request(`/api/docs/${docs.eu?.id}/pdf?lang=fr`, {
      headers: { authorization: `Bearer ${books.token()}` },
    });
    expect(res.status).toBe(200);
    const pdf = join(dir, `${kind}-eu.pdf`);
    writeFileSync(pdf, new Uint8Array(await res.arrayBuffer()));
    const text = run("pdftotext", ["-layout", "-enc", "UTF-8", pdf, "-"]).replace(/[\s\u00a0\u202f]+/g, " ");
    for (const mention of ["Exonération de TVA, article 262 ter I du CGI", "Autoliquidation", "DE136695976"])
      expect(text).toContain(mention);
  });

  it("a draft follows its contact: to the German business exempt, back to a French one taxed at the item's rate", async () => {
    const draft = await books.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-04-10",
      contactId: ids.german,
      lines: [{ kind: "item", itemId: ids.machine, quantity: "1" }],
    });
    expect(draft.totals).toMatchObject({ totalVat: 0 });
    const french = await books.ok("PUT", `/docs/${draft.id}`, { contactId: ids.alpha });
    expect(french.lines[0]).toMatchObject({ vatRate: "20", vatExemption: null });
    expect(french.lines[0].vatRegime).toBeUndefined();
    expect(french.totals).toMatchObject({ totalExclTax: 100_000, totalVat: 20_000 });
    await books.ok("DELETE", `/docs/${draft.id}`);
  });
});
