import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parisDate, readCdar } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConnection } from "../../api/src/einvoicing/connection.ts";
import { httpEInvoicingPlatforms } from "../../api/src/einvoicing/http-adapter.ts";
import { einvoicingReactors } from "../../api/src/einvoicing/reactors.ts";
import { syncOrganisation } from "../../api/src/einvoicing/sync.ts";
import { apiHarness } from "../../api/src/testing/api-harness.ts";
import { documentsOrganisation } from "../../api/src/testing/documents-setup.ts";
import { type LocalPlatform, startLocalPlatform } from "../../local-platform/src/index.ts";
import { databaseKinds } from "../support/databases.ts";

/**
 * The life of an invoice end to end (issue 25, point 6), through the API on both databases and the
 * local approved platform (`local-platform/`, a real HTTP server): the seller invoices services taxed
 * on receipts (20 % and 10 %) to a business of the platform's directory, a Registre organisation too,
 * which receives it as a draft with the same totals, approves it (205) and sends the payment (211); the
 * seller sees 200, 205 and 211, records the customer's payment and sends 212 with the amount per rate
 * its payment moved from 445740, once; another invoice is refused (210), cancelled in the seller's books
 * by an internal credit note never transmitted. Every lifecycle message the platform carried validates
 * against the CDAR D22B schema (xmllint).
 */
