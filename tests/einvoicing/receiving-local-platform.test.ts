import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { readCdar } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConnection } from "../../api/src/einvoicing/connection.ts";
import { httpEInvoicingPlatforms } from "../../api/src/einvoicing/http-adapter.ts";
import { syncOrganisation } from "../../api/src/einvoicing/sync.ts";
import { apiHarness } from "../../api/src/testing/api-harness.ts";
import { type LocalPlatform, startLocalPlatform } from "../../local-platform/src/index.ts";
import { databaseKinds } from "../support/databases.ts";

/**
 * Receiving through the local approved platform (`local-platform/`, a real HTTP server on a free port),
 * on both databases, through the product's HTTP adapter: a seller's account submits the standard's
 * invoice UC1 F202500003 (CII) to its buyer, SIREN 200000008, an organisation of Registre connected to
 * the platform; the buyer's sync imports it as a draft purchase invoice listed in the inbox; the buyer
 * approves it (205), and the seller's account receives that lifecycle message, naming the invoice and
 * the buyer.
 */
const SELLER = { siren: "100000009", name: "VENDEUR", clientId: "uc1-seller", clientSecret: "seller-secret" };
const BUYER = "200000008";
const invoice = new Uint8Array(
  readFileSync(new URL("../fixtures/einvoicing/UC1_F202500003_00-INV_20250701_CII.xml", import.meta.url)),
);

describe.each(databaseKinds)("receiving through the local platform on %s", (kind) => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
    platform.admin.putAccount(SELLER);
  });
  afterAll(() => platform?.close());
  const { harness, call, register } = apiHarness(kind);
  const connection = (clientId: string, clientSecret: string) => ({
    flowUrl: platform.flowUrl,
    directoryUrl: platform.directoryUrl,
    tokenUrl: platform.tokenUrl,
    clientId,
    clientSecret,
  });

  it("the seller's invoice becomes the buyer's draft, listed in its inbox; the buyer's approval reaches the seller", async () => {
    const owner = await register("AcheteurUC1");
    const org = await call("POST", "/user/orgs", owner.token, {
      name: "ACHETEUR",
      siren: BUYER,
      vatNumber: "FR37200000008",
      address: { line1: "3 place Bellecour", postalCode: "69002", city: "Lyon", country: "FR" },
    });
    expect(org.status, JSON.stringify(org.body)).toBe(201);
    const buyer = { orgId: org.body.user.org.id as string, token: org.body.token as string };
    const clientId = `${kind}-buyer-${randomUUID().slice(0, 8)}`;
    platform.admin.putAccount({ siren: BUYER, name: "ACHETEUR", clientId, clientSecret: "buyer-secret" });
    await setConnection(harness.ctx, buyer.orgId, connection(clientId, "buyer-secret"), {
      commandId: randomUUID(),
      at: new Date().toISOString(),
    });

    const seller = httpEInvoicingPlatforms().connect(connection(SELLER.clientId, SELLER.clientSecret));
    await seller.submitFlow(
      {
        trackingId: `F202500003-${kind}`,
        flowSyntax: "CII",
        flowProfile: "CIUS",
        processingRule: "B2B",
        sha256: createHash("sha256").update(invoice).digest("hex"),
      },
      { bytes: invoice, name: "F202500003.xml", contentType: "application/xml" },
    );
    let received = 0;
    for (let i = 0; i < 100 && received === 0; i++) {
      await platform.admin.idle();
      received += (await syncOrganisation(harness.ctx, buyer.orgId)).received;
      if (received === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received).toBe(1);

    const inbox = (await call("GET", "/einvoicing/received", buyer.token)).body;
    expect(inbox.items).toEqual([
      expect.objectContaining({
        state: "imported",
        invoiceNumber: "F202500003",
        supplierSiren: SELLER.siren,
        total: 1_200_000,
        docId: expect.any(String),
      }),
    ]);
    const [item] = inbox.items;
    const draft = await call("GET", `/docs/${item.docId}`, buyer.token);
    expect(draft.body).toMatchObject({ direction: "purchases", status: "draft", totalInclTax: 1_200_000 });

    const approved = await call("POST", `/einvoicing/received/${item.id}/status`, buyer.token, { code: 205 });
    expect(approved.status).toBe(200);
    expect(approved.body.statuses).toEqual([expect.objectContaining({ code: 205 })]);

    let statuses: ReturnType<typeof readCdar>[] = [];
    for (let i = 0; i < 100 && !statuses.some((s) => s.statusCode === 205); i++) {
      await platform.admin.idle();
      const flows = await seller.searchFlows({ flowDirection: ["In"], flowType: ["CustomerInvoiceLC"] }, 100);
      statuses = await Promise.all(
        flows.map(async (f) =>
          readCdar(new TextDecoder().decode((await seller.getFlowFile(f.flowId ?? "", "Original")).bytes)),
        ),
      );
      if (!statuses.some((s) => s.statusCode === 205))
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statuses.find((s) => s.statusCode === 205)).toMatchObject({
      invoiceNumber: "F202500003",
      sellerSiren: SELLER.siren,
      buyerSiren: BUYER,
    });
  });
});
