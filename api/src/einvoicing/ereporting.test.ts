import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import type { AppContext } from "../context.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { connectToFakePlatform } from "../testing/einvoicing-setup.ts";
import { ereportingTrackingId, runEReporting } from "./ereporting.ts";
import { runAllEReporting } from "./ereporting-job.ts";
import { ereportingCalendar } from "./ereporting-view.ts";
import { fakePlatform } from "./fake-platform.testing.ts";
import { syncOrganisation } from "./sync.ts";

/**
 * E-reporting through the API (issue 25, point 5), on both databases, with the platform's double: the
 * November B2C and international sales of a réel normal monthly organisation go out once their ten days
 * are over — one FRR flow per part, B2C and B2BInt —, never twice whatever the runs; the platform's
 * answer is recorded (by the job and by the sync); a refusal is shown and sent again on demand; a crash
 * between the submission and its record finds the flow; the routes.
 */
const D1 = "transactions-2026-11-d1";
const december = (ctx: AppContext, day = "2026-12-05"): AppContext => ({
  ...ctx,
  clock: () => new Date(`${day}T09:00:00Z`),
});

describe.each(databaseKinds)("e-reporting on %s", (kind) => {
  const fake = fakePlatform();
  const { harness, call, register } = apiHarness(kind, {}, { einvoicing: fake.platforms });

  const books = async (name: string, connect = true) => {
    const o = await documentsOrganisation(call, register, name);
    if (connect) await connectToFakePlatform(harness.ctx, o.orgId, o.orgId);
    const person = await o.ok("POST", "/contacts", {
      kind: "person",
      firstName: "Jeanne",
      lastName: "Martin",
      types: ["customer"],
      addresses: [{ kind: "billing", line1: "2 rue Neuve", postalCode: "33000", city: "Bordeaux" }],
    });
    const abroad = await o.ok("POST", "/contacts", {
      kind: "company",
      name: "Acme Inc",
      types: ["customer"],
      addresses: [
        { kind: "billing", line1: "1 Main Street", postalCode: "10001", city: "New York", country: "US" },
      ],
    });
    const invoice = async (contactId: string, issueDate: string, quantity = "1") => {
      const created = await o.ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate,
        contactId,
        lines: [{ kind: "item", itemId: o.itemId, quantity }],
      });
      return o.ok("PUT", `/docs/${created.id}/status/validated`);
    };
    // Two B2C sales on 3 November (80.00 and 160.00 + 20 %), one to New York on the 5th, one French B2B.
    await invoice(person.id, "2026-11-03");
    await invoice(person.id, "2026-11-03", "2");
    await invoice(abroad.id, "2026-11-05");
    await invoice(o.customerId, "2026-11-06");
    await harness.ctx.runner.drain(["documents"]);
    return o;
  };

  const mine = (orgId: string) => fake.submissions.filter((s) => s.account === orgId);
  const platform = (orgId: string) => harness.ctx.einvoicing.connect({ clientId: orgId } as never);

  it("sends each part of a period once its ten days are over, once, and records the platform's answer", async () => {
    const o = await books("Ereporting");
    // On 10 November the first ten days are not over: nothing goes.
    expect(await runEReporting(december(harness.ctx, "2026-11-10"), o.orgId, platform(o.orgId))).toEqual({
      sent: 0,
      answers: 0,
    });
    expect(mine(o.orgId)).toEqual([]);

    const ctx = december(harness.ctx);
    expect((await runEReporting(ctx, o.orgId, platform(o.orgId))).sent).toBe(2);
    const sent = mine(o.orgId);
    expect(sent.map((s) => [s.trackingId, s.info.processingRule, s.info.flowSyntax])).toEqual([
      [ereportingTrackingId(D1, "b2c"), "B2C", "FRR"],
      [ereportingTrackingId(D1, "international"), "B2BInt", "FRR"],
    ]);
    const b2c = new TextDecoder().decode(sent[0]?.file.bytes);
    // 80.00 + 160.00 at 20 % on the 3rd: 240.00, VAT 48.00, two invoices.
    expect(b2c).toContain(
      '<Date>20261103</Date><CurrencyCode>EUR</CurrencyCode><TaxExclusiveAmount currencyID="EUR">240.00</TaxExclusiveAmount><TaxTotal currencyID="EUR">48.00</TaxTotal><TransactionsCount>2</TransactionsCount>',
    );
    expect(b2c).toContain('<ID schemeID="0002">552120222</ID>');
    expect(new TextDecoder().decode(sent[1]?.file.bytes)).toContain("<CountryCode>US</CountryCode>");

    // Run again, and by the job: nothing more sent.
    expect((await runEReporting(ctx, o.orgId, platform(o.orgId))).sent).toBe(0);
    await runAllEReporting(ctx);
    expect(mine(o.orgId)).toHaveLength(2);

    let calendar = await ereportingCalendar(ctx, o.orgId, 3);
    const d1 = calendar.periods.find((p) => p.id === D1);
    expect(d1).toMatchObject({
      status: "sent",
      dueFrom: "2026-11-11",
      dueBy: "2026-11-20",
      parts: [
        { part: "b2c", processingRule: "B2C", sent: { lines: 1 }, acknowledgement: null, refusal: null },
        { part: "international", processingRule: "B2BInt", sent: { lines: 1 }, acknowledgement: null },
      ],
    });
    // The other periods over had nothing to report; December's are to come.
    expect(calendar.periods.find((p) => p.id === "transactions-2026-11-d2")?.status).toBe("nothingToReport");
    expect(calendar.periods.find((p) => p.id === "transactions-2026-12-d1")?.status).toBe("toCome");
    expect(calendar).toMatchObject({ vatRegime: "reel_normal", vatPeriodicity: "monthly", connected: true });

    fake.settle();
    expect((await runEReporting(ctx, o.orgId, platform(o.orgId))).answers).toBe(2);
    expect((await runEReporting(ctx, o.orgId, platform(o.orgId))).answers).toBe(0);
    calendar = await ereportingCalendar(ctx, o.orgId, 3);
    expect(calendar.periods.find((p) => p.id === D1)).toMatchObject({
      status: "acknowledged",
      parts: [{ acknowledgement: { status: "Ok" } }, { acknowledgement: { status: "Ok" } }],
    });
  });

  it("records the answer the sync reads, and shows a rejection with its reasons", async () => {
    const o = await books("EreportingSync");
    const ctx = december(harness.ctx);
    fake.faults.ackError = "InvalidSchema";
    await runEReporting(ctx, o.orgId, platform(o.orgId));
    fake.settle();
    fake.faults.ackError = null;
    await syncOrganisation(ctx, o.orgId);
    const d1 = (await ereportingCalendar(ctx, o.orgId, 3)).periods.find((p) => p.id === D1);
    expect(d1).toMatchObject({
      status: "rejected",
      parts: [{ acknowledgement: { status: "Error", details: [{ reasonCode: "InvalidSchema" }] } }, {}],
    });
  });

  it("records a refused file, does not send it again by itself, and sends it again on demand", async () => {
    const o = await books("EreportingRefus");
    const ctx = december(harness.ctx);
    fake.faults.refuse = true;
    await runEReporting(ctx, o.orgId, platform(o.orgId));
    fake.faults.refuse = false;
    expect(mine(o.orgId)).toEqual([]);
    const refused = (await ereportingCalendar(ctx, o.orgId, 3)).periods.find((p) => p.id === D1);
    expect(refused).toMatchObject({
      status: "refused",
      parts: [{ refusal: { errorCode: "InvalidSchema" } }, {}],
    });
    await runEReporting(ctx, o.orgId, platform(o.orgId));
    expect(mine(o.orgId)).toEqual([]);

    // « Send now » through the API (the period is over by the server's own clock).
    const res = await call("POST", `/einvoicing/ereporting/${D1}/send`, o.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: D1,
      status: "sent",
      parts: [{ sent: { lines: 1 } }, { sent: { lines: 1 } }],
    });
    expect(mine(o.orgId)).toHaveLength(2);
    // Again: nothing more.
    expect((await call("POST", `/einvoicing/ereporting/${D1}/send`, o.token)).status).toBe(200);
    expect(mine(o.orgId)).toHaveLength(2);
  });

  it("finds the flow a crash left unrecorded rather than sending it again", async () => {
    const o = await books("EreportingCrash");
    const trackingId = ereportingTrackingId(D1, "b2c");
    const bytes = new TextEncoder().encode("<Report/>");
    await platform(o.orgId).submitFlow(
      { trackingId, processingRule: "B2C", flowSyntax: "FRR" },
      { bytes, name: `${trackingId}.xml`, contentType: "application/xml" },
    );
    await runEReporting(december(harness.ctx), o.orgId, platform(o.orgId));
    expect(mine(o.orgId).map((s) => s.trackingId)).toEqual([
      trackingId,
      ereportingTrackingId(D1, "international"),
    ]);
  });

  it("answers the calendar and refuses what cannot be sent, with its reason", async () => {
    const o = await books("EreportingRoutes", false);
    const calendar = await call("GET", "/einvoicing/ereporting?months=2", o.token);
    expect(calendar.status).toBe(200);
    expect(calendar.body).toMatchObject({ connected: false, vatRegime: "reel_normal" });
    expect(calendar.body.periods.length).toBeGreaterThan(0);
    const unknown = await call("POST", "/einvoicing/ereporting/transactions-2026-11/send", o.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "ereporting.unknownPeriod" });
    const notConnected = await call("POST", `/einvoicing/ereporting/${D1}/send`, o.token);
    expect(notConnected.status).toBe(409);
    expect(notConnected.body).toMatchObject({ code: "einvoicing.notConnected" });
    const malformed = await call("POST", "/einvoicing/ereporting/nothing/send", o.token);
    expect(malformed.status).toBeLessThan(500);
    expect(malformed.status).toBeGreaterThanOrEqual(400);

    const c = await books("EreportingFutur");
    const future = await call("POST", "/einvoicing/ereporting/transactions-2099-01-d1/send", c.token);
    expect(future.status).toBe(409);
    expect(future.body).toMatchObject({ code: "ereporting.periodNotOver" });
    fake.faults.down = true;
    try {
      const down = await call("POST", `/einvoicing/ereporting/${D1}/send`, c.token);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: "einvoicing.platformUnavailable" });
    } finally {
      fake.faults.down = false;
    }
    expect(mine(c.orgId)).toEqual([]);
  });
});