const SELLER = "552120222";
const BUYER = "732829320";
const CDAR_XSD = fileURLToPath(
  new URL(
    "../../../shared/fixtures/einvoicing/cdar/xsd/CrossDomainAcknowledgementAndResponse_100pD22B.xsd",
    import.meta.url,
  ),
);
const work = mkdtempSync(join(tmpdir(), "registre-lifecycle-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** xmllint's verdict on a lifecycle message: null when valid against the D22B schema, else its messages. */
const schemaErrors = (bytes: Uint8Array, name: string): string | null => {
  const file = join(work, `${name}.xml`);
  writeFileSync(file, bytes);
  try {
    execFileSync("xmllint", ["--noout", "--nonet", "--schema", CDAR_XSD, file], { stdio: "pipe" });
    return null;
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer };
    if (e.code === "ENOENT") throw new Error("xmllint is missing: apt-get install libxml2-utils");
    return String(e.stderr);
  }
};

const statusOf = (bytes: Uint8Array) => readCdar(new TextDecoder().decode(bytes)).statusCode;

type Status = { code: number; date: string; reasonCode: string | null; reason: string | null };
type Line = {
  account: string;
  auxiliary: string | null;
  debit: number;
  credit: number;
  vat: { rate: string; base?: number } | null;
};

describe.each(databaseKinds)("an invoice's life through the local platform on %s", (kind) => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
  });
  afterAll(() => platform?.close());
  const { harness, call, register } = apiHarness(kind, {}, { reactors: einvoicingReactors });

  /** The organisation's account on the platform and its connection; the credentials, to search its flows. */
  const connect = async (orgId: string, siren: string, name: string) => {
    const clientId = `${kind}-${siren}-${orgId.slice(0, 8)}`;
    platform.admin.putAccount({ siren, name, clientId, clientSecret: `secret-${clientId}` });
    const connection = {
      flowUrl: platform.flowUrl,
      directoryUrl: platform.directoryUrl,
      tokenUrl: platform.tokenUrl,
      clientId,
      clientSecret: `secret-${clientId}`,
    };
    await setConnection(harness.ctx, orgId, connection, {
      commandId: crypto.randomUUID(),
      at: new Date().toISOString(),
    });
    return httpEInvoicingPlatforms().connect(connection);
  };

  /** The scheduled sync of the organisation until `done` holds (the platform works in the background). */
  const syncUntil = async (orgId: string, done: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await platform.admin.idle();
      await syncOrganisation(harness.ctx, orgId);
      await harness.ctx.runner.drain();
      if ((await done()) || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /** Both organisations connected: the seller with its customer (the buyer's SIREN) and its service item. */
  const setup = async () => {
    const seller = await documentsOrganisation(call, register, "Vendeur");
    const owner = await register("Acheteur");
    const org = await call("POST", "/user/orgs", owner.token, {
      name: "Alpha SARL",
      siren: BUYER,
      vatNumber: "FR44732829320",
      address: { line1: "3 place Bellecour", postalCode: "69002", city: "Lyon", country: "FR" },
    });
    expect(org.status).toBe(201);
    const token = org.body.token as string;
    const buyer = {
      orgId: org.body.user.org.id as string,
      ok: async (method: string, path: string, body?: unknown) => {
        const res = await call(method, path, token, body);
        if (res.status >= 300)
          throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      },
    };
    const sellerFlows = await connect(seller.orgId, SELLER, "Atelier Vendeur");
    await connect(buyer.orgId, BUYER, "Alpha SARL");
    return { seller, buyer, sellerFlows };
  };
  type Orgs = Awaited<ReturnType<typeof setup>>;

  /** A validated invoice of services to the buyer, sent by the reactor, in the buyer's inbox as a draft. */
  const invoiceDelivered = async ({ seller, buyer }: Orgs, lines: unknown[]) => {
    const created = await seller.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: seller.customerId,
      lines,
    });
    await seller.ok("PUT", `/docs/${created.id}/status/validated`);
    const invoice = await seller.ok("GET", `/docs/${created.id}`);
    await syncUntil(seller.orgId, async () => codes(await transmission(seller, invoice.id)).includes(200));
    let received: { id: string; docId: string } | undefined;
    await syncUntil(buyer.orgId, async () => {
      const inbox = await buyer.ok("GET", "/einvoicing/received");
      received = inbox.items.find((i: { invoiceNumber: string }) => i.invoiceNumber === invoice.number);
      return received !== undefined;
    });
    return { invoice, received: received as { id: string; docId: string } };
  };

  const transmission = (o: Orgs["seller"], id: string) => o.ok("GET", `/docs/${id}/transmission`);
  const codes = (t: { statuses: Status[] }) => t.statuses.map((s) => s.code);
  const sellerSees = (o: Orgs, id: string, code: number) =>
    syncUntil(o.seller.orgId, async () => codes(await transmission(o.seller, id)).includes(code));

  /** The customer's balance in the seller's books: its lines on the receivables account, debit less credit. */
  const customerBalance = async (o: Orgs, account: string, auxiliary: string | null) => {
    const { year } = o.seller;
    const page = await o.seller.ok("POST", "/accounting/reports/generalledger", {
      start: year.start,
      end: year.end,
      account,
      limit: 1000,
    });
    return (page.rows as Line[])
      .filter((r) => r.account === account && r.auxiliary === auxiliary)
      .reduce((sum, r) => sum + r.debit - r.credit, 0);
  };

  it("approved, paid and collected (212 once); another refused and cancelled internally; every CDAR valid", async () => {
    const o = await setup();
    const { seller, buyer } = o;

    // 1. Services taxed on receipts at two rates: the buyer's draft has the seller's totals, rate by rate.
    const { invoice, received } = await invoiceDelivered(o, [
      { kind: "item", itemId: seller.itemId, quantity: "3" },
      {
        kind: "free",
        label: "Formation",
        quantity: "2",
        unitPrice: "150",
        vatRate: "10",
        account: "706000",
        nature: "services",
      },
    ]);
    const posted = await seller.ok("GET", `/accounting/entries/mvt/${invoice.entryMvt}`);
    const pending = (posted.lines as Line[]).filter((l) => l.account === "445740");
    expect(pending.reduce((s, l) => s + l.credit, 0)).toBe(invoice.totals.totalVat);
    const draft = await buyer.ok("GET", `/docs/${received.docId}`);
    expect(draft).toMatchObject({ direction: "purchases", status: "draft" });
    const totals = (t: typeof invoice.totals) => ({
      net: t.totalExclTax,
      vat: t.totalVat,
      gross: t.totalInclTax,
      byRate: t.breakdown
        .map((b: { vatRate: string; base: number; vat: number }) => [Number(b.vatRate), b.base, b.vat])
        .sort(),
    });
    expect(totals(invoice.totals).byRate).toHaveLength(2);
    expect(totals(draft.totals)).toEqual(totals(invoice.totals));

    // 2. The buyer approves it (205) and sends the payment (211); the seller sees 200, 205, 211, dated.
    for (const code of [205, 211]) {
      await buyer.ok("POST", `/einvoicing/received/${received.id}/status`, { code });
      await sellerSees(o, invoice.id, code);
    }
    const shown = await transmission(seller, invoice.id);
    expect(codes(shown)).toEqual(expect.arrayContaining([200, 205, 211]));
    for (const s of shown.statuses as Status[]) expect(s.date).toMatch(/^\d{4}-\d{2}-\d{2}/);

    // 3. The customer pays: 212 sent with the amount per rate the payment moved from 445740, once.
    const payment = await seller.ok("POST", "/payments/sales", {
      date: parisDate(new Date()),
      amount: invoice.totals.totalInclTax,
      modeId: "transfer",
      allocations: [{ docId: invoice.id, amount: invoice.totals.totalInclTax }],
    });
    await syncUntil(seller.orgId, async () => (await transmission(seller, invoice.id)).collected.length > 0);
    const { collected } = await transmission(seller, invoice.id);
    expect(collected).toHaveLength(1);
    const [report] = collected;
    expect(report).toMatchObject({
      payment: payment.id,
      date: payment.date,
      total: invoice.totals.totalInclTax,
      flowId: expect.any(String),
      at: expect.any(String),
    });
    const paid = (await seller.ok("GET", `/accounting/entries/mvt/${payment.entryMvt}`)).lines as Line[];
    // Each rate's VAT moved out of 445740 to the collected VAT (its line with the rate and the base):
    // the 212's amount at that rate is that base and that VAT.
    const moved = paid.filter((l) => l.account === "445740");
    const due = paid.filter((l) => l.vat !== null && l.credit > 0);
    expect(moved.map((l) => l.debit)).toEqual(due.map((l) => l.credit));
    expect(
      Object.fromEntries(
        report.amounts.map((a: { ratePercent: string; cents: number }) => [a.ratePercent, a.cents]),
      ),
    ).toEqual(
      Object.fromEntries(due.map((l) => [Number(l.vat?.rate).toFixed(2), (l.vat?.base ?? 0) + l.credit])),
    );
    expect(moved.reduce((s, l) => s + l.debit, 0)).toBe(invoice.totals.totalVat);
    // Reactors and sync once more: nothing sent twice; the platform holds one flow of that tracking id.
    await harness.ctx.runner.drain();
    await syncUntil(seller.orgId, async () => true);
    const byTracking = await o.sellerFlows.searchFlows({ trackingId: report.trackingId }, 10);
    expect(byTracking.filter((f) => f.flowDirection === "Out")).toHaveLength(1);
    expect((await transmission(seller, invoice.id)).collected).toHaveLength(1);

    // 4. Another invoice refused (210, with its reason): the seller cancels it by an internal credit note.
    const refused = await invoiceDelivered(o, [{ kind: "item", itemId: seller.itemId, quantity: "1" }]);
    await buyer.ok("POST", `/einvoicing/received/${refused.received.id}/status`, {
      code: 210,
      reasonCode: "TX_TVA_ERR",
      reason: "Taux de TVA erroné",
    });
    await sellerSees(o, refused.invoice.id, 210);
    const seen = await transmission(seller, refused.invoice.id);
    expect(seen.statuses.find((s: Status) => s.code === 210)).toMatchObject({
      reasonCode: "TX_TVA_ERR",
      reason: "Taux de TVA erroné",
    });
    expect(seen.internalCreditNote).toEqual({ offered: true, creditNote: null });
    const receivable = (
      (await seller.ok("GET", `/accounting/entries/mvt/${refused.invoice.entryMvt}`)).lines as Line[]
    ).find((l) => l.debit === refused.invoice.totals.totalInclTax) as Line;
    expect(await customerBalance(o, receivable.account, receivable.auxiliary)).toBe(
      refused.invoice.totals.totalInclTax,
    );
    const note = await seller.ok("POST", `/docs/${refused.invoice.id}/internal-credit-note`);
    expect(note).toMatchObject({
      kind: "creditNote",
      status: "validated",
      internal: true,
      totalInclTax: refused.invoice.totals.totalInclTax,
    });
    expect(await customerBalance(o, receivable.account, receivable.auxiliary)).toBe(0);
    const again = await call("POST", `/docs/${refused.invoice.id}/internal-credit-note`, seller.token);
    expect([again.status, again.body.code]).toEqual([409, "einvoicing.alreadyCredited"]);
    await syncUntil(seller.orgId, async () => true);
    expect((await transmission(seller, note.id)).state).toBe("internal");
    const flows = platform.admin.flows();
    expect(flows.filter((f) => f.trackingId === note.number || f.invoice?.number === note.number)).toEqual(
      [],
    );

    // 5. Every lifecycle message the platform carried validates against the D22B schema.
    const lifecycle = flows.filter((f) => f.flowSyntax === "CDAR");
    const errors = lifecycle.flatMap((f) => {
      const bytes = platform.admin.file(f.flowId ?? "") as Uint8Array;
      const verdict = schemaErrors(bytes, `${f.flowId}`);
      return verdict ? [`${f.flowType} ${f.flowDirection} ${statusOf(bytes)}: ${verdict}`] : [];
    });
    expect(errors).toEqual([]);
    const statuses = lifecycle.map((f) => statusOf(platform.admin.file(f.flowId ?? "") as Uint8Array));
    expect(statuses).toEqual(expect.arrayContaining([200, 205, 210, 211, 212]));
    const sent212 = lifecycle.filter(
      (f, i) => f.flowDirection === "Out" && f.owner === SELLER && statuses[i] === 212,
    );
    expect(sent212.map((f) => f.trackingId)).toEqual([report.trackingId]);
  }, 180_000);
});
