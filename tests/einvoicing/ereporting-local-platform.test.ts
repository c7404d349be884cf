import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConnection } from "../../api/src/einvoicing/connection.ts";
import { ereportingTrackingId, runEReporting } from "../../api/src/einvoicing/ereporting.ts";
import { platformOf } from "../../api/src/einvoicing/ereporting-job.ts";
import { ereportingCalendar } from "../../api/src/einvoicing/ereporting-view.ts";
import { syncOrganisation } from "../../api/src/einvoicing/sync.ts";
import { apiHarness } from "../../api/src/testing/api-harness.ts";
import { documentsOrganisation } from "../../api/src/testing/documents-setup.ts";
import { type LocalPlatform, startLocalPlatform } from "../../local-platform/src/index.ts";
import { databaseKinds } from "../support/databases.ts";

/**
 * E-reporting end to end through the local approved platform (a real HTTP server) and the product's HTTP
 * adapter, on both databases: a B2C sale of 3 November goes out as an FRR flow (processing rule B2C)
 * once its ten days are over, the platform types it an aggregated customer transaction report and
 * acknowledges it, and the organisation's sync records the answer on its calendar.
 */
const PERIOD = "transactions-2026-11-d1";

describe.each(databaseKinds)("e-reporting through the local platform on %s", (kind) => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
  });
  afterAll(() => platform?.close());
  const { harness, call, register } = apiHarness(kind, {});

  it("sends a period's B2C sales once, and records the platform's acknowledgement", async () => {
    const o = await documentsOrganisation(call, register, "EreportingLocal");
    const clientId = `${kind}-ereporting-${o.orgId.slice(0, 8)}`;
    platform.admin.putAccount({
      siren: "552120222",
      name: "Atelier",
      clientId,
      clientSecret: `secret-${clientId}`,
    });
    await setConnection(
      harness.ctx,
      o.orgId,
      {
        flowUrl: platform.flowUrl,
        directoryUrl: platform.directoryUrl,
        tokenUrl: platform.tokenUrl,
        clientId,
        clientSecret: `secret-${clientId}`,
      },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const person = await o.ok("POST", "/contacts", {
      kind: "person",
      firstName: "Jeanne",
      lastName: "Martin",
      types: ["customer"],
      addresses: [{ kind: "billing", line1: "2 rue Neuve", postalCode: "33000", city: "Bordeaux" }],
    });
    const draft = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: "2026-11-03",
      contactId: person.id,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    await o.ok("PUT", `/docs/${draft.id}/status/validated`);
    await harness.ctx.runner.drain(["documents"]);

    const ctx = { ...harness.ctx, clock: () => new Date("2026-12-05T09:00:00Z") };
    const client = await platformOf(ctx, o.orgId);
    if (!client) throw new Error("not connected");
    expect((await runEReporting(ctx, o.orgId, client)).sent).toBe(1);
    expect((await runEReporting(ctx, o.orgId, client)).sent).toBe(0);

    const trackingId = ereportingTrackingId(PERIOD, "b2c");
    const flows = platform.admin.flows().filter((f) => f.trackingId === trackingId);
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({
      flowSyntax: "FRR",
      processingRule: "B2C",
      flowType: "AggregatedCustomerTransactionReport",
    });

    await platform.admin.idle();
    await syncOrganisation(ctx, o.orgId);
    const calendar = await ereportingCalendar(ctx, o.orgId, 3);
    expect(calendar.periods.find((p) => p.id === PERIOD)).toMatchObject({
      status: "acknowledged",
      parts: [{ part: "b2c", sent: { trackingId, lines: 1 }, acknowledgement: { status: "Ok" } }],
    });
  });
});
