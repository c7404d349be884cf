import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { LocalPlatform } from "./server.ts";
import { BUYER, client, fixture, SELLER, sha256, startWithAccounts, UC1_CII } from "./testing/client.ts";
import { expectSchema } from "./testing/openapi.ts";

/**
 * The Flow service over real HTTP, each answer checked against the OpenAPI document: the token, the
 * bearer, a flow submitted (202) and acknowledged (Pending → Ok or Error with each reason), search and
 * its paging, a flow's metadata and file, and each bad request answered 4xx with {errorCode, errorMessage}.
 */
let platform: LocalPlatform;
beforeAll(async () => {
  platform = await startWithAccounts();
});
afterAll(() => platform.close());

const cii = fixture(UC1_CII);
const info = (trackingId: string, extra: Record<string, unknown> = {}) => ({
  trackingId,
  flowSyntax: "CII",
  flowProfile: "CIUS",
  processingRule: "B2B",
  ...extra,
});

describe("the token and the bearer", () => {
  it("grants a token to an account's client credentials, by form or by Basic header, and refuses others", async () => {
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(platform.tokenUrl, { method: "POST", body: new URLSearchParams(fields), headers });
    const ok = await form({
      grant_type: "client_credentials",
      client_id: "seller",
      client_secret: "seller-secret",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const basic = await form(
      { grant_type: "client_credentials" },
      { authorization: `Basic ${Buffer.from("buyer:buyer-secret").toString("base64")}` },
    );
    expect(basic.status).toBe(200);
    const wrong = await form({
      grant_type: "client_credentials",
      client_id: "seller",
      client_secret: "nope",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "invalid_client" });
    const grant = await form({ grant_type: "password", client_id: "seller", client_secret: "seller-secret" });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: "unsupported_grant_type" });
  });

  it("answers 401 in the Error shape without a token or with an unknown one", async () => {
    for (const headers of [{}, { authorization: "Bearer not-a-token" }] as Record<string, string>[]) {
      const response = await fetch(`${platform.flowUrl}/v1/healthcheck`, { headers });
      expect(response.status).toBe(401);
      const body = await response.json();
      expectSchema("flow", "Error", body);
      expect(body.errorCode).toMatch(/TOKEN/);
    }
    const seller = await client(platform, SELLER);
    expect((await fetch(`${platform.flowUrl}/v1/healthcheck`, { headers: seller.auth })).status).toBe(200);
  });
});

