import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";
import { fileForm, tinyPdf } from "../testing/files.ts";
import { parseTrustProxy, TRUST_NONE } from "./client-address.ts";
import {
  CONTENT_SECURITY_POLICY,
  overTls,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
} from "./security-headers.ts";

/** What every answer carries, whoever answered it (issue 21, « security headers »). */
const expectSecurityHeaders = (res: Response, what: string) => {
  const h = (name: string) => [what, name, res.headers.get(name)];
  expect(h("content-security-policy")).toEqual([what, "content-security-policy", CONTENT_SECURITY_POLICY]);
  expect(h("x-frame-options")).toEqual([what, "x-frame-options", "DENY"]);
  expect(h("x-content-type-options")).toEqual([what, "x-content-type-options", "nosniff"]);
  expect(h("cross-origin-opener-policy")).toEqual([what, "cross-origin-opener-policy", "same-origin"]);
  expect(res.headers.get("referrer-policy")).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
};

describe("the Content-Security-Policy", () => {
  it("runs no inline script, frames nothing of Registre elsewhere, and allows inline styles alone (Mantine's)", () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]),
    );
    expect(directives["script-src"]).toEqual(["'self'"]);
    expect(directives["default-src"]).toEqual(["'self'"]);
    expect(directives["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(directives["base-uri"]).toEqual(["'self'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
  });

  it("says TLS only for an https address, or X-Forwarded-Proto from a trusted proxy", () => {
    expect(overTls("https://registre.example/api/health", TRUST_NONE, "203.0.113.9", undefined)).toBe(true);
    expect(overTls("http://registre.example/api/health", TRUST_NONE, "203.0.113.9", "https")).toBe(false);
    const hop = parseTrustProxy("1");
    expect(overTls("http://registre.example/", hop, "10.0.0.2", "https")).toBe(true);
    expect(overTls("http://registre.example/", hop, "10.0.0.2", "http")).toBe(false);
    expect(overTls("http://registre.example/", hop, "10.0.0.2", "HTTPS, http")).toBe(true);
    const listed = parseTrustProxy("10.0.0.0/8");
    expect(overTls("http://registre.example/", listed, "10.0.0.2", "https")).toBe(true);
    expect(overTls("http://registre.example/", listed, "::ffff:10.0.0.2", "https")).toBe(true);
    // From anyone else the header proves nothing.
    expect(overTls("http://registre.example/", listed, "203.0.113.9", "https")).toBe(false);
    expect(overTls("http://registre.example/", listed, undefined, "https")).toBe(false);
  });
});

describe("the security headers' middleware", () => {
  it("sets them on an answer whose headers cannot change (Response.redirect's), keeping the answer", async () => {
    const app = new Hono();
    app.use(
      "*",
      securityHeaders(() => TRUST_NONE),
    );
    app.get("/away", () => Response.redirect("https://registre.example/ailleurs", 302));
    const res = await app.request("/away");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://registre.example/ailleurs");
    expectSecurityHeaders(res, "an immutable answer");
  });
});

