import { readModels } from "@registre/projections";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { seedDemoEInvoicing } from "../../api/src/demo/einvoicing.ts";
import { seedDemo } from "../../api/src/demo/index.ts";
import { loadConnection } from "../../api/src/einvoicing/connection.ts";
import { einvoicingReactors } from "../../api/src/einvoicing/reactors.ts";
import { type LocalPlatform, startLocalPlatform } from "../../local-platform/src/index.ts";
import { openTestDatabase } from "../support/databases.ts";

/**
 * The demo's e-invoicing (what `npm start` shows): the demo organisation and Menuiserie Perrin et Fils,
 * its customer and supplier, connected to the local approved platform; each one's invoice sent once by
 * the sending reactor and received by the other as a draft purchase invoice; nothing more on a second
 * seeding, whose accounts are put back on a platform that lost its data.
 */
describe("the demo's e-invoicing through the local platform", () => {
  let ctx: AppContext;
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
    ctx = await openContext({}, await openTestDatabase("pglite"), { reactors: einvoicingReactors });
    await ctx.runner.start();
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
    await platform?.close();
  });

  const purchases = (orgId: string) =>
    readModels(ctx.database)
      .selectFrom("documents")
      .select(["status", "total_incl_tax", "contact_id"])
      .where("org_id", "=", orgId)
      .where("kind", "=", "invoice")
      .where("direction", "=", "purchases")
      .where("status", "=", "draft")
      .execute();

  it("sends the demo organisation's invoice to Perrin and Perrin's to it, each a draft in the other's inbox", async () => {
    const atelier = await seedDemo(ctx);
    expect(atelier).not.toBeNull();
    const perrin = await seedDemoEInvoicing(ctx, platform, { syncTimeoutMs: 30_000 });
    expect(perrin).not.toBeNull();
    const org = await ctx.database.db
      .selectFrom("organisations")
      .select(["siren", "name"])
      .where("org_id", "=", perrin as string)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ siren: "412061855", name: "Menuiserie Perrin et Fils" });

    // Two invoices went out, one from each account, each delivered to the other.
    const flows = platform.admin.flows();
    const out = flows.filter((f) => f.flowDirection === "Out" && f.flowType === "CustomerInvoice");
    expect(out.map((f) => f.owner).sort()).toEqual(["123456782", "412061855"]);
    const delivered = flows.filter((f) => f.flowDirection === "In" && f.flowType === "SupplierInvoice");
    expect(delivered.map((f) => f.owner).sort()).toEqual(["123456782", "412061855"]);

    // Only the invoice made for the platform was sent: the demo's year of invoices went before the connection.
    const sales = await readModels(ctx.database)
      .selectFrom("documents")
      .select(["id", "number", "total_incl_tax", "contact_id"])
      .where("org_id", "=", atelier as string)
      .where("kind", "=", "invoice")
      .where("direction", "=", "sales")
      .where("label", "=", "Rénovation d’un établi ancien")
      .execute();
    expect(sales).toHaveLength(1);
    expect(out.find((f) => f.owner === "123456782")?.trackingId).toBe(sales[0]?.number);

    // Perrin's inbox: Atelier Démo's invoice, a draft with the same total; and Atelier Démo's: Perrin's.
    const atPerrin = await purchases(perrin as string);
    expect(atPerrin).toEqual([expect.objectContaining({ total_incl_tax: sales[0]?.total_incl_tax })]);
    const atAtelier = await purchases(atelier as string);
    // Perrin's two oak boards at 340.00 € before 20 % VAT.
    expect(atAtelier).toEqual([expect.objectContaining({ total_incl_tax: 81_600 })]);
    const inbox = await readModels(ctx.database)
      .selectFrom("einvoicing_inbox")
      .selectAll()
      .where("org_id", "=", perrin as string)
      .execute();
    expect(inbox).toHaveLength(1);

    // Seeded again (a restart): nothing more; the accounts put back on a platform that lost them.
    await platform.close();
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
    expect(await seedDemoEInvoicing(ctx, platform)).toBeNull();
    // Its connection follows the platform's new address, and its credentials open a token there.
    const connection = await loadConnection(ctx, perrin as string);
    expect(connection?.flowUrl).toBe(platform.flowUrl);
    const token = await fetch(platform.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: connection?.clientId ?? "",
        client_secret: connection?.clientSecret ?? "",
      }),
    });
    expect(token.status).toBe(200);
    expect(await purchases(perrin as string)).toHaveLength(1);
  }, 180_000);
});
