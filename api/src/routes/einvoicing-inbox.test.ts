import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCdar } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { sendBuyerStatus } from "../einvoicing/buyer-status.ts";
import { fakePlatform } from "../einvoicing/fake-platform.testing.ts";
import { importReceivedFlow } from "../einvoicing/receive.ts";
import { derivedId } from "../ids.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { connectToFakePlatform, fakeConnection } from "../testing/einvoicing-setup.ts";

/**
 * The buyer's statuses from a received invoice (`POST /einvoicing/received/{id}/status`): each a
 * lifecycle message valid against the D22B schema, submitted once per Idempotency-Key (a retry whose
 * first attempt reached the platform takes its flow), recorded with its date; 210 needs its reason;
 * nothing after a refusal; the platform down or refusing answers a problem, nothing recorded.
 */
const CII = "UC1_F202500003_00-INV_20250701_CII.xml";
const XSD = fileURLToPath(
  new URL(
    "../../../tests/fixtures/cdar/xsd/CrossDomainAcknowledgementAndResponse_100pD22B.xsd",
    import.meta.url,
  ),
);
const work = mkdtempSync(join(tmpdir(), "buyer-status-"));
const validates = (bytes: Uint8Array) => {
  const file = join(work, `${randomUUID()}.xml`);
  writeFileSync(file, bytes);
  execFileSync("xmllint", ["--noout", "--schema", XSD, file], { stdio: "pipe" });
  return true;
};
const connection = (account: string) => fakeConnection(account, { clientSecret: "not-a-real-secret" });