describe.each(databaseKinds)("security headers on every answer, on %s", (kind) => {
  const { harness, call, register } = apiHarness(kind, { trustProxy: "1" });
  let app: ReturnType<typeof createApp>;
  let o: Awaited<ReturnType<typeof documentsOrganisation>>;
  const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) } });

  beforeAll(async () => {
    // A web build of two files: its index page and a static script.
    const webRoot = mkdtempSync(join(tmpdir(), "registre-web-"));
    writeFileSync(join(webRoot, "index.html"), '<!doctype html><script src="/theme-boot.js"></script>');
    writeFileSync(join(webRoot, "theme-boot.js"), "document.documentElement.lang = 'fr';");
    app = createApp(harness.ctx, { webRoot });
    o = await documentsOrganisation(call, register, "Entetes");
  });

  it("sends them on an API answer, a problem, the web app's pages, a static file and the API reference", async () => {
    const answers: [string, Response][] = [
      ["an API answer", await get("/api/health")],
      ["a problem", await get("/api/contacts")],
      ["an unknown API path", await get("/api/nothing/here")],
      ["the web app", await get("/")],
      ["a deep link of the web app", await get("/org/contacts")],
      ["a static file", await get("/theme-boot.js")],
      ["the API reference", await get("/api/reference")],
      ["its script", await get("/api/reference.js")],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
    expect(answers.map(([what, res]) => [what, res.status])).toEqual([
      ["an API answer", 200],
      ["a problem", 401],
      ["an unknown API path", 404],
      ["the web app", 200],
      ["a deep link of the web app", 200],
      ["a static file", 200],
      ["the API reference", 200],
      ["its script", 200],
    ]);
    // The reference page runs under the policy: its script is a file of Registre's, none inline.
    const page = await (await get("/api/reference")).text();
    expect(page).toContain('<script src="/api/reference.js"></script>');
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await get("/api/reference.js")).headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("answers every file as a download, never shown in place: PDF, attachment, exports, the shared PDF", async () => {
    const created = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: o.customerId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    await o.ok("PUT", `/docs/${created.id}/status/validated`);
    const attached = await app.request(`/api/docs/${created.id}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${o.token}` },
      body: fileForm("Bon de commande signé.pdf", tinyPdf(), "application/pdf"),
    });
    expect(attached.status).toBe(201);
    const fileId = (await attached.json()).fileId;
    const share = await o.ok("POST", `/docs/${created.id}/shares`, {});
    const downloads: [string, string, RegExp][] = [
      ["the document's PDF", `/api/docs/${created.id}/pdf`, /^attachment; filename=".+\.pdf"$/],
      ["its Factur-X XML", `/api/docs/${created.id}/facturx?format=xml`, /^attachment; filename="factur-x-/],
      [
        "an attachment",
        `/api/docs/${created.id}/files/${fileId}`,
        /^attachment; filename="Bon de commande sign_\.pdf"; filename\*=UTF-8''Bon%20de%20commande%20sign%C3%A9\.pdf$/,
      ],
      ["the items' CSV", "/api/items/export", /^attachment; filename="articles\.csv"$/],
      ["the contacts' vCards", "/api/contacts/vcards", /^attachment; filename="contacts\.vcf"$/],
      [
        "the FEC",
        `/api/accounting/entries/download/${o.year.id}`,
        /^attachment; filename="\d{9}FEC\d{8}\.txt"$/,
      ],
      ["the shared PDF", `/api/share/docs/pdf?token=${share.token}`, /^attachment; filename=".*\.pdf"$/],
    ];
    for (const [what, path, disposition] of downloads) {
      const res = await get(path, o.token);
      expect([what, res.status]).toEqual([what, 200]);
      expect([what, res.headers.get("content-disposition")]).toEqual([
        what,
        expect.stringMatching(disposition),
      ]);
      expectSecurityHeaders(res, what);
    }
  });

  it("sends Strict-Transport-Security over TLS only: an https address, or a trusted proxy's X-Forwarded-Proto", async () => {
    const hsts = async (url: string, headers: Record<string, string> = {}) =>
      (await app.request(url, { headers })).headers.get("strict-transport-security");
    expect(await hsts("http://registre.example/api/health")).toBeNull();
    expect(await hsts("http://registre.example/")).toBeNull();
    expect(await hsts("https://registre.example/api/health")).toBe(STRICT_TRANSPORT_SECURITY);
    expect(await hsts("https://registre.example/")).toBe(STRICT_TRANSPORT_SECURITY);
    // TRUST_PROXY=1: the proxy in front says how the client came.
    expect(await hsts("http://registre.example/api/health", { "x-forwarded-proto": "https" })).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    expect(await hsts("http://registre.example/api/health", { "x-forwarded-proto": "http" })).toBeNull();
    // Without a trusted proxy, the same header is anyone's word.
    const untrusting = createApp({
      ...harness.ctx,
      identity: { ...harness.ctx.identity, trustProxy: TRUST_NONE },
    });
    const res = await untrusting.request("http://registre.example/api/health", {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expectSecurityHeaders(res, "an untrusted forwarded answer");
  });
});
