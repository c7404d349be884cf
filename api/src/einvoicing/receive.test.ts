import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { fakeConnection } from "../testing/einvoicing-setup.ts";
import { fakePlatform } from "./fake-platform.testing.ts";
import { importReceivedFlow, receivedIdOf } from "./receive.ts";

/**
 * Receiving (issue 25, point 3): the supplier invoices the platform delivers (In SupplierInvoice flows)
 * become draft purchase invoices through the import, never twice for one flow, and the inbox lists
 * them; a file that is not an invoice, hostile or too large is refused with the flow recorded, never
 * thrown. The invoices: XP Z12-014's UC1 (CII and Factur-X PDF) and UC4 (UBL), in tests/fixtures/einvoicing/.
 */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/einvoicing/${name}`, import.meta.url)));
const CII = "UC1_F202500003_00-INV_20250701_CII.xml";
const PDF = "UC1_F202500003_00-INV_20250701.pdf";
const UBL = "UC4_F202500006_00-INV_20250701_UBL.xml";
const connection = (account: string) => fakeConnection(account, { clientSecret: "not-a-real-secret" });

describe.each(databaseKinds)("receiving supplier invoices through the platform, on %s", (kind) => {
  const platform = fakePlatform();
  const { harness, call, register } = apiHarness(kind, {}, { einvoicing: platform.platforms });
  const purchases = async (token: string) =>
    (await call("GET", "/docs?direction=purchases", token)).body.total as number;

  it("a CII, a Factur-X PDF and a UBL delivered: each a draft purchase invoice, its original attached, the supplier created once by its SIREN; listed in the inbox", async () => {
    const o = await documentsOrganisation(call, register, "Recoit");
    const account = randomUUID();
    const pa = platform.platforms.connect(connection(account));
    const before = await purchases(o.token);
    const cii = platform.deliver(account, fixture(CII), "CII", CII);
    const first = await importReceivedFlow(harness.ctx, o.orgId, cii, pa);
    expect(first).toEqual({
      state: "imported",
      receivedId: receivedIdOf(o.orgId, cii.flowId),
      docId: expect.any(String),
    });
    if (first.state !== "imported") throw new Error("imported");
    const doc = (await call("GET", `/docs/${first.docId}`, o.token)).body;
    expect(doc).toMatchObject({
      direction: "purchases",
      kind: "invoice",
      status: "draft",
      totalInclTax: 1_200_000,
      header: expect.objectContaining({ supplierNumber: "F202500003", supplierDate: "2025-07-01" }),
    });
    const files = (await call("GET", `/docs/${first.docId}/files`, o.token)).body;
    expect(files.files).toEqual([expect.objectContaining({ contentType: "application/xml", name: CII })]);

    const pdf = platform.deliver(account, fixture(PDF), "Factur-X", PDF);
    const second = await importReceivedFlow(harness.ctx, o.orgId, pdf, pa);
    const ubl = platform.deliver(account, fixture(UBL), "UBL", UBL);
    const third = await importReceivedFlow(harness.ctx, o.orgId, ubl, pa);
    expect([second.state, third.state]).toEqual(["imported", "imported"]);
    expect(await purchases(o.token)).toBe(before + 3);

    const inbox = (await call("GET", "/einvoicing/received", o.token)).body;
    expect(inbox.total).toBe(3);
    const byFlow = new Map(inbox.items.map((i: { flowId: string }) => [i.flowId, i]));
    expect(byFlow.get(cii.flowId)).toMatchObject({
      state: "imported",
      docId: first.docId,
      supplierSiren: "100000009",
      invoiceNumber: "F202500003",
      issueDate: "2025-07-01",
      total: 1_200_000,
      contactCreated: true,
      refusal: null,
      statuses: [],
    });
    // The PDF's seller is the CII's: matched by its SIREN, not created again.
    expect(byFlow.get(pdf.flowId)).toMatchObject({ contactCreated: false, invoiceNumber: "F202500003" });
    expect(byFlow.get(ubl.flowId)).toMatchObject({ state: "imported", invoiceNumber: "F202500006" });
    const one = await call("GET", `/einvoicing/received/${first.receivedId}`, o.token);
    expect(one.body).toMatchObject({ id: first.receivedId, docId: first.docId });
    const fromDoc = await call("GET", `/einvoicing/received?docId=${first.docId}`, o.token);
    expect(fromDoc.body.items.map((i: { id: string }) => i.id)).toEqual([first.receivedId]);
  });

  it("never twice for one flow: a second call and two at once answer the first import, one draft, one record", async () => {
    const o = await documentsOrganisation(call, register, "Deux");
    const account = randomUUID();
    const pa = platform.platforms.connect(connection(account));
    const before = await purchases(o.token);
    const flow = platform.deliver(account, fixture(UBL), "UBL", UBL);
    const [a, b] = await Promise.all([
      importReceivedFlow(harness.ctx, o.orgId, flow, pa),
      importReceivedFlow(harness.ctx, o.orgId, flow, pa),
    ]);
    expect(a).toEqual(b);
    const again = await importReceivedFlow(harness.ctx, o.orgId, flow, pa);
    expect(again).toEqual(a);
    expect(await purchases(o.token)).toBe(before + 1);
    expect((await call("GET", "/einvoicing/received", o.token)).body.total).toBe(1);
  });

  it("refuses what is not an invoice — hostile XML, plain text, a PDF without invoice, nested past the limits, too large, a file the platform lost — each flow recorded with its reason, nothing else created, nothing thrown", async () => {
    const o = await documentsOrganisation(call, register, "Refuse");
    const account = randomUUID();
    const pa = platform.platforms.connect(connection(account));
    const before = await purchases(o.token);
    const text = (s: string) => new TextEncoder().encode(s);
    const cases: [string, Uint8Array, "CII" | "Factur-X", string][] = [
      [
        "billion laughs",
        text(
          '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><rsm:CrossIndustryInvoice>&lol2;</rsm:CrossIndustryInvoice>',
        ),
        "CII",
        "einvoice.unsafeXml",
      ],
      ["plain text", text("Bonjour, voici la facture."), "CII", "einvoice.unsupportedFile"],
      ["another XML", text("<note><to>Tout le monde</to></note>"), "CII", "einvoice.notInvoice"],
      [
        "a plain PDF",
        text(
          "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF",
        ),
        "Factur-X",
        "einvoice.notInvoice",
      ],
      [
        "nested 10,000 deep",
        text(`<a>${"<b>".repeat(10_000)}${"</b>".repeat(10_000)}</a>`),
        "CII",
        "upload.xmlTooDeep",
      ],
      ["21 MB", new Uint8Array(21 * 1024 * 1024).fill(60), "CII", "upload.tooLarge"],
    ];
    for (const [name, bytes, syntax, code] of cases) {
      const flow = platform.deliver(account, bytes, syntax, `${name}.xml`);
      const outcome = await importReceivedFlow(harness.ctx, o.orgId, flow, pa);
      expect(outcome, name).toEqual({
        state: "refused",
        receivedId: receivedIdOf(o.orgId, flow.flowId),
        code,
      });
    }
    platform.faults.missing = true;
    const lost = platform.deliver(account, fixture(CII), "CII", CII);
    try {
      expect(await importReceivedFlow(harness.ctx, o.orgId, lost, pa)).toMatchObject({
        state: "refused",
        code: "einvoicing.fileUnavailable",
      });
    } finally {
      platform.faults.missing = false;
    }
    expect(await purchases(o.token)).toBe(before);
    const refused = (await call("GET", "/einvoicing/received?state=refused", o.token)).body;
    expect(refused.total).toBe(cases.length + 1);
    const unsafe = refused.items.find(
      (i: { refusal: { code: string } }) => i.refusal.code === "einvoice.unsafeXml",
    );
    expect(unsafe).toMatchObject({
      state: "refused",
      docId: null,
      refusal: { field: "file", message: expect.stringContaining("DOCTYPE") },
    });
    expect((await call("GET", "/einvoicing/received?state=imported", o.token)).body.total).toBe(0);
  });

  it("the platform down: thrown for the sync to try again, nothing recorded; once it is back, imported", async () => {
    const o = await documentsOrganisation(call, register, "Panne");
    const account = randomUUID();
    const pa = platform.platforms.connect(connection(account));
    const flow = platform.deliver(account, fixture(CII), "CII", CII);
    platform.faults.down = true;
    try {
      await expect(importReceivedFlow(harness.ctx, o.orgId, flow, pa)).rejects.toMatchObject({
        transient: true,
      });
    } finally {
      platform.faults.down = false;
    }
    expect(
      (await call("GET", `/einvoicing/received/${receivedIdOf(o.orgId, flow.flowId)}`, o.token)).status,
    ).toBe(404);
    expect(await importReceivedFlow(harness.ctx, o.orgId, flow, pa)).toMatchObject({ state: "imported" });
  });
});
