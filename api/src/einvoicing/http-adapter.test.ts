import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformConnection, PlatformError } from "../ports/index.ts";
import { httpEInvoicingPlatforms } from "./http-adapter.ts";

/**
 * The adapter against a tiny platform of this file (node:http), which answers what each test sets:
 * the wire as the standard describes it — a token, then bearer calls — and its failures.
 */
type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer };
type Handler = (seen: Seen, res: ServerResponse) => void | Promise<void>;

let server: Server;
let base: string;
const seen: Seen[] = [];
let handler: Handler;
let tokens = 0;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

const flow = {
  flowId: "f-1",
  trackingId: "F2026-0001",
  submittedAt: "2026-11-30T08:00:00.000Z",
  updatedAt: "2026-11-30T08:00:01.000Z",
  flowType: "CustomerInvoice",
  flowDirection: "Out",
  flowSyntax: "CII",
  acknowledgement: { status: "Pending" },
};

const connection = (secret = "s3cret"): PlatformConnection => ({
  flowUrl: `${base}/flow-service`,
  directoryUrl: `${base}/directory-service/`,
  tokenUrl: `${base}/oauth/token`,
  clientId: "acme",
  clientSecret: secret,
});

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    seen.push(entry);
    if (req.url === "/oauth/token") {
      const form = new URLSearchParams(entry.body.toString());
      if (form.get("client_secret") !== "s3cret") return json(res, 401, { error: "invalid_client" });
      tokens++;
      return json(res, 200, { access_token: `t${tokens}`, token_type: "Bearer", expires_in: 3600 });
    }
    await handler(entry, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  tokens = 0;
});

