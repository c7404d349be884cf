import { parisDate } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConnection } from "../../api/src/einvoicing/connection.ts";
import { einvoicingReactors } from "../../api/src/einvoicing/reactors.ts";
import { syncOrganisation } from "../../api/src/einvoicing/sync.ts";
import { apiHarness } from "../../api/src/testing/api-harness.ts";
import { documentsOrganisation } from "../../api/src/testing/documents-setup.ts";
import { type LocalPlatform, startLocalPlatform } from "../../local-platform/src/index.ts";
import { databaseKinds } from "../support/databases.ts";

/**
 * The collected status (212) through the local approved platform (a real HTTP server), on both
 * databases: the seller's invoice of services taxed on receipts is sent and accepted, then paid; the collected-status
 * reactor submits one lifecycle message « Encaissée » with the amount received per rate, which the
 * platform reads as the seller's (CustomerInvoiceLC) and acknowledges Ok; the invoice records it once.
 */
const SELLER = "552120222";

describe.each(databaseKinds)("the collected status through the local platform on %s", (kind) => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
  });
  afterAll(() => platform?.close());
  const { harness, call, register } = apiHarness(kind, {}, { reactors: einvoicingReactors });

  it("sends the 212 of a paid invoice of services once, acknowledged by the platform", async () => {
    const seller = await documentsOrganisation(call, register, "Encaisse");
    // The customer is in the directory: the invoice goes through the platform.
    platform.admin.putAccount({
      siren: "732829320",
      name: "Alpha SARL",
      clientId: `${kind}-buyer-${seller.orgId.slice(0, 8)}`,
      clientSecret: "secret-buyer",
    });
    const clientId = `${kind}-${SELLER}-${seller.orgId.slice(0, 8)}`;
    platform.admin.putAccount({ siren: SELLER, name: "Atelier Encaisse", clientId, clientSecret: "secret" });
    await setConnection(
      harness.ctx,
      seller.orgId,
      {
        flowUrl: platform.flowUrl,
        directoryUrl: platform.directoryUrl,
        tokenUrl: platform.tokenUrl,
        clientId,
        clientSecret: "secret",
      },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const created = await seller.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: seller.customerId,
      lines: [{ kind: "item", itemId: seller.itemId, quantity: "3" }],
    });
    const invoice = await seller.ok("PUT", `/docs/${created.id}/status/validated`);
    await harness.ctx.runner.drain();
    // Accepted by the platform (its acknowledgement Ok, read by the sync) before it is paid.
    await platform.admin.idle();
    await syncOrganisation(harness.ctx, seller.orgId);
    expect((await seller.ok("GET", `/docs/${created.id}/transmission`)).state).toBe("acknowledged");

    await seller.ok("POST", "/payments/sales", {
      date: parisDate(new Date()),
      amount: invoice.totalInclTax,
      modeId: "transfer",
      allocations: [{ docId: created.id, amount: invoice.totalInclTax }],
    });
    await harness.ctx.runner.drain();
    await platform.admin.idle();

    const shown = await seller.ok("GET", `/docs/${created.id}/transmission`);
    expect(shown.collected).toMatchObject([
      { amounts: [{ ratePercent: "20.00", cents: invoice.totalInclTax }], total: invoice.totalInclTax },
    ]);
    const messages = platform.admin
      .flows()
      .filter((f) => f.flowDirection === "Out" && f.flowSyntax === "CDAR" && f.owner === SELLER);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.acknowledgement?.details ?? []).toEqual([]);
    expect(messages[0]).toMatchObject({
      flowId: shown.collected[0].flowId,
      flowType: "CustomerInvoiceLC",
      acknowledgement: { status: "Ok" },
    });

    // Drained again (a restart's catch-up): nothing more sent.
    await harness.ctx.runner.drain();
    expect(
      platform.admin.flows().filter((f) => f.flowDirection === "Out" && f.flowSyntax === "CDAR"),
    ).toHaveLength(1);
  }, 120_000);
});
