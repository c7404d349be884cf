import { parisDate } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { connectToFakePlatform } from "../testing/einvoicing-setup.ts";
import { collectedReactor } from "./collected.ts";
import { fakePlatform } from "./fake-platform.testing.ts";
import { collectedDependencies, einvoicingReactors } from "./reactors.ts";
import { syncOrganisation } from "./sync.ts";

/**
 * The statuses and their accounting (issue 25, point 4), through the API on both databases, with the
 * platform in memory: a rejected (213) or refused (210) invoice is cancelled by an internal credit note,
 * made and posted in one commit, never transmitted; an invoice of services taxed on receipts, once paid,
 * sends the platform its 212 with the amount per rate the payment moved from 445740, once — not after a
 * replay, not for goods, not under the débits option.
 */
describe.each(databaseKinds)("e-invoicing: statuses and their accounting on %s", (kind) => {
  const fake = fakePlatform();
  fake.directory.add("732829320");
  const { harness, call, send, register } = apiHarness(
    kind,
    {},
    { reactors: einvoicingReactors, einvoicing: fake.platforms, reactorRetryMs: { first: 100, max: 400 } },
  );

  const connected = async (name: string) => {
    const o = await documentsOrganisation(call, register, name);
    await connectToFakePlatform(harness.ctx, o.orgId, o.orgId, {
      webhookSecret: "whsec-test-0123456789abcdef",
    });
    return o;
  };
  type Org = Awaited<ReturnType<typeof connected>>;

  const goodsItem = async (o: Org) =>
    (
      await o.ok("POST", "/items", {
        use: "sale",
        kind: "goods",
        reference: "CHAISE",
        label: "Chaise",
        unit: "C62",
        vatRate: "20",
        sellPrice: "50",
        sellAccount: "707000",
      })
    ).id as string;

  /** A validated invoice of 2 × the item (the organisation's service at 80 € HT unless told). */
  const invoice = async (o: Org, itemId = o.itemId) => {
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: o.customerId,
      lines: [{ kind: "item", itemId, quantity: "2" }],
    });
    const validated = await o.ok("PUT", `/docs/${created.id}/status/validated`);
    return {
      id: created.id as string,
      number: validated.number as string,
      total: validated.totalInclTax as number,
    };
  };

  const transmission = (o: Org, id: string) => o.ok("GET", `/docs/${id}/transmission`);
  // biome-ignore lint/suspicious/noExplicitAny: the route's JSON
  const until = async (o: Org, id: string, done: (t: any) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const t = await transmission(o, id);
      if (done(t) || Date.now() > deadline) return t;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const sent = (o: Org, id: string) => until(o, id, (t) => t.state !== "waiting");
  /** Sent, then accepted by the platform (its acknowledgement Ok, read by the sync). */
  const accepted = async (o: Org, id: string) => {
    await sent(o, id);
    fake.settle();
    await syncOrganisation(harness.ctx, o.orgId);
  };
  /** The lifecycle messages the organisation sent (Out CDAR flows). */
  const cdarFlows = (o: Org) =>
    fake.flows().filter((f) => f.account === o.orgId && f.flowDirection === "Out" && f.flowSyntax === "CDAR");
  const fileOf = async (o: Org, flowId: string) =>
    new TextDecoder().decode(
      (
        await fake.platforms
          .connect({ flowUrl: "", directoryUrl: "", tokenUrl: "", clientId: o.orgId, clientSecret: "" })
          .getFlowFile(flowId, "Original")
      ).bytes,
    );

  const pay = (o: Org, docId: string, amount: number) =>
    o.ok("POST", "/payments/sales", {
      date: parisDate(new Date()),
      amount,
      modeId: "transfer",
      allocations: [{ docId, amount }],
    });

  it("cancels a rejected invoice by an internal credit note, posted in one commit and never transmitted", async () => {
    const o = await connected("Avoir");
    const rejected = await invoice(o);
    await sent(o, rejected.id);
    fake.settle();
    fake.sendStatus(o.orgId, rejected.number, 213);
    await syncOrganisation(harness.ctx, o.orgId);
    expect(await transmission(o, rejected.id)).toMatchObject({
      statuses: [{ code: 213 }],
      internalCreditNote: { offered: true, creditNote: null },
    });

    const key = crypto.randomUUID();
    const made = await send("POST", `/docs/${rejected.id}/internal-credit-note`, o.token, undefined, { key });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      kind: "creditNote",
      direction: "sales",
      status: "validated",
      internal: true,
      totalInclTax: rejected.total,
      origin: { docId: rejected.id, number: rejected.number },
    });
    expect(made.body.number).toMatch(/^AV/);
    // Posted in the same commit: its entry reverses the invoice's.
    const entry = await o.ok("GET", `/accounting/entries/mvt/${made.body.entryMvt}`);
    expect(entry.status).toBe("validated");
    // Imputed on the invoice in the same commit, as a credit note netted in a payment would be: the
    // invoice settled, the credit note used, their customer (411) lines lettered together.
    expect(made.body).toMatchObject({ paid: rejected.total, due: 0, paymentStatus: "paid" });
    const cancelled = await o.ok("GET", `/docs/${rejected.id}`);
    expect(cancelled).toMatchObject({ paid: rejected.total, due: 0, paymentStatus: "paid" });
    const listed = await o.ok("GET", "/docs?direction=sales");
    // biome-ignore lint/suspicious/noExplicitAny: the route's JSON
    const row = (docId: string) => listed.items.find((d: any) => d.id === docId);
    expect(row(rejected.id)).toMatchObject({ due: 0, paymentStatus: "paid" });
    expect(row(made.body.id)).toMatchObject({ due: 0, paymentStatus: "paid" });
    type Line = { account: string; debit: number; credit: number; letterCode: string | null };
    const customerLine = (e: { lines: Line[] }) => e.lines.find((l) => l.account.startsWith("411"));
    const invoiceEntry = await o.ok("GET", `/accounting/entries/mvt/${cancelled.entryMvt}`);
    const code = customerLine(invoiceEntry)?.letterCode;
    expect(code).toMatch(/^[A-Z]+$/);
    expect(customerLine(entry)).toMatchObject({ credit: rejected.total, letterCode: code });
    // The same request again answers the same credit note; another is refused: the invoice is credited.
    const again = await send("POST", `/docs/${rejected.id}/internal-credit-note`, o.token, undefined, {
      key,
    });
    expect([again.status, again.body.id]).toEqual([201, made.body.id]);
    const other = await send("POST", `/docs/${rejected.id}/internal-credit-note`, o.token);
    expect([other.status, other.body.code]).toEqual([409, "einvoicing.alreadyCredited"]);

    expect(await transmission(o, rejected.id)).toMatchObject({
      internalCreditNote: { offered: false, creditNote: { docId: made.body.id, number: made.body.number } },
    });
    // Never transmitted: the sending reactor leaves it (« internal »), the platform never sees it.
    await harness.ctx.runner.drain();
    expect(await transmission(o, made.body.id)).toMatchObject({
      state: "internal",
      submission: null,
      notSent: null,
    });
    expect(fake.submissions.filter((s) => s.trackingId === made.body.number)).toEqual([]);
    // The imputation is no money received: no « Encaissée » (212) for the cancelled invoice.
    expect((await transmission(o, rejected.id)).collected).toEqual([]);
    expect(cdarFlows(o)).toEqual([]);
  });

  it("refuses the internal credit note (409) for an invoice not rejected nor refused", async () => {
    const o = await connected("Approuvee");
    const approved = await invoice(o);
    await sent(o, approved.id);
    const none = await call("POST", `/docs/${approved.id}/internal-credit-note`, o.token);
    expect([none.status, none.body.code]).toEqual([409, "einvoicing.notRefused"]);
    // No status yet: the sentence says so in words, never the raw "none".
    expect(none.body.detail).toContain("dernier statut\u00a0: aucun");
    fake.settle();
    fake.sendStatus(o.orgId, approved.number, 210, { code: "TX_TVA_ERR", text: "taux" });
    fake.sendStatus(o.orgId, approved.number, 205);
    await syncOrganisation(harness.ctx, o.orgId);
    const late = await call("POST", `/docs/${approved.id}/internal-credit-note`, o.token);
    expect([late.status, late.body.code]).toEqual([409, "einvoicing.notRefused"]);
    expect(late.body.detail).toContain("dernier statut\u00a0: 205");
    expect((await o.ok("GET", `/docs/${approved.id}`)).children).toEqual([]);
  });

  it("sends the 212 of a paid invoice of services once, with the amount per rate, recorded on the invoice", async () => {
    const o = await connected("Encaissement");
    const services = await invoice(o);
    await sent(o, services.id);
    // Two payments: one 212 each, adding up to the invoice. The first, before the platform accepted the
    // invoice, waits for its acknowledgement (a platform refuses a status about an invoice it has not).
    const first = await pay(o, services.id, 10_000);
    await harness.ctx.runner.drain();
    expect((await transmission(o, services.id)).collected).toEqual([]);
    fake.settle();
    await syncOrganisation(harness.ctx, o.orgId);
    const second = await pay(o, services.id, services.total - 10_000);
    const shown = await until(o, services.id, (t) => t.collected.length === 2);
    expect(shown.collected).toMatchObject([
      { payment: first.id, amounts: [{ ratePercent: "20.00", cents: 10_000 }], total: 10_000 },
      { payment: second.id, amounts: [{ ratePercent: "20.00", cents: services.total - 10_000 }] },
    ]);
    const messages = cdarFlows(o);
    expect(messages).toHaveLength(2);
    const xml = await fileOf(o, messages[0]?.flowId ?? "");
    expect(xml).toContain("<ram:ProcessConditionCode>212</ram:ProcessConditionCode>");
    expect(xml).toContain(services.number);
    // The payment posted the same split from 445740.
    const entry = await o.ok("GET", `/accounting/entries/mvt/${first.entryMvt}`);
    const moved = (entry.lines as { account: string; debit: number }[]).find((l) => l.account === "445740");
    expect(moved?.debit).toBe(1_667);

    // A replay of the log (a restart with the checkpoint lost): nothing sent twice, nothing recorded twice.
    const reactor = collectedReactor(collectedDependencies(() => harness.ctx));
    const events = (await harness.ctx.store.readStream(o.orgId, `doc-${services.id}`)).filter((e) =>
      reactor.handles?.includes(e.type),
    );
    await reactor.react(events);
    expect(cdarFlows(o)).toHaveLength(2);
    expect((await transmission(o, services.id)).collected).toHaveLength(2);
  });

  it("sends no 212 for goods, nor for services under the débits option", async () => {
    const o = await connected("Biens");
    const goods = await invoice(o, await goodsItem(o));
    await accepted(o, goods.id);
    await pay(o, goods.id, goods.total);

    const debits = await connected("Debits");
    await debits.ok("PUT", "/org", {
      siren: "552120222",
      vatNumber: "FR27552120222",
      address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
      vatOnDebits: true,
    });
    const onDebits = await invoice(debits);
    await accepted(debits, onDebits.id);
    await pay(debits, onDebits.id, onDebits.total);

    await harness.ctx.runner.drain();
    expect((await transmission(o, goods.id)).collected).toEqual([]);
    expect((await transmission(debits, onDebits.id)).collected).toEqual([]);
    expect([...cdarFlows(o), ...cdarFlows(debits)]).toEqual([]);
  });
});
