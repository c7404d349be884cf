import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { calculationViolations, parisDate, readEInvoiceXml } from "@registre/core";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";
import { runTool } from "../../testing/facturx-checks.ts";

/**
 * A validated invoice's Factur-X, read back with the tools of the trade (installed by .ci/run, never
 * skipped): xmllint against the official XSD of its profile, pdfdetach for the embedded XML, pdftotext
 * for the mentions, the XMP read from the file.
 */
const dir = mkdtempSync(join(tmpdir(), "registre-facturx-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const XSD = fileURLToPath(new URL("../../../../../shared/fixtures/facturx/xsd/", import.meta.url));

const save = (bytes: ArrayBuffer | string, name: string) => {
  const file = join(dir, name);
  writeFileSync(file, typeof bytes === "string" ? bytes : new Uint8Array(bytes));
  return file;
};

describe.each(databaseKinds)("Factur-X out (/docs/{id}/facturx, /pdf) on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind);
  const get = (path: string, token: string) =>
    harness.app.request(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });

  it("a validated invoice is a PDF/A-3 carrying its CII, valid against the XSD, with the 2026 mentions", async () => {
    const o = await documentsOrganisation(call, register, "Facturx");
    await o.ok("POST", `/contacts/${o.customerId}/addresses`, {
      kind: "delivery",
      line1: "5 quai des Etats-Unis",
      postalCode: "06000",
      city: "Nice",
    });
    await o.ok("PUT", "/docs/settings", {
      bank: { holder: "Atelier", iban: "FR7630006000011234567890189", bic: "AGRIFRPP" },
    });
    const day = parisDate(new Date());
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      customerReference: "PO-77",
      lines: [
        { kind: "item", itemId: o.itemId, quantity: "10" },
        {
          kind: "free",
          label: "Câble",
          quantity: "3",
          unitPrice: "12.345",
          discount: "10",
          vatRate: "10",
          nature: "goods",
          account: "707000",
        },
      ],
    });
    const validated = await o.ok("PUT", `/docs/${created.id}/status/validated`);

    const xmlResponse = await get(`/docs/${created.id}/facturx?format=xml`, o.token);
    expect(xmlResponse.status).toBe(200);
    const xml = await xmlResponse.text();
    runTool("xmllint", [
      "--noout",
      "--schema",
      join(XSD, "en16931/Factur-X_EN16931.xsd"),
      save(xml, `${kind}.xml`),
    ]);
    const read = readEInvoiceXml(xml).invoice;
    expect(calculationViolations(read)).toEqual([]);
    expect(read).toMatchObject({
      number: validated.number,
      typeCode: "380",
      operationCategory: "M1",
      orderReference: "PO-77",
      buyer: { name: "Alpha SARL", siren: "732829320" },
      seller: { siren: "552120222", vatNumber: "FR27552120222" },
      delivery: { address: { city: "Nice" } },
      payment: { iban: "FR7630006000011234567890189" },
    });
    expect(read.notes.map((n) => n.subject)).toEqual(expect.arrayContaining(["PMD", "PMT", "AAB"]));
    const stored = await o.ok("GET", `/docs/${created.id}`);
    expect(read.totals).toMatchObject({
      taxBasis: stored.totals.totalExclTax,
      taxTotal: stored.totals.totalVat,
      grandTotal: stored.totals.totalInclTax,
      duePayable: stored.totals.due,
    });

    for (const path of [`/docs/${created.id}/facturx`, `/docs/${created.id}/pdf?lang=fr`]) {
      const response = await get(path, o.token);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const pdf = save(await response.arrayBuffer(), `${kind}-${path.includes("pdf?") ? "pdf" : "fx"}.pdf`);
      expect(runTool("pdfdetach", ["-list", pdf])).toContain("factur-x.xml");
      const extracted = join(dir, `${kind}-extracted.xml`);
      runTool("pdfdetach", ["-savefile", "factur-x.xml", "-o", extracted, pdf]);
      expect(readFileSync(extracted, "utf8")).toBe(xml);
      const raw = Buffer.from(readFileSync(pdf)).toString("latin1");
      expect(raw).toContain("<pdfaid:part>3</pdfaid:part>");
      expect(raw).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
      expect(raw).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
      expect(raw).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
      expect(raw).toMatch(/\/AFRelationship \/Alternative/);
      const text = runTool("pdftotext", ["-layout", "-enc", "UTF-8", pdf, "-"]).replace(
        /[\s\u00a0\u202f]+/g,
        " ",
      );
      for (const mention of [validated.number, "732 829 320", "Nice", "Indemnité forfaitaire"])
        expect(text).toContain(mention);
    }
  });

  it("BASIC by the settings; a credit note is 381 with its invoice; a quote has no Factur-X", async () => {
    const o = await documentsOrganisation(call, register, "Basic");
    await o.ok("PUT", "/docs/settings", { facturxProfile: "basic" });
    const day = parisDate(new Date());
    const invoice = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: day,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    const validated = await o.ok("PUT", `/docs/${invoice.id}/status/validated`);
    const credit = await o.ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: day,
      from: { relation: "creditNote", docId: invoice.id, selection: { kind: "whole" } },
    });
    expect((await get(`/docs/${credit.id}/facturx`, o.token)).status).toBe(409);
    await o.ok("PUT", `/docs/${credit.id}/status/validated`);
    const xml = await (await get(`/docs/${credit.id}/facturx?format=xml`, o.token)).text();
    runTool("xmllint", [
      "--noout",
      "--schema",
      join(XSD, "basic/Factur-X_BASIC.xsd"),
      save(xml, `${kind}-credit.xml`),
    ]);
    const read = readEInvoiceXml(xml).invoice;
    expect(read).toMatchObject({
      profile: "basic",
      typeCode: "381",
      precedingInvoice: { number: validated.number, date: day },
    });
    expect(read.totals.grandTotal).toBeGreaterThan(0);
    const pdf = save(
      await (await get(`/docs/${credit.id}/facturx`, o.token)).arrayBuffer(),
      `${kind}-credit.pdf`,
    );
    expect(Buffer.from(readFileSync(pdf)).toString("latin1")).toContain(
      "<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>",
    );

    const quote = await o.ok("POST", "/docs", { kind: "quote", direction: "sales", issueDate: day });
    const refused = await harness.app.request(`/api/docs/${quote.id}/facturx`, {
      headers: { authorization: `Bearer ${o.token}`, "accept-language": "en" },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "doc.facturxUnavailable",
      detail: "Only validated sales invoices and credit notes have a Factur-X.",
    });
  });
});