describe.each(databaseKinds)("the buyer's statuses on %s", (kind) => {
  const platform = fakePlatform();
  const { harness, call, register, send } = apiHarness(kind, {}, { einvoicing: platform.platforms });

  /** An organisation connected to its account, and a supplier invoice received and imported. */
  const received = async (name: string, connected = true) => {
    const o = await documentsOrganisation(call, register, name);
    const account = randomUUID();
    if (connected)
      await connectToFakePlatform(harness.ctx, o.orgId, account, { clientSecret: "not-a-real-secret" });
    const bytes = new Uint8Array(
      readFileSync(new URL(`../../../tests/fixtures/einvoicing/${CII}`, import.meta.url)),
    );
    const flow = platform.deliver(account, bytes, "CII", CII);
    const outcome = await importReceivedFlow(
      harness.ctx,
      o.orgId,
      flow,
      platform.platforms.connect(connection(account)),
    );
    return { ...o, account, id: outcome.receivedId };
  };
  const sentBy = (account: string) => platform.submissions.filter((s) => s.account === account);
  const path = (id: string) => `/einvoicing/received/${id}/status`;

  it("204 then 205: each a CDAR valid against the schema, naming the invoice, the supplier and the organisation, sent once per key and recorded with its date", async () => {
    const r = await received("Statuts");
    const key = randomUUID();
    const first = await send("POST", path(r.id), r.token, { code: 204 }, { key });
    expect(first.status).toBe(200);
    expect(first.body.statuses).toEqual([
      expect.objectContaining({
        code: 204,
        reasonCode: null,
        flowId: expect.any(String),
        at: expect.any(String),
      }),
    ]);
    expect(first.body.lastStatus).toBe(204);
    const again = await send("POST", path(r.id), r.token, { code: 204 }, { key });
    expect(again.status).toBe(200);
    expect(again.body.statuses).toHaveLength(1);
    const [message] = sentBy(r.account);
    expect(sentBy(r.account)).toHaveLength(1);
    expect(message?.info).toMatchObject({
      flowSyntax: "CDAR",
      trackingId: first.body.statuses[0].trackingId,
    });
    expect(message && validates(message.file.bytes)).toBe(true);
    expect(readCdar(new TextDecoder().decode(message?.file.bytes))).toMatchObject({
      invoiceNumber: "F202500003",
      invoiceIssueDate: "2025-07-01",
      sellerSiren: "100000009",
      buyerSiren: "552120222",
      statusCode: 204,
    });
    const approved = await send("POST", path(r.id), r.token, { code: 205 }, { key: randomUUID() });
    expect(approved.body.statuses.map((s: { code: number }) => s.code)).toEqual([204, 205]);
    expect(sentBy(r.account)).toHaveLength(2);
  });

  it("210 without its reason: 422 naming reasonCode; a reason off the refusal list: 422; a status no buyer sends: 422 — nothing sent", async () => {
    const r = await received("Motifs");
    const missing = await send("POST", path(r.id), r.token, { code: 210 }, { key: randomUUID() });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain("reasonCode");
    const offList = await send(
      "POST",
      path(r.id),
      r.token,
      { code: 210, reasonCode: "QTE_ERR" },
      { key: randomUUID() },
    );
    expect(offList.status).toBe(422);
    expect(JSON.stringify(offList.body)).toContain("reasonCode");
    const notBuyers = await send("POST", path(r.id), r.token, { code: 212 }, { key: randomUUID() });
    expect(notBuyers.status).toBe(422);
    expect(JSON.stringify(notBuyers.body)).toContain("code");
    expect(sentBy(r.account)).toHaveLength(0);
    expect((await call("GET", `/einvoicing/received/${r.id}`, r.token)).body.statuses).toEqual([]);
  });

  it("refused with a reason: its CDAR carries it and goes to the PPF too; nothing can follow a refusal (409)", async () => {
    const r = await received("Refus");
    const refused = await send(
      "POST",
      path(r.id),
      r.token,
      { code: 210, reasonCode: "TX_TVA_ERR", reason: "Taux de 5,5 % attendu" },
      { key: randomUUID() },
    );
    expect(refused.status).toBe(200);
    const [message] = sentBy(r.account);
    expect(message && validates(message.file.bytes)).toBe(true);
    const xml = new TextDecoder().decode(message?.file.bytes);
    expect(readCdar(xml)).toMatchObject({
      statusCode: 210,
      reason: { code: "TX_TVA_ERR", text: "Taux de 5,5 % attendu" },
    });
    expect(xml).toContain("<ram:RoleCode>DFH</ram:RoleCode>");
    const after = await send("POST", path(r.id), r.token, { code: 205 }, { key: randomUUID() });
    expect(after.status).toBe(409);
    expect(after.body.code).toBe("einvoicing.alreadyRefused");
    expect(sentBy(r.account)).toHaveLength(1);
  });

  it("a retry whose first attempt reached the platform but not the books takes that flow: nothing sent twice", async () => {
    const r = await received("Reprise");
    const metadata = { commandId: randomUUID(), at: new Date().toISOString() };
    // The first attempt: the platform took the message under the command's tracking id, then the server stopped.
    const trackingId = derivedId(metadata.commandId, "buyer-status");
    const first = await platform.platforms
      .connect(connection(r.account))
      .submitFlow(
        { trackingId, flowSyntax: "CDAR" },
        { bytes: new Uint8Array([60]), name: "x.xml", contentType: "application/xml" },
      );
    await sendBuyerStatus(harness.ctx, r.orgId, r.id, { code: 211 }, metadata, async () =>
      platform.platforms.connect(connection(r.account)),
    );
    expect(sentBy(r.account)).toHaveLength(1);
    const record = (await call("GET", `/einvoicing/received/${r.id}`, r.token)).body;
    expect(record.statuses).toEqual([
      expect.objectContaining({ code: 211, flowId: first.flowId, trackingId }),
    ]);
  });

  it("the platform down: 503, nothing recorded, the same key sends once it is back; the platform refusing: 424; no connection: 409", async () => {
    const r = await received("Panne");
    const key = randomUUID();
    platform.faults.down = true;
    try {
      const down = await send("POST", path(r.id), r.token, { code: 204 }, { key });
      expect(down.status).toBe(503);
      expect(down.body.code).toBe("einvoicing.platformUnavailable");
    } finally {
      platform.faults.down = false;
    }
    expect((await call("GET", `/einvoicing/received/${r.id}`, r.token)).body.statuses).toEqual([]);
    const back = await send("POST", path(r.id), r.token, { code: 204 }, { key });
    expect(back.status).toBe(200);
    platform.faults.refuse = true;
    try {
      const refused = await send("POST", path(r.id), r.token, { code: 205 }, { key: randomUUID() });
      expect(refused.status).toBe(424);
      expect(refused.body.code).toBe("einvoicing.platformRefused");
    } finally {
      platform.faults.refuse = false;
    }
    expect((await call("GET", `/einvoicing/received/${r.id}`, r.token)).body.statuses).toHaveLength(1);
    const alone = await received("Seule", false);
    const none = await send("POST", path(alone.id), alone.token, { code: 204 }, { key: randomUUID() });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("einvoicing.notConnected");
  });

  it("another organisation's received invoice is not found; a refused flow takes no status", async () => {
    const a = await received("Alpha");
    const b = await received("Beta");
    expect((await call("GET", `/einvoicing/received/${a.id}`, b.token)).status).toBe(404);
    const other = await send("POST", path(a.id), b.token, { code: 204 }, { key: randomUUID() });
    expect(other.status).toBe(404);
    const flow = platform.deliver(b.account, new TextEncoder().encode("pas une facture"), "CII", "x.xml");
    const refused = await importReceivedFlow(
      harness.ctx,
      b.orgId,
      flow,
      platform.platforms.connect(connection(b.account)),
    );
    const answer = await send(
      "POST",
      path(refused.receivedId),
      b.token,
      { code: 204 },
      { key: randomUUID() },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("einvoicing.receivedNotImported");
    expect(sentBy(a.account)).toHaveLength(0);
  });
});
