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
 * End to end through the local approved platform (`local-platform/`, a real HTTP server on a free port),
 * on both databases: two organisations connected to it with their own credentials, through the product's
 * HTTP adapter. The seller validates an invoice to the buyer: the sending reactor submits its Factur-X
 * once; the platform acknowledges it and routes it to the buyer, whose sync imports it as a draft
 * purchase invoice; the seller's sync records the acknowledgement and the status 200 « Déposée » the
 * platform sends back.
 */
const SELLER = "552120222";
const BUYER = "732829320";

describe.each(databaseKinds)("e-invoicing through the local platform on %s", (kind) => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
  });
  afterAll(() => platform?.close());
  const { harness, call, register } = apiHarness(kind, {}, { reactors: einvoicingReactors });

  const connect = async (orgId: string, siren: string, name: string) => {
    const clientId = `${kind}-${siren}-${orgId.slice(0, 8)}`;
    platform.admin.putAccount({ siren, name, clientId, clientSecret: `secret-${clientId}` });
    await setConnection(
      harness.ctx,
      orgId,
      {
        flowUrl: platform.flowUrl,
        directoryUrl: platform.directoryUrl,
        tokenUrl: platform.tokenUrl,
        clientId,
        clientSecret: `secret-${clientId}`,
      },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
  };

  /** Syncs the organisation until `done` holds of its outcomes (the platform works in the background). */
  const syncUntil = async (
    orgId: string,
    done: (total: { acknowledgements: number; statuses: number; received: number }) => boolean,
  ) => {
    const total = { acknowledgements: 0, statuses: 0, received: 0 };
    const deadline = Date.now() + 15_000;
    while (!done(total) && Date.now() < deadline) {
      await platform.admin.idle();
      const run = await syncOrganisation(harness.ctx, orgId);
      total.acknowledgements += run.acknowledgements;
      total.statuses += run.statuses;
      total.received += run.received;
      if (!done(total)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return total;
  };

  it("sends the seller's invoice once to the buyer, who receives it as a draft; the seller sees 200", async () => {
    const seller = await documentsOrganisation(call, register, "Vendeur");
    const buyerOwner = await register("Acheteur");
    const buyerOrg = await call("POST", "/user/orgs", buyerOwner.token, {
      name: "Alpha SARL",
      siren: BUYER,
      vatNumber: "FR44732829320",
      address: { line1: "3 place Bellecour", postalCode: "69002", city: "Lyon", country: "FR" },
    });
    expect(buyerOrg.status).toBe(201);
    const buyer = { orgId: buyerOrg.body.user.org.id as string, token: buyerOrg.body.token as string };
    await connect(seller.orgId, SELLER, "Atelier Vendeur");
    await connect(buyer.orgId, BUYER, "Alpha SARL");

    const created = await seller.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: seller.customerId,
      lines: [{ kind: "item", itemId: seller.itemId, quantity: "3" }],
    });
    const { number, totals } = await seller.ok("PUT", `/docs/${created.id}/status/validated`);
    await harness.ctx.runner.drain();

    const sent = await seller.ok("GET", `/docs/${created.id}/transmission`);
    expect(sent).toMatchObject({
      state: "submitted",
      submission: { trackingId: number, syntax: "Factur-X" },
    });
    const out = platform.admin.flows().filter((f) => f.flowDirection === "Out" && f.trackingId === number);
    expect(out).toHaveLength(1);
    expect(out[0]?.sha256).toBe(sent.submission.sha256);

    const sellerSide = await syncUntil(seller.orgId, (t) => t.acknowledgements >= 1 && t.statuses >= 1);
    expect(sellerSide.acknowledgements).toBe(1);
    const shown = await seller.ok("GET", `/docs/${created.id}/transmission`);
    expect(shown.state).toBe("acknowledged");
    expect(shown.statuses.map((s: { code: number }) => s.code)).toContain(200);

    // The invoice reached the buyer's account, and its sync makes it a draft purchase invoice.
    const arrived = platform.admin
      .flows()
      .filter(
        (f) =>
          f.flowDirection === "In" && f.flowType === "SupplierInvoice" && f.sourceFlowId === out[0]?.flowId,
      );
    expect(arrived).toHaveLength(1);
    const buyerSide = await syncUntil(buyer.orgId, (t) => t.received >= 1);
    expect(buyerSide.received).toBe(1);
    await harness.ctx.runner.drain();
    const drafts = await call("GET", "/docs?direction=purchases&kind=invoice", buyer.token);
    expect(drafts.status).toBe(200);
    expect(drafts.body.items).toHaveLength(1);
    expect(drafts.body.items[0]).toMatchObject({ status: "draft", totalInclTax: totals.totalInclTax });

    // Synced again, nothing more: one submission, one draft.
    await platform.admin.idle();
    expect(await syncOrganisation(harness.ctx, buyer.orgId)).toMatchObject({ received: 0 });
    expect(
      platform.admin.flows().filter((f) => f.flowDirection === "Out" && f.trackingId === number),
    ).toHaveLength(1);
    const again = await call("GET", "/docs?direction=purchases&kind=invoice", buyer.token);
    expect(again.body.items).toHaveLength(1);
  }, 120_000);
});