const failure = async (call: Promise<unknown>): Promise<PlatformError> => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe("the e-invoicing HTTP adapter", () => {
  it("asks a token once per connection (client credentials) and calls with it as a bearer", async () => {
    handler = (_, res) => {
      res.writeHead(200);
      res.end();
    };
    const platforms = httpEInvoicingPlatforms();
    await platforms.connect(connection()).healthcheck();
    await platforms.connect(connection()).healthcheck();
    const token = seen.filter((s) => s.url === "/oauth/token");
    expect(token).toHaveLength(1);
    expect(token[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token[0]?.body.toString()))).toEqual({
      grant_type: "client_credentials",
      client_id: "acme",
      client_secret: "s3cret",
    });
    const calls = seen.filter((s) => s.url !== "/oauth/token");
    expect(calls.map((s) => s.url)).toEqual([
      "/flow-service/v1/healthcheck",
      "/directory-service/v1/healthcheck",
      "/flow-service/v1/healthcheck",
      "/directory-service/v1/healthcheck",
    ]);
    expect(calls.every((s) => s.headers.authorization === "Bearer t1")).toBe(true);
  });

  it("sends a flow as multipart (flowInfo JSON and the file) and answers the platform's FullFlowInfo", async () => {
    handler = (_, res) => json(res, 202, { ...flow, name: "F2026-0001.xml" });
    const platform = httpEInvoicingPlatforms().connect(connection());
    const info = {
      trackingId: "F2026-0001",
      flowSyntax: "CII" as const,
      name: "F2026-0001.xml",
      sha256: "a".repeat(64),
    };
    const answer = await platform.submitFlow(
      info,
      { bytes: new TextEncoder().encode("<x/>"), name: "F2026-0001.xml", contentType: "application/xml" },
      { requestId: "4b1f4f39-52a6-4a55-9a3b-5d0c2b0e3f10" },
    );
    expect(answer.flowId).toBe("f-1");
    const sent = seen.find((s) => s.url === "/flow-service/v1/flows");
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["x-request-id"]).toBe("4b1f4f39-52a6-4a55-9a3b-5d0c2b0e3f10");
    const form = await new Request("http://x", {
      method: "POST",
      headers: { "content-type": String(sent?.headers["content-type"]) },
      body: new Uint8Array(sent?.body ?? []),
    }).formData();
    const flowInfo = form.get("flowInfo") as File;
    expect(flowInfo.type).toBe("application/json");
    expect(JSON.parse(await flowInfo.text())).toEqual(info);
    const file = form.get("file") as File;
    expect([file.name, file.type, await file.text()]).toEqual(["F2026-0001.xml", "application/xml", "<x/>"]);
  });

  it("searches flows, reads one's metadata and downloads its file", async () => {
    handler = (s, res) => {
      if (s.url === "/flow-service/v1/flows/search") return json(res, 200, { limit: 2, results: [flow] });
      if (s.url === "/flow-service/v1/flows/f-1?docType=Metadata") return json(res, 200, flow);
      res.writeHead(200, {
        "content-type": "application/xml",
        "content-disposition": 'attachment;filename="F1.xml"',
      });
      res.end("<Invoice/>");
    };
    const platform = httpEInvoicingPlatforms().connect(connection());
    const where = { updatedAfter: "2026-11-30T00:00:00.000Z", flowDirection: ["In" as const] };
    expect(await platform.searchFlows(where, 500)).toEqual([flow]);
    expect(JSON.parse(String(seen.find((s) => s.url.endsWith("/search"))?.body))).toEqual({
      limit: 100,
      where,
    });
    expect(await platform.getFlow("f-1")).toEqual(flow);
    const file = await platform.getFlowFile("f-1", "Original");
    expect([Buffer.from(file.bytes).toString(), file.contentType, file.name]).toEqual([
      "<Invoice/>",
      "application/xml",
      "F1.xml",
    ]);
    expect(seen.at(-1)?.url).toBe("/flow-service/v1/flows/f-1?docType=Original");
  });

  it("looks a SIREN, a SIRET and directory lines up: none found is null or empty", async () => {
    handler = (s, res) => {
      if (s.url === "/directory-service/v1/siren/code-insee:123456789")
        return json(res, 200, {
          siren: "123456789",
          businessName: "Acme",
          entityType: "PrivateVatRegistered",
        });
      if (s.url === "/directory-service/v1/directory-line/search")
        return json(res, 200, {
          totalNumberOfResults: 2,
          results: [
            { addressingIdentifier: "123456789", siren: "123456789", platform: { platformType: "WK" } },
            { addressingIdentifier: "1234567890", siren: "123456780" },
          ],
        });
      res.writeHead(404);
      res.end();
    };
    const platform = httpEInvoicingPlatforms().connect(connection());
    expect((await platform.lookupSiren("123456789"))?.businessName).toBe("Acme");
    expect(await platform.lookupSiren("987654321")).toBeNull();
    expect(await platform.lookupSiret("98765432100012")).toBeNull();
    expect(await platform.directoryLines("123456789")).toEqual([
      { addressingIdentifier: "123456789", siren: "123456789", platform: { platformType: "WK" } },
    ]);
    expect(JSON.parse(String(seen.at(-1)?.body))).toEqual({
      filters: { siren: { op: "contains", value: "123456789" } },
      limit: 100,
    });
    const refused = await failure(platform.lookupSiren("12345"));
    expect([refused.errorCode, refused.transient]).toEqual(["INVALID_REQUEST", false]);
  });

  it("refuses an answer off the standard's schema, not to be tried again", async () => {
    handler = (s, res) =>
      s.url.endsWith("/search")
        ? json(res, 200, { results: [{ ...flow, flowType: "Invoice" }] })
        : json(res, 200, { siren: "not-a-siren" });
    const platform = httpEInvoicingPlatforms().connect(connection());
    const offSchema = await failure(platform.searchFlows({ ackStatus: "Ok" }));
    expect([offSchema.errorCode, offSchema.transient, offSchema.status]).toEqual([
      "INVALID_ANSWER",
      false,
      200,
    ]);
    expect(offSchema.errorMessage).toContain("results.0.flowType");
    expect((await failure(platform.lookupSiren("123456789"))).errorCode).toBe("INVALID_ANSWER");
  });

  it("tells transient failures (5xx, 429, the network, a timeout) from refusals", async () => {
    let status = 503;
    handler = (_, res) => json(res, status, { errorCode: "RESOURCE_ERROR", errorMessage: "down" });
    const platform = httpEInvoicingPlatforms({ timeoutMs: 300 }).connect(connection());
    for (const [code, transient] of [
      [503, true],
      [500, true],
      [429, true],
      [400, false],
      [403, false],
    ] as const) {
      status = code;
      const error = await failure(platform.getFlow("f-1"));
      expect([error.status, error.errorCode, error.errorMessage, error.transient]).toEqual([
        code,
        "RESOURCE_ERROR",
        "down",
        transient,
      ]);
    }
    handler = () => new Promise<void>(() => {}); // never answers
    const slow = await failure(platform.getFlow("f-1"));
    expect([slow.status, slow.errorCode, slow.transient]).toEqual([null, "TIMEOUT", true]);
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const away = httpEInvoicingPlatforms().connect({
      ...connection(),
      tokenUrl: `http://127.0.0.1:${port}/oauth/token`,
    });
    const network = await failure(away.healthcheck());
    expect([network.status, network.errorCode, network.transient, network.operation]).toEqual([
      null,
      "NETWORK_ERROR",
      true,
      "token",
    ]);
  });

  it("asks a new token once when the platform refuses the one held, and says when the credentials are refused", async () => {
    let refuse = true;
    handler = (s, res) => {
      if (refuse && s.headers.authorization === "Bearer t1")
        return json(res, 401, { errorCode: "INVALID_TOKEN" });
      res.writeHead(200);
      res.end();
    };
    const platform = httpEInvoicingPlatforms().connect(connection());
    await platform.healthcheck();
    expect(seen.filter((s) => s.url === "/oauth/token")).toHaveLength(2);
    refuse = false;
    const wrong = await failure(httpEInvoicingPlatforms().connect(connection("wrong")).healthcheck());
    expect([wrong.status, wrong.errorCode, wrong.errorMessage, wrong.transient, wrong.operation]).toEqual([
      401,
      "TOKEN_REFUSED",
      "invalid_client",
      false,
      "token",
    ]);
  });
});
