import { createHash } from "node:crypto";
import { parisDate } from "@registre/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { embeddedInvoiceXml } from "../readers/supplier-file.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { paymentsOrganisation } from "../testing/payments-setup.ts";

const day = () => parisDate(new Date());

describe.each(databaseKinds)("share links (/docs/{id}/shares, /share/docs) on %s", (kind) => {
  const { harness, call, send, register } = apiHarness(kind, { trustProxy: "1" });

  /** The public page's call, as a browser with no session sends it. */
  const open = async (query: string, lang = "fr", address = "192.0.2.10") => {
    const res = await harness.app.request(`/api/share/docs${query}`, {
      headers: { "accept-language": lang, "x-forwarded-for": address },
    });
    const type = res.headers.get("content-type") ?? "";
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    const body: any = type.includes("json") ? await res.json() : new Uint8Array(await res.arrayBuffer());
    return { status: res.status, type, body, headers: res.headers };
  };
  const invoice = async (o: Awaited<ReturnType<typeof documentsOrganisation>>) => {
    const created = await call("POST", "/docs", o.token, {
      kind: "invoice",
      direction: "sales",
      issueDate: day(),
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "3" }],
    });
    const validated = await call("PUT", `/docs/${created.body.id}/status/validated`, o.token);
    expect(validated.status).toBe(200);
    return validated.body as { id: string; number: string };
  };

  it("shows the document as its customer sees it, its PDF, until the link is revoked", async () => {
    const o = await documentsOrganisation(call, register, "Partage");
    const doc = await invoice(o);
    const created = await send("POST", `/docs/${doc.id}/shares`, o.token, {});
    expect(created.status).toBe(201);
    const { token, url, shareId } = created.body;
    expect(token).toMatch(/^sh_[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`http://localhost:3000/share/docs?token=${token}`);

    const page = await open(`?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      kind: "invoice",
      number: doc.number,
      seller: { name: "Atelier Partage", siren: "552120222" },
      customer: { name: "Alpha SARL" },
      totals: { excludingTaxCents: 24000, vatCents: 4800, includingTaxCents: 28800, dueCents: 28800 },
    });
    expect(page.body.lines[0]).toMatchObject({ type: "item", quantity: "3", netCents: 24000 });
    // Nothing else of the organisation: no ids, no accounts, no entry.
    const text = JSON.stringify(page.body);
    for (const secret of [o.orgId, doc.id, o.customerId, o.itemId, "706000", "411"])
      expect(text).not.toContain(secret);
    expect(page.headers.get("cache-control")).toBe("no-store");

    const pdf = await open(`/pdf?token=${token}`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(new TextDecoder().decode(pdf.body.slice(0, 5))).toBe("%PDF-");
    // A validated invoice's PDF is its Factur-X: the customer's software reads the embedded XML.
    const embedded = await embeddedInvoiceXml(pdf.body);
    expect(embedded?.name).toBe("factur-x.xml");
    expect(embedded?.xml).toContain(`<ram:ID>${doc.number}</ram:ID>`);

    const list = await call("GET", `/docs/${doc.id}/shares`, o.token);
    expect(list.body.shares).toEqual([
      { shareId, createdAt: expect.any(String), createdBy: "Partage", expiresAt: null, expired: false },
    ]);
    // The token is not kept: its hash is.
    const rows = await sql<{
      token_hash: Uint8Array;
    }>`select token_hash from share_links where share_id = ${shareId}`.execute(harness.ctx.database.db);
    expect(Buffer.from(rows.rows[0]?.token_hash ?? []).toString("hex")).toBe(
      createHash("sha256").update(token).digest("hex"),
    );

    expect((await send("DELETE", `/docs/${doc.id}/shares/${shareId}`, o.token)).status).toBe(204);
    const revoked = await open(`?token=${token}`);
    expect(revoked).toMatchObject({
      status: 404,
      body: {
        code: "share.invalidToken",
        detail: "Veuillez contacter l’expéditeur pour plus d’informations.",
      },
    });
    expect((await open(`/pdf?token=${token}`)).status).toBe(404);
    expect((await call("GET", `/docs/${doc.id}/shares`, o.token)).body.shares).toEqual([]);
    expect((await send("DELETE", `/docs/${doc.id}/shares/${shareId}`, o.token)).body.code).toBe(
      "share.notFound",
    );
    const history = await call("GET", `/docs/histories?docId=${doc.id}`, o.token);
    expect(history.body.events.slice(0, 2).map((e: { type: string }) => e.type)).toEqual([
      "DocumentShareRevoked",
      "DocumentShared",
    ]);
  });

  it("shows what the PDF shows — the line's discount and unit, the mentions — and what is left due after a payment and a credit note", async () => {
    const o = await paymentsOrganisation(call, register, "Solde");
    const draft = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: o.day,
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "3", unitPrice: "65", discount: "10" }],
    });
    const doc = await o.ok("PUT", `/docs/${draft.id}/status/validated`);
    const { token } = await o.ok("POST", `/docs/${doc.id}/shares`, {});

    const before = await open(`?token=${token}`);
    expect(before.status).toBe(200);
    // 3 × 65,00 − 10 % = 175,50 HT: the discount and the unit's name, as the PDF prints them.
    expect(before.body.lines[0]).toMatchObject({
      type: "item",
      quantity: "3",
      unit: "heure",
      unitPrice: "65.00",
      discountPercent: "10",
      netCents: 17_550,
    });
    expect(before.body.totals).toMatchObject({ includingTaxCents: 21_060, dueCents: 21_060 });
    expect(before.body.settlement).toEqual({
      paidCents: 0,
      creditedCents: 0,
      dueCents: 21_060,
      status: "unpaid",
    });
    // The mentions under the PDF's totals, word for word (its paragraphs: pdf/totals.ts).
    expect(before.body.mentions.paragraphs).toEqual(
      expect.arrayContaining([
        "Catégorie de l'opération\u00a0: prestation de services",
        "Pas d'escompte pour paiement anticipé",
        "Indemnité forfaitaire pour frais de recouvrement\u00a0: 40\u00a0€",
      ]),
    );

    // A payment of 100,00 €, then a credit note of one hour (58,50 + 20 % = 70,20) deducted in a second one.
    await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 10_000,
      modeId: "transfer",
      allocations: [{ docId: doc.id, amount: 10_000 }],
    });
    const line = (await o.ok("GET", `/docs/${doc.id}`)).lines[0];
    const creditDraft = await o.ok("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: o.day,
      from: {
        relation: "creditNote",
        docId: doc.id,
        selection: { kind: "lines", quantities: { [line.id]: "1" } },
      },
    });
    const credit = await o.ok("PUT", `/docs/${creditDraft.id}/status/validated`);
    expect(credit.totalInclTax).toBe(7_020);
    await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 2_000,
      modeId: "transfer",
      allocations: [
        { docId: doc.id, amount: 9_020 },
        { docId: credit.id, amount: 7_020 },
      ],
    });

    const after = await open(`?token=${token}`);
    // What the document says stays as printed; where it stands is the invoice page's due (21,060 − 19,020).
    expect(after.body.totals.dueCents).toBe(21_060);
    expect(after.body.settlement).toEqual({
      paidCents: 12_000,
      creditedCents: 7_020,
      dueCents: 2_040,
      status: "partial",
    });
    expect((await o.ok("GET", `/docs/${doc.id}`)).due).toBe(after.body.settlement.dueCents);

    await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 2_040,
      modeId: "transfer",
      allocations: [{ docId: doc.id, amount: 2_040 }],
    });
    expect((await open(`?token=${token}`, "en")).body.settlement).toEqual({
      paidCents: 14_040,
      creditedCents: 7_020,
      dueCents: 0,
      status: "paid",
    });
    // A quote has no standing.
    const quote = await o.ok("POST", "/docs", { kind: "quote", direction: "sales", issueDate: o.day });
    const link = await o.ok("POST", `/docs/${quote.id}/shares`, {});
    expect((await open(`?token=${link.token}`)).body.settlement).toBeNull();
  });

  it("answers a missing, unknown or expired token without telling which, in French and English", async () => {
    const o = await documentsOrganisation(call, register, "Expire");
    const doc = await invoice(o);
    expect(await open("")).toMatchObject({
      status: 400,
      body: { code: "share.missingToken", detail: "Jeton manquant." },
    });
    expect((await open("", "en")).body.detail).toBe("Missing token.");
    const unknown = await open(`?token=sh_${"A".repeat(43)}`, "en");
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: "share.invalidToken", detail: "Please contact the sender for more information." },
    });
    expect((await open("?token=../../etc/passwd")).status).toBe(404);

    const past = await send("POST", `/docs/${doc.id}/shares`, o.token, { expiresAt: "2020-01-01T00:00:00Z" });
    expect(past).toMatchObject({ status: 422, body: { code: "share.expiryInPast" } });
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const created = await send("POST", `/docs/${doc.id}/shares`, o.token, { expiresAt: soon });
    expect(created.body.expiresAt).toBe(soon);
    expect((await open(`?token=${created.body.token}`)).status).toBe(200);
    const clock = harness.ctx.clock;
    (harness.ctx as { clock: () => Date }).clock = () => new Date(Date.now() + 2 * 60 * 60 * 1000);
    try {
      expect((await open(`?token=${created.body.token}`)).body.code).toBe("share.invalidToken");
      expect((await call("GET", `/docs/${doc.id}/shares`, o.token)).body.shares[0].expired).toBe(true);
    } finally {
      (harness.ctx as { clock: () => Date }).clock = clock;
    }
  });

  it("dies with its document, is limited per client address, and stays in its organisation", async () => {
    const a = await documentsOrganisation(call, register, "Avril");
    const b = await documentsOrganisation(call, register, "Brume");
    const draft = await call("POST", "/docs", a.token, {
      kind: "quote",
      direction: "sales",
      issueDate: day(),
    });
    const link = (await send("POST", `/docs/${draft.body.id}/shares`, a.token, {})).body;
    expect((await open(`?token=${link.token}`)).body.number).toBe(draft.body.number);

    // Another organisation sees nothing of it and changes nothing.
    const events = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from events where org_id = ${a.orgId}`.execute(
            harness.ctx.database.db,
          )
        ).rows[0]?.n,
      );
    const before = await events();
    expect((await call("GET", `/docs/${draft.body.id}/shares`, b.token)).status).toBe(404);
    expect((await send("POST", `/docs/${draft.body.id}/shares`, b.token, {})).status).toBe(404);
    expect((await send("DELETE", `/docs/${draft.body.id}/shares/${link.shareId}`, b.token)).status).toBe(404);
    const docB = await call("POST", "/docs", b.token, {
      kind: "quote",
      direction: "sales",
      issueDate: day(),
    });
    expect((await send("DELETE", `/docs/${docB.body.id}/shares/${link.shareId}`, b.token)).status).toBe(404);
    expect(await events()).toBe(before);
    expect((await open(`?token=${link.token}`)).status).toBe(200);

    // The sign-in limits' counters, per client address.
    const rules = harness.ctx.identity.rules;
    (harness.ctx.identity as { rules: typeof rules }).rules = {
      ...rules,
      shareAddress: { name: "share-address", max: 2, windowMs: 60_000, lockMs: 60_000 },
    };
    try {
      expect((await open(`?token=${link.token}`, "fr", "198.51.100.7")).status).toBe(200);
      expect((await open(`?token=${link.token}`, "fr", "198.51.100.7")).status).toBe(200);
      const limited = await open(`?token=${link.token}`, "fr", "198.51.100.7");
      expect(limited).toMatchObject({ status: 429, body: { code: "identity.tooManyAttempts" } });
      expect(limited.headers.get("retry-after")).toBe("60");
    } finally {
      (harness.ctx.identity as { rules: typeof rules }).rules = rules;
    }

    expect((await send("DELETE", `/docs/${draft.body.id}`, a.token)).status).toBe(204);
    expect((await open(`?token=${link.token}`)).body.code).toBe("share.invalidToken");
  });
});