describe("a flow submitted", () => {
  it("answers 202 with its id and sha256, starts Pending, then is acknowledged Ok", async () => {
    // Pending as long as the test looks (the acknowledgement waits a minute on this platform).
    const slow = await startWithAccounts({ ackDelayMs: 60_000 });
    onTestFinished(() => slow.close());
    const waiting = await client(slow, SELLER);
    const first = await waiting.submitOk(info("OK-1", { sha256: sha256(cii) }), cii);
    expect(first.sha256).toBe(sha256(cii));
    const pending = await waiting.get(first.flowId);
    expect(pending).toMatchObject({
      flowId: first.flowId,
      trackingId: "OK-1",
      flowDirection: "Out",
      flowType: "CustomerInvoice",
      flowSyntax: "CII",
      flowProfile: "CIUS",
      processingRule: "B2B",
      processingRuleSource: "Input",
      acknowledgement: { status: "Pending" },
    });
    expect(pending.updatedAt).toBe(pending.submittedAt);
    // Then acknowledged, on the platform that does so at once.
    const seller = await client(platform, SELLER);
    const answer = await seller.submitOk(info("OK-1", { sha256: sha256(cii) }), cii);
    const done = await seller.settled(answer.flowId);
    expect(done.acknowledgement).toEqual({ status: "Ok" });
    expect(done.updatedAt > done.submittedAt).toBe(true);
    expect(await seller.file(answer.flowId)).toEqual(cii);
  });

  const refused = async (trackingId: string, extra: Record<string, unknown>, file: Uint8Array) => {
    const seller = await client(platform, SELLER);
    const { flowId } = await seller.submitOk(info(trackingId, extra), file);
    const flow = await seller.settled(flowId);
    expect(flow.acknowledgement.status).toBe("Error");
    return flow.acknowledgement.details ?? [];
  };

  it("refuses a file whose declared sha256 is not its own: ChecksumMismatch", async () => {
    const details = await refused("SUM-1", { sha256: "0".repeat(64) }, cii);
    expect(details).toEqual([
      expect.objectContaining({ level: "Error", item: "sha256", reasonCode: "ChecksumMismatch" }),
    ]);
  });

  it("refuses an empty file: EmptyFlow", async () => {
    expect((await refused("EMPTY-1", {}, new Uint8Array()))[0]?.reasonCode).toBe("EmptyFlow");
  });

  it("refuses a second flow of the same trackingId from the same sender: AlreadyExistingFlow (another sender may use it)", async () => {
    const seller = await client(platform, SELLER);
    const first = await seller.submitOk(info("DUP-1"), cii);
    const second = await seller.submitOk(info("DUP-1"), cii);
    expect((await seller.settled(first.flowId)).acknowledgement.status).toBe("Ok");
    const again = await seller.get(second.flowId);
    expect(again.acknowledgement.details).toEqual([
      expect.objectContaining({ item: "trackingId", reasonCode: "AlreadyExistingFlow" }),
    ]);
    // A refused flow does not hold its trackingId: the sender corrects and sends again.
    const bad = await seller.submitOk(info("DUP-2"), new TextEncoder().encode("not xml"));
    expect((await seller.settled(bad.flowId)).acknowledgement.status).toBe("Error");
    const fixed = await seller.submitOk(info("DUP-2"), cii);
    expect((await seller.settled(fixed.flowId)).acknowledgement.status).toBe("Ok");
  });

  it("refuses what is not the syntax it says: InvalidSchema", async () => {
    const xml = (s: string) => new TextEncoder().encode(s);
    const cases: [Record<string, unknown>, Uint8Array][] = [
      [{}, xml("%PDF-1.7 not xml at all")],
      [{}, xml("<unclosed><a></unclosed>")],
      [
        {},
        xml('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>'),
      ],
      [{ flowSyntax: "UBL" }, cii],
      [{ flowSyntax: "CDAR" }, cii],
      [{ flowSyntax: "Factur-X" }, cii],
      [
        { flowSyntax: "Factur-X" },
        xml("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"),
      ],
    ];
    for (const [i, [extra, file]] of cases.entries()) {
      const details = await refused(`SCHEMA-${i}`, extra, file);
      expect(details, JSON.stringify(extra)).toEqual([
        expect.objectContaining({ level: "Error", item: "file", reasonCode: "InvalidSchema" }),
      ]);
    }
  });

  it("refuses an invoice whose seller is not the sender's business", async () => {
    const buyer = await client(platform, BUYER);
    const { flowId } = await buyer.submitOk(info("NOT-MINE"), cii);
    const flow = await buyer.settled(flowId);
    expect(flow.acknowledgement.details?.[0]).toMatchObject({ item: "SellerTradeParty" });
  });

  it("answers 400 in the Error shape for a bad flowInfo or a missing part, 413 for a file too large", async () => {
    const seller = await client(platform, SELLER);
    const bad = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      const body = await response.json();
      expectSchema("flow", "Error", body);
      return body as { errorCode: string; errorMessage: string };
    };
    expect((await bad(await seller.submit({ trackingId: "X" }, cii), 400)).errorMessage).toContain(
      "flowSyntax",
    );
    expect((await bad(await seller.submit({ flowSyntax: "PDF" }, cii), 400)).errorMessage).toContain(
      "flowSyntax",
    );
    expect((await bad(await seller.submit(info("x".repeat(37)), cii), 400)).errorMessage).toContain(
      "trackingId",
    );
    expect((await bad(await seller.submit(info("S", { sha256: "ABC" }), cii), 400)).errorMessage).toContain(
      "sha256",
    );
    const noFile = new FormData();
    noFile.set("flowInfo", JSON.stringify(info("NOFILE")));
    const missing = await fetch(`${platform.flowUrl}/v1/flows`, {
      method: "POST",
      body: noFile,
      headers: seller.auth,
    });
    expect((await bad(missing, 400)).errorCode).toBe("MISSING_REQUIRED_FIELD");
    const json = await fetch(`${platform.flowUrl}/v1/flows`, {
      method: "POST",
      body: "{}",
      headers: { ...seller.auth, "content-type": "application/json" },
    });
    await bad(json, 400);
    const huge = await seller.submit(info("HUGE"), new Uint8Array(21 * 1024 * 1024));
    expect((await bad(huge, 413)).errorCode).toBe("FILE_SIZE_EXCEEDED");
  });
});

