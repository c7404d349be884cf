import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { createApp } from "../../app.ts";
import { storeReceivedFile } from "../../files/attachments.ts";
import type { OriginalFile } from "../../ports/original-file.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

/** Receiving supplier invoices from the fixtures (../shared/fixtures/facturx): PDFs and XML of every profile. */
const FIXTURES = new URL("../../../../../shared/fixtures/facturx/", import.meta.url);
const fixture = (path: string) =>
  new Uint8Array(readFileSync(new URL(path, FIXTURES))) as Uint8Array<ArrayBuffer>;

describe.each(databaseKinds)("supplier invoices in (POST /docs/import) on %s", (kind) => {
  const { harness, call, send, register } = apiHarness(kind);
  const upload = (
    token: string,
    bytes: Uint8Array<ArrayBuffer>,
    query = "",
    lang = "fr",
    app = harness.app,
  ) =>
    app.request(`/api/docs/import${query}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        "accept-language": lang,
      },
      body: bytes,
    });
  const purchases = async (token: string) =>
    (await call("GET", "/docs?direction=purchases", token)).body.total as number;

  it("a Factur-X PDF: read, the supplier proposed then created, the draft prefilled to the cent", async () => {
    const o = await documentsOrganisation(call, register, "Inbox");
    const pdf = fixture("pdf/invoice_EN16931.pdf");
    const preview = await upload(o.token, pdf, "?dryRun=true");
    expect(preview.status).toBe(200);
    const read = await preview.json();
    expect(read).toMatchObject({
      source: "facturx",
      invoice: {
        profile: "en16931",
        kind: "invoice",
        number: "F20260023",
        issueDate: "2026-01-31",
        dueDate: "2026-03-02",
        totals: { excludingTax: 10000, vat: 490, includingTax: 10490, due: 10490 },
        seller: { name: "LE FOURNISSEUR", siren: "123456782" },
      },
      supplier: { match: null, proposal: { name: "LE FOURNISSEUR", siren: "123456782" } },
      warnings: [],
      created: null,
    });
    expect(await purchases(o.token)).toBe(0);

    const unchosen = await upload(o.token, pdf, "", "en");
    expect(unchosen.status).toBe(422);
    expect(await unchosen.json()).toMatchObject({
      code: "einvoice.supplierChoice",
      detail: "Choose the supplier, or confirm its creation.",
    });
    expect(await purchases(o.token)).toBe(0);

    const created = await upload(o.token, pdf, "?createSupplier=true");
    expect(created.status).toBe(201);
    const { created: ids } = await created.json();
    expect(ids).toMatchObject({ contactCreated: true, originalAttached: true });
    // The original is attached to the draft, in the file store, byte for byte.
    const files = (await call("GET", `/docs/${ids.docId}/files`, o.token)).body;
    expect(files.files).toHaveLength(1);
    expect(files.files[0]).toMatchObject({ contentType: "application/pdf", size: pdf.length });
    const draft = (await call("GET", `/docs/${ids.docId}`, o.token)).body;
    expect(draft).toMatchObject({
      direction: "purchases",
      kind: "invoice",
      status: "draft",
      header: { supplierNumber: "F20260023", supplierDate: "2026-01-31", dueDate: "2026-03-02" },
      contactId: ids.contactId,
      totals: { totalExclTax: 10000, totalVat: 490, totalInclTax: 10490 },
    });
    expect(
      draft.totals.breakdown.map((b: { vatRate: string; base: number; vat: number }) => [
        b.vatRate,
        b.base,
        b.vat,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["20", 1100, 220],
        ["10", 2700, 270],
      ]),
    );
    const contact = (await call("GET", `/contacts/${ids.contactId}`, o.token)).body;
    expect(contact).toMatchObject({ name: "LE FOURNISSEUR", types: ["supplier"] });

    // The same supplier's next invoice (the XML alone, BASIC): matched by its SIREN.
    const again = await upload(o.token, fixture("xml/factur-x-basic.xml"), "?dryRun=true");
    expect((await again.json()).supplier).toMatchObject({
      match: { id: ids.contactId, by: "siren" },
      proposal: null,
    });
  });

  it("a supplier with the organisation's own SIREN is said, in the preview and on the draft's page, never refused", async () => {
    // The fixtures' seller is SIREN 123 456 782: here it is the organisation's own.
    const owner = await register("Miroir");
    const org = await call("POST", "/user/orgs", owner.token, {
      name: "Le Fournisseur",
      siren: "123456782",
      vatNumber: "FR11123456782",
      address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
    });
    expect(org.status).toBe(201);
    const token = org.body.token as string;
    const pdf = fixture("pdf/invoice_EN16931.pdf");
    const preview = await (await upload(token, pdf, "?dryRun=true")).json();
    expect(preview.warnings).toEqual([
      {
        code: "doc.supplierOwnSiren",
        message:
          "Ce fournisseur a le SIREN de votre organisation (123\u00a0456\u00a0782)\u00a0: la facture viendrait de vous-même. Vérifiez le fournisseur avant de la valider.",
      },
    ]);
    const created = await upload(token, pdf, "?createSupplier=true", "en");
    expect(created.status).toBe(201);
    const { created: ids, warnings } = await created.json();
    expect(warnings.map((w: { code: string }) => w.code)).toEqual(["doc.supplierOwnSiren"]);
    const draft = await send("GET", `/docs/${ids.docId}`, token, undefined, { lang: "en" });
    expect(draft.body.warnings).toEqual([
      {
        code: "doc.supplierOwnSiren",
        message:
          "This supplier has your organisation’s SIREN (123\u00a0456\u00a0782): the invoice would come from yourselves. Check the supplier before validating it.",
      },
    ]);
    // Another organisation importing the same file: nothing to say.
    const o = await documentsOrganisation(call, register, "Autre");
    expect((await (await upload(o.token, pdf, "?dryRun=true")).json()).warnings).toEqual([]);
  });

  it("a credit note PDF (BASIC, 381) and the MINIMUM XML; the original handed to the file store's port", async () => {
    const o = await documentsOrganisation(call, register, "Avoir");
    const received: OriginalFile[] = [];
    const app = createApp({
      ...harness.ctx,
      storeOriginal: async (orgId, file) => {
        received.push(file);
        return storeReceivedFile(harness.ctx, orgId, file);
      },
    });
    const pdf = fixture("pdf/Avoir_FR_type381_BASIC.pdf");
    const answer = await (
      await upload(o.token, pdf, "?createSupplier=true&name=avoir.pdf", "fr", app)
    ).json();
    expect(answer.invoice).toMatchObject({
      kind: "creditNote",
      typeCode: "381",
      precedingInvoice: "FA-2017-0010",
      totals: { excludingTax: 21848, vat: 1499, includingTax: 23347 },
    });
    const draft = (await call("GET", `/docs/${answer.created.docId}`, o.token)).body;
    expect(draft).toMatchObject({
      kind: "creditNote",
      direction: "purchases",
      totals: { totalInclTax: 23347 },
    });
    expect(answer.created.originalAttached).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ name: "avoir.pdf", contentType: "application/pdf" });
    expect(Buffer.from(received[0]?.bytes ?? []).equals(Buffer.from(pdf))).toBe(true);
    // What the port kept is what the draft's commit attached.
    const files = (await call("GET", `/docs/${answer.created.docId}/files`, o.token)).body.files;
    expect(files).toMatchObject([{ name: "avoir.pdf", contentType: "application/pdf", size: pdf.length }]);

    const minimum = await (
      await upload(o.token, fixture("xml/factur-x-minimum.xml"), "?createSupplier=true")
    ).json();
    expect(minimum.invoice).toMatchObject({
      profile: "minimum",
      linesMissing: true,
      totals: { includingTax: 10490 },
    });
    const empty = (await call("GET", `/docs/${minimum.created.docId}`, o.token)).body;
    expect(empty).toMatchObject({ header: { supplierNumber: "F20260023" }, lines: [] });
  });

  it("reads the supplier's débits option from BT-8: its services' VAT deductible at invoicing (445660), else when paid (445640), the supplier created keeping it", async () => {
    const deductibleAccount = async (code: string, supplier: string) => {
      // An organisation each: the fixture's supplier (its SIREN) would be matched, not created, the second time.
      const o = await documentsOrganisation(call, register, `Debits${code}`);
      const xml = new TextDecoder()
        .decode(fixture("xml/factur-x-en16931.xml"))
        .replace("<ram:DueDateTypeCode>72", `<ram:DueDateTypeCode>${code}`)
        .replace(/LE FOURNISSEUR/g, supplier);
      const imported = await upload(o.token, new TextEncoder().encode(xml), "?createSupplier=true");
      expect(imported.status).toBe(201);
      const { docId, contactId } = (await imported.json()).created as { docId: string; contactId: string };
      // The supplier created keeps the option on its legal identity, for its next invoices.
      const supplierLegal = (await call("GET", `/contacts/${contactId}`, o.token)).body.legal;
      expect([supplier, supplierLegal?.vatOnDebits ?? false]).toEqual([supplier, code === "5"]);
      const draft = (await call("GET", `/docs/${docId}`, o.token)).body;
      // The lines as services (the fixture's are not said to be goods).
      const lines = draft.lines.map((l: Record<string, unknown>) => ({ ...l, nature: "services" }));
      expect((await call("PUT", `/docs/${docId}`, o.token, { lines })).status).toBe(200);
      const validated = (await call("PUT", `/docs/${docId}/status/validated`, o.token)).body;
      const entry = (await call("GET", `/accounting/entries/mvt/${validated.entryMvt}`, o.token)).body;
      return entry.lines.find((l: { account: string }) => l.account.startsWith("4456"))?.account;
    };
    expect(await deductibleAccount("5", "FOURNISSEUR DEBITS")).toBe("445660");
    expect(await deductibleAccount("72", "FOURNISSEUR ENCAISSEMENTS")).toBe("445640");
  });

  it("refusals create nothing: totals that do not add up, not an invoice, an empty file; a plain PDF is a blank draft", async () => {
    const o = await documentsOrganisation(call, register, "Refus");
    const wrong = new TextEncoder().encode(
      new TextDecoder()
        .decode(fixture("xml/factur-x-en16931.xml"))
        .replace("<ram:GrandTotalAmount>104.90", "<ram:GrandTotalAmount>105.90"),
    );
    const mismatch = await upload(o.token, wrong, "?createSupplier=true");
    expect(mismatch.status).toBe(422);
    expect(await mismatch.json()).toMatchObject({
      code: "einvoice.totalsMismatch",
      errors: [{ path: "BR-CO-15" }],
      detail:
        "Les totaux de la facture ne sont pas cohérents (BR-CO-15)\u00a0: 104,90\u00a0€ attendus, 105,90\u00a0€ indiqués.",
    });
    for (const [bytes, code] of [
      [new TextEncoder().encode("Nom;Montant\nA;1\n"), "einvoice.unsupportedFile"],
      [new TextEncoder().encode("<?xml version='1.0'?><Order/>"), "einvoice.notInvoice"],
      [new Uint8Array(), "einvoice.empty"],
      [new TextEncoder().encode("%PDF-1.7\n garbage"), "einvoice.unreadablePdf"],
    ] as const) {
      const refused = await upload(o.token, bytes, "?createSupplier=true", "en");
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ code, errors: [{ path: "file", code }] });
    }
    expect(await purchases(o.token)).toBe(0);

    const quote = await o.ok("POST", "/docs", { kind: "quote", direction: "sales", issueDate: "2026-01-05" });
    const plain = await harness.app.request(`/api/docs/${quote.id}/pdf`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    const plainPdf = new Uint8Array(await plain.arrayBuffer());
    const blank = await (await upload(o.token, plainPdf, `?supplierId=${o.supplierId}`)).json();
    expect(blank).toMatchObject({ source: "pdf", invoice: null, created: { contactId: o.supplierId } });
    expect((await call("GET", `/docs/${blank.created.docId}`, o.token)).body).toMatchObject({
      direction: "purchases",
      kind: "invoice",
      status: "draft",
      lines: [],
    });
    // Dated today in France: half past midnight in Paris is still the day before in UTC.
    const midnight = createApp({ ...harness.ctx, clock: () => new Date("2026-03-31T22:30:00Z") });
    const late = await (
      await upload(o.token, plainPdf, `?supplierId=${o.supplierId}`, "fr", midnight)
    ).json();
    expect((await call("GET", `/docs/${late.created.docId}`, o.token)).body.header).toMatchObject({
      issueDate: "2026-04-01",
    });
  });
});
