import { randomUUID } from "node:crypto";
import {
  type DocumentCommand,
  documentCounter,
  documentDecider,
  documentStreamId,
  isLive,
  parisDate,
  seriesFor,
} from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { loadDocument, loadOrganisation, sellerOf } from "../../documents/context.ts";
import { loadDocumentSettings } from "../../documents/settings.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

describe.each(databaseKinds)("validating documents (/docs) on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  const invoice = (customerId: string, itemId: string, issueDate: string) => ({
    kind: "invoice",
    direction: "sales",
    issueDate,
    contactId: customerId,
    lines: [
      { kind: "item", itemId, quantity: "10" },
      {
        kind: "free",
        label: "Déplacement",
        quantity: "1",
        unitPrice: "45.5",
        vatRate: "20",
        account: "708000",
      },
    ],
  });

  it("validates a sales invoice: numbered FA<year>-00001 and posted in VT in the same commit, the entry naming the document", async () => {
    const o = await documentsOrganisation(call, register, "Valide");
    const day =
      o.year.start.slice(0, 4) === new Date().toISOString().slice(0, 4)
        ? parisDate(new Date())
        : o.year.start;
    const created = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, day));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: "invoice",
      direction: "sales",
      status: "draft",
      number: null,
      contactName: "Alpha SARL",
      totalExclTax: 84_550,
      totalVat: 16_910,
      totalInclTax: 101_460,
      entryMvt: null,
      nextStatuses: ["validated"],
    });
    expect(created.body.lines.map((l: { id: string; net: number }) => [l.id, l.net])).toEqual([
      ["L1", 80_000],
      ["L2", 4_550],
    ]);
    const id = created.body.id as string;

    const check = await call("GET", `/docs/${id}/validate`, o.token);
    // Nothing refused; the seller's mentions the settings leave out only warned of.
    expect(check.body).toMatchObject({ valid: true, problems: [] });
    expect(check.body.warnings.map((w: { code: string }) => w.code)).toEqual([
      "docSettings.mention.legalForm",
      "docSettings.mention.bankDetails",
    ]);

    const validated = await call("PUT", `/docs/${id}/status/validated`, o.token);
    expect(validated.status).toBe(200);
    const year = day.slice(0, 4);
    expect(validated.body).toMatchObject({
      status: "validated",
      number: `FA${year}-00001`,
      validatedOn: expect.any(String),
    });
    const mvt = validated.body.entryMvt as string;
    const entry = await call("GET", `/accounting/entries/mvt/${mvt}`, o.token);
    expect(entry.body).toMatchObject({
      journal: "VT",
      status: "validated",
      number: "VT000001",
      pieceRef: `FA${year}-00001`,
      origin: { kind: "document", doc: id },
      debit: 101_460,
      credit: 101_460,
    });
    expect(
      entry.body.lines.map(
        (l: { account: string; auxiliary: string | null; debit: number; credit: number }) => [
          l.account,
          l.auxiliary,
          l.debit,
          l.credit,
        ],
      ),
    ).toEqual([
      ["411000", expect.any(String), 101_460, 0],
      ["706000", null, 0, 80_000],
      ["708000", null, 0, 4_550],
      ["445740", null, 0, 16_910],
    ]);

    // Immutable once validated, in French and English.
    const fr = await send("PUT", `/docs/${id}`, o.token, { label: "Autre" });
    expect(fr).toMatchObject({ status: 409, body: { code: "doc.validatedImmutable" } });
    expect(fr.body.detail).toContain("Document validé, il ne peut plus être modifié");
    const en = await send("DELETE", `/docs/${id}`, o.token, undefined, { lang: "en" });
    expect(en.body.detail).toContain("Validated document, it can't be changed");
    const again = await send("PUT", `/docs/${id}/status/validated`, o.token, undefined, { lang: "en" });
    expect(again).toMatchObject({ status: 409, body: { code: "doc.alreadyValidated" } });

    // The next invoice takes the next number; a purchase invoice posts in HA with the supplier's number.
    const second = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, day));
    const numbered = await call("PUT", `/docs/${second.body.id}/status/validated`, o.token);
    expect(numbered.body.number).toBe(`FA${year}-00002`);
    const purchase = await call("POST", "/docs", o.token, {
      kind: "invoice",
      direction: "purchases",
      issueDate: day,
      supplierNumber: "B-778",
      supplierDate: day,
      contactId: o.supplierId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    const bought = await call("PUT", `/docs/${purchase.body.id}/status/validated`, o.token);
    expect(bought.body).toMatchObject({ status: "validated", number: "B-778" });
    const ha = await call("GET", `/accounting/entries/mvt/${bought.body.entryMvt}`, o.token);
    expect(ha.body).toMatchObject({ journal: "HA", number: "HA000001", pieceRef: "B-778", debit: 9_600 });
  });

  it("refuses a posting in a locked period or on a missing account: the invoice stays a draft and no number is taken", async () => {
    const o = await documentsOrganisation(call, register, "Verrou");
    const first = o.year.start;
    const monthEnd = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    const created = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, first));
    expect(
      (await call("PUT", `/accounting/balance-sheet/${o.year.id}`, o.token, { lockedUntil: monthEnd }))
        .status,
    ).toBe(200);
    const check = await send("GET", `/docs/${created.body.id}/validate`, o.token, undefined, { lang: "en" });
    expect(check.body.valid).toBe(false);
    expect(check.body.problems[0].code).toMatch(/^period\./);
    const refused = await send("PUT", `/docs/${created.body.id}/status/validated`, o.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toMatch(/^period\./);
    const after = await call("GET", `/docs/${created.body.id}`, o.token);
    expect(after.body).toMatchObject({ status: "draft", number: null, entryMvt: null });
    // A line on an account the chart does not have: refused by the entry's own checks, nothing taken either.
    const unknown = await call("POST", "/docs", o.token, {
      ...invoice(o.customerId, o.itemId, `${first.slice(0, 5)}02-10`),
      lines: [
        { kind: "free", label: "Divers", quantity: "1", unitPrice: "10", vatRate: "20", account: "708999" },
      ],
    });
    const noAccount = await send("PUT", `/docs/${unknown.body.id}/status/validated`, o.token, undefined, {
      lang: "en",
    });
    expect(noAccount.status).toBeGreaterThanOrEqual(400);
    expect(noAccount.body.code).toBe("entry.unknownAccount");
    expect((await call("GET", `/docs/${unknown.body.id}`, o.token)).body).toMatchObject({
      status: "draft",
      number: null,
    });
    // The next invoice, after the lock, takes number 00001: the refused one took none.
    const later = await call(
      "POST",
      "/docs",
      o.token,
      invoice(o.customerId, o.itemId, `${first.slice(0, 5)}02-15`),
    );
    const ok = await call("PUT", `/docs/${later.body.id}/status/validated`, o.token);
    expect(ok.body.number).toBe(`FA${first.slice(0, 4)}-00001`);
    const entries = await call("GET", "/accounting/entries?limit=50", o.token);
    expect(entries.body.total).toBe(1);
  });

  it("validates a selection in date order, each in its own commit, and reports the refusals", async () => {
    const o = await documentsOrganisation(call, register, "Lot");
    const y = o.year.start.slice(0, 4);
    const march = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, `${y}-03-10`));
    const feb = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, `${y}-02-10`));
    const empty = await call("POST", "/docs", o.token, {
      kind: "invoice",
      direction: "sales",
      issueDate: `${y}-01-10`,
      contactId: o.customerId,
    });
    const report = await send(
      "PUT",
      "/docs/validate",
      o.token,
      { ids: [march.body.id, empty.body.id, feb.body.id] },
      { lang: "en" },
    );
    expect(report.status).toBe(200);
    expect(report.body.validated.map((v: { id: string; number: string }) => [v.id, v.number])).toEqual([
      [feb.body.id, `FA${y}-00001`],
      [march.body.id, `FA${y}-00002`],
    ]);
    expect(report.body.refused).toEqual([
      {
        id: empty.body.id,
        code: "doc.mention.noLines",
        field: "lines",
        message: "The document has no priced line.",
      },
    ]);
    // The invoice left a draft is listed by the year-end checks (not blocking).
    const checks = await call("GET", `/accounting/balance-sheet/${o.year.id}/steps`, o.token);
    expect(checks.body.warnings).toContainEqual(
      expect.objectContaining({ code: "yearEnd.invoicesNotValidated", count: 1, blocking: false }),
    );
  });

  it("keeps numbers in date order through the sequence's stream: a date before its last is refused, the same date guards it", async () => {
    const o = await documentsOrganisation(call, register, "Dates");
    const y = o.year.start.slice(0, 4);
    const validate = async (date: string) => {
      const created = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, date));
      return send("PUT", `/docs/${created.body.id}/status/validated`, o.token, undefined, { lang: "en" });
    };
    expect((await validate(`${y}-02-10`)).body.number).toBe(`FA${y}-00001`);
    const before = await validate(`${y}-01-10`);
    expect(before.status).toBe(422);
    expect(before.body).toMatchObject({
      code: "doc.dateBeforeLast",
      params: { field: "issueDate", last: `${y}-02-10` },
      errors: [expect.objectContaining({ path: "issueDate" })],
    });
    expect((await validate(`${y}-02-10`)).body.number).toBe(`FA${y}-00002`);
    expect((await validate(`${y}-03-10`)).body.number).toBe(`FA${y}-00003`);
    // One event per date the sequence reached, in the log: the same date only guarded the stream.
    const stream = await harness.ctx.store.readStream(o.orgId, `doc-series-sales-invoice-${y}`);
    expect(stream.map((e) => [e.type, (e.data as { issueDate: string; number: string }).number])).toEqual([
      ["DocumentSeriesDateReached", `FA${y}-00001`],
      ["DocumentSeriesDateReached", `FA${y}-00003`],
    ]);
  });

  it("takes a sequence's last date, when documents were numbered before its stream existed, from the documents read model", async () => {
    const o = await documentsOrganisation(call, register, "Ancien");
    const y = o.year.start.slice(0, 4);
    const ctx = harness.ctx;
    // An invoice numbered as before the sequence's streams: its own commit takes the counter, no stream.
    const legacy = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, `${y}-06-01`));
    const [loaded, org, settings] = await Promise.all([
      loadDocument(ctx, o.orgId, legacy.body.id),
      loadOrganisation(ctx, o.orgId),
      loadDocumentSettings(ctx, o.orgId),
    ]);
    const series = seriesFor(settings.state.series, "invoice", "sales");
    const counter = documentCounter(series, `${y}-06-01`);
    await ctx.store.append(
      o.orgId,
      documentStreamId(legacy.body.id),
      loaded.version,
      (n) => {
        const command: DocumentCommand = {
          type: "ValidateDocument",
          data: {
            validatedOn: `${y}-06-01`,
            entryMvt: null,
            numbering: { series, sequence: n[counter] ?? 0 },
          },
          context: { seller: sellerOf(org.state), lastIssueDate: null },
        };
        return documentDecider.decide(command, loaded.state);
      },
      {
        metadata: { commandId: randomUUID(), at: new Date().toISOString(), userId: "legacy" },
        counters: { [counter]: 1 },
      },
    );
    const numbered = await loadDocument(ctx, o.orgId, legacy.body.id);
    expect(isLive(numbered.state) && numbered.state.number).toBe(`FA${y}-00001`);
    const validate = async (date: string) => {
      const created = await call("POST", "/docs", o.token, invoice(o.customerId, o.itemId, date));
      return send("PUT", `/docs/${created.body.id}/status/validated`, o.token, undefined, { lang: "en" });
    };
    // The counter was taken: the last date is the read model's, so an earlier date is refused.
    const before = await validate(`${y}-05-01`);
    expect(before.status).toBe(422);
    expect(before.body).toMatchObject({ code: "doc.dateBeforeLast", params: { last: `${y}-06-01` } });
    // A later one is numbered next and starts the stream.
    expect((await validate(`${y}-07-01`)).body.number).toBe(`FA${y}-00002`);
    const stream = await ctx.store.readStream(o.orgId, `doc-series-sales-invoice-${y}`);
    expect(stream.map((e) => (e.data as { number: string }).number)).toEqual([`FA${y}-00002`]);
  });
});