describe("search and get", () => {
  it("pages by updatedAfter in ascending updatedAt, strictly increasing even within one millisecond", async () => {
    const fixed = new Date("2026-09-01T10:00:00.000Z");
    const frozen = await startWithAccounts({ now: () => fixed });
    try {
      const seller = await client(frozen, SELLER);
      for (let i = 0; i < 7; i++) await seller.submitOk(info(`PAGE-${i}`), cii);
      await frozen.admin.idle();
      const seen: string[] = [];
      let after = "2026-01-01T00:00:00.000Z";
      for (;;) {
        const page = await seller.search({ updatedAfter: after, flowDirection: ["Out"] }, 3);
        if (page.length === 0) break;
        for (const f of page) seen.push(f.updatedAt);
        after = page.at(-1)?.updatedAt ?? after;
      }
      expect(seen).toHaveLength(7);
      expect([...seen].sort()).toEqual(seen);
      expect(new Set(seen).size).toBe(7);
      // Every flow of the account (its lifecycle messages too) has its own updatedAt.
      const all = frozen.admin.flows().filter((f) => f.owner === SELLER.siren);
      expect(new Set(all.map((f) => f.updatedAt)).size).toBe(all.length);
    } finally {
      await frozen.close();
    }
  });

  it("filters by trackingId, ackStatus, flowType and direction, and shows an account only its own flows", async () => {
    const seller = await client(platform, SELLER);
    const buyer = await client(platform, BUYER);
    const { flowId } = await seller.submitOk(info("FILTER-1"), cii);
    await platform.admin.idle();
    const byTracking = await seller.search({ trackingId: "FILTER-1" });
    expect(byTracking.map((f) => f.flowId)).toEqual([flowId]);
    expect(await seller.search({ trackingId: "FILTER-1", ackStatus: "Error" })).toEqual([]);
    expect(await buyer.search({ trackingId: "FILTER-1" })).toEqual([]);
    const received = await buyer.search({ flowType: ["SupplierInvoice"], flowDirection: ["In"] }, 100);
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((f) => f.flowType === "SupplierInvoice" && f.flowDirection === "In")).toBe(true);
    const notHers = await fetch(`${platform.flowUrl}/v1/flows/${flowId}`, { headers: buyer.auth });
    expect(notHers.status).toBe(404);
    expectSchema("flow", "Error", await notHers.json());
  });

  it("answers 400 for a search without criteria or with a bad one, and for a bad docType; 404 for a document not there", async () => {
    const seller = await client(platform, SELLER);
    const post = (body: unknown) =>
      fetch(`${platform.flowUrl}/v1/flows/search`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { ...seller.auth, "content-type": "application/json" },
      });
    for (const body of [
      { where: {} },
      {},
      { where: { updatedAfter: "yesterday" } },
      { where: { flowType: ["Invoice"] } },
      { limit: 101, where: { ackStatus: "Ok" } },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expectSchema("flow", "Error", await response.json());
    }
    const { flowId } = await seller.submitOk(info("DOC-1"), cii);
    const docType = await fetch(`${platform.flowUrl}/v1/flows/${flowId}?docType=Pdf`, {
      headers: seller.auth,
    });
    expect(docType.status).toBe(400);
    const converted = await fetch(`${platform.flowUrl}/v1/flows/${flowId}?docType=Converted`, {
      headers: seller.auth,
    });
    expect(converted.status).toBe(404);
    expectSchema("flow", "Error", await converted.json());
    const original = await fetch(`${platform.flowUrl}/v1/flows/${flowId}?docType=Original`, {
      headers: seller.auth,
    });
    expect(original.headers.get("content-disposition")).toMatch(/^attachment;filename=/);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(cii);
  });
});
