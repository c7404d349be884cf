import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import { BUYER, client, fixture, SELLER, startWithAccounts, UC1_CII } from "./testing/client.ts";
import { expectSchema } from "./testing/openapi.ts";

/**
 * The webhook callbacks: each flow of an account created or acknowledged is POSTed to the account's URL
 * as `{flowInfo: Flow}`, signed with HMAC-SHA256 over `timestamp.body` (checked here with node:crypto
 * alone, as Registre will), retried when the receiver fails, and never in the request's path.
 */
type Call = { headers: IncomingHttpHeaders; body: string };

/** A receiver on a free port: answers `status(n)` to its n-th call (0-based), after `delayMs`. */
const receiver = async (status: (n: number) => number = () => 200, delayMs = 0) => {
  const calls: Call[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const n = calls.length;
      calls.push({ headers: req.headers, body });
      setTimeout(() => res.writeHead(status(n)).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, calls };
};

/** What Registre does with a call: checks the signature and the timestamp, then reads the flow. */
const verified = (call: Call, secret: string) => {
  const timestamp = String(call.headers["x-webhook-timestamp"]);
  const signature = String(call.headers["x-webhook-signature"]);
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${call.body}`).digest("hex")}`;
  const ok =
    signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  expect(ok, "signature").toBe(true);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
  const body = JSON.parse(call.body);
  expectSchema("flow", "WebhookCallbackContent", body);
  return body.flowInfo as { flowId: string; flowType: string; acknowledgement: { status: string } };
};

const setHook = async (platformUrl: string, siren: string, url: string, secret: string) => {
  const response = await fetch(`${platformUrl}/admin/accounts/${siren}/webhook`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url, secret }),
  });
  expect(response.status).toBe(200);
};

describe("webhooks", () => {
  it("calls each account's URL, signed, when its flows are created and acknowledged", async () => {
    const platform = await startWithAccounts();
    onTestFinished(() => platform.close());
    const sellerHook = await receiver();
    const buyerHook = await receiver();
    await setHook(platform.url, SELLER.siren, sellerHook.url, "seller-hook-secret");
    await setHook(platform.url, BUYER.siren, buyerHook.url, "buyer-hook-secret");
    const seller = await client(platform, SELLER);
    const { flowId } = await seller.submitOk({ trackingId: "HOOK-1", flowSyntax: "CII" }, fixture(UC1_CII));
    await platform.admin.idle();

    const toSeller = sellerHook.calls.map((c) => verified(c, "seller-hook-secret"));
    const own = toSeller.filter((f) => f.flowId === flowId).map((f) => f.acknowledgement.status);
    expect(own.sort()).toEqual(["Ok", "Pending"]);
    expect(toSeller.filter((f) => f.flowType === "CustomerInvoiceLC")).toHaveLength(3);
    const toBuyer = buyerHook.calls.map((c) => verified(c, "buyer-hook-secret"));
    expect(toBuyer.map((f) => f.flowType)).toEqual(["SupplierInvoice"]);
    // Signed with the account's own secret: the other's does not verify.
    expect(() => verified(buyerHook.calls[0] as Call, "seller-hook-secret")).toThrow();
  });

  it("retries a failing receiver until it answers", async () => {
    const platform = await startWithAccounts({}, [SELLER]);
    onTestFinished(() => platform.close());
    const hook = await receiver((n) => (n < 2 ? 503 : 200));
    platform.admin.setWebhook(SELLER.siren, { url: hook.url, secret: "s" });
    // A flow refused at once (empty file): two notifications, Pending then Error.
    const seller = await client(platform, SELLER);
    await seller.submitOk({ flowSyntax: "CII" }, new Uint8Array());
    await platform.admin.idle();
    const bodies = hook.calls.map((c) => verified(c, "s").acknowledgement.status);
    // Two calls refused, then both notifications delivered; each call carried a valid signature.
    expect(hook.calls.length).toBe(4);
    expect(new Set(bodies)).toEqual(new Set(["Pending", "Error"]));
  });

  it("never holds the request: a receiver that hangs does not delay the flow's answer", async () => {
    const platform = await startWithAccounts({}, [SELLER]);
    onTestFinished(() => platform.close());
    const hook = await receiver(() => 200, 1500);
    platform.admin.setWebhook(SELLER.siren, { url: hook.url, secret: "s" });
    const seller = await client(platform, SELLER);
    const started = performance.now();
    await seller.submitOk({ trackingId: "SLOW-HOOK", flowSyntax: "CII" }, fixture(UC1_CII));
    expect(performance.now() - started).toBeLessThan(1000);
    await platform.admin.idle();
    expect(hook.calls.length).toBeGreaterThan(0);
  });

  it("refuses a webhook that is not an http(s) URL, or for no account", async () => {
    const platform = await startWithAccounts({}, [SELLER]);
    onTestFinished(() => platform.close());
    const put = (siren: string, url: string) =>
      fetch(`${platform.url}/admin/accounts/${siren}/webhook`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, secret: "s" }),
      });
    expect((await put(SELLER.siren, "file:///etc/passwd")).status).toBe(400);
    expect((await put("999999999", "http://127.0.0.1:1/")).status).toBe(404);
  });
});
