import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { fakePlatform } from "../einvoicing/fake-platform.testing.ts";
import { webhookSignature } from "../einvoicing/webhook.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { connectToFakePlatform } from "../testing/einvoicing-setup.ts";

/**
 * The platform's webhook (`POST /einvoicing/webhook/{orgId}`, issue 25 point 6), on both databases,
 * with the platform in memory: its signature is checked over the body's bytes as the platform sent them —
 * pretty-printed, keys in its own order, unicode escaped — never over the JSON as Registre would write
 * it; a body altered by one byte, or signed with another organisation's secret, is refused 401 as a
 * problem and nothing is recorded; a verified call whose flows hold a file that is no invoice answers
 * 202, the flows refused in the inbox and the next one imported.
 */
const CII = "UC1_F202500003_00-INV_20250701_CII.xml";
const invoiceBytes = new Uint8Array(
  readFileSync(new URL(`../../../tests/fixtures/einvoicing/${CII}`, import.meta.url)),
);

describe.each(databaseKinds)("the e-invoicing webhook on %s", (kind) => {
  const platform = fakePlatform();
  const { harness, call, register } = apiHarness(kind, {}, { einvoicing: platform.platforms });

  /** An organisation connected to its own account of the platform, with its own webhook secret. */
  const connected = async (name: string) => {
    const o = await documentsOrganisation(call, register, name);
    const account = randomUUID();
    const secret = `whsec-${randomUUID()}`;
    await connectToFakePlatform(harness.ctx, o.orgId, account, { webhookSecret: secret });
    return { ...o, account, secret };
  };

  const post = (
    orgId: string,
    body: string | Uint8Array<ArrayBuffer>,
    secret: string,
    signed: string | Uint8Array = body,
  ) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    return harness.app.request(`/api/einvoicing/webhook/${orgId}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-webhook-timestamp": timestamp,
        "x-webhook-signature": webhookSignature(secret, timestamp, signed),
      },
      body,
    });
  };
  /** The platform's callback as a real one may write it: two spaces, its own key order, `é` escaped. */
  const pretty = (flowId: string) =>
    JSON.stringify(
      { eventType: "flow.received", note: "reçu", flowInfo: { updatedAt: "2026-11-30", flowId } },
      null,
      2,
    ).replace("reçu", "re\\u00e7u");
  const inbox = async (token: string) => (await call("GET", "/einvoicing/received", token)).body;

  it("accepts a pretty-printed signed body; refuses it altered by one byte (401 problem, nothing recorded)", async () => {
    const o = await connected("Joli");
    const flow = platform.deliver(o.account, invoiceBytes, "CII", CII);
    const body = new TextEncoder().encode(pretty(flow.flowId));
    // The same bytes with one changed (a space of the indentation made a tab): still JSON, same meaning.
    const altered = body.slice();
    altered[altered.indexOf(0x20)] = 0x09;
    const refused = await post(o.orgId, altered, o.secret, body);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(await refused.json()).toMatchObject({ status: 401, code: "einvoicing.webhookUnverified" });
    expect((await inbox(o.token)).total).toBe(0);

    const accepted = await post(o.orgId, body, o.secret);
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ synced: true });
    expect((await inbox(o.token)).items).toEqual([
      expect.objectContaining({ flowId: flow.flowId, state: "imported", invoiceNumber: "F202500003" }),
    ]);
  });

  it("refuses a call signed with organisation A's secret posted to organisation B's address: 401, nothing recorded for either", async () => {
    const a = await connected("Alpha");
    const b = await connected("Beta");
    const toA = platform.deliver(a.account, invoiceBytes, "CII", CII);
    const toB = platform.deliver(b.account, invoiceBytes, "CII", CII);
    for (const flowId of [toA.flowId, toB.flowId]) {
      const crossed = await post(b.orgId, JSON.stringify({ flowInfo: { flowId } }), a.secret);
      expect(crossed.status).toBe(401);
      expect(crossed.headers.get("content-type")).toContain("application/problem+json");
      expect(await crossed.json()).toMatchObject({ code: "einvoicing.webhookUnverified" });
    }
    expect((await inbox(a.token)).total).toBe(0);
    expect((await inbox(b.token)).total).toBe(0);
  });

  it("a verified call whose flows are no invoice, or hostile: 202, each refused in the inbox, the next flow imported", async () => {
    const o = await connected("Hostile");
    const text = (s: string) => new TextEncoder().encode(s);
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    const hostile = [
      platform.deliver(o.account, random, "CII", "random.xml"),
      platform.deliver(o.account, text("%PDF-1.4\n%%EOF"), "Factur-X", "plain.pdf"),
      platform.deliver(
        o.account,
        text('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l "l"><!ENTITY l2 "&l;&l;">]><a>&l2;</a>'),
        "CII",
        "laughs.xml",
      ),
    ];
    const good = platform.deliver(o.account, invoiceBytes, "CII", CII);
    const answer = await post(
      o.orgId,
      JSON.stringify({ flowInfo: { flowId: hostile[0]?.flowId } }),
      o.secret,
    );
    expect(answer.status).toBe(202);
    const items = (await inbox(o.token)).items as { flowId: string; state: string }[];
    const stateOf = new Map(items.map((i) => [i.flowId, i.state]));
    expect(hostile.map((f) => stateOf.get(f.flowId))).toEqual(["refused", "refused", "refused"]);
    expect(stateOf.get(good.flowId)).toBe("imported");
  });
});
