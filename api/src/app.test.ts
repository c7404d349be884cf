import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import { createApp } from "./app.ts";
import { openContext } from "./bootstrap.ts";
import type { AppContext } from "./context.ts";
import { registerUser } from "./identity/users.ts";

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe.each(databaseKinds)("organisation API on %s", (kind) => {
  let ctx: AppContext;
  let app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
  beforeAll(async () => {
    ctx = await openContext({}, await openTestDatabase(kind));
    await ctx.runner.start();
    const raw = createApp(ctx);
    await registerUser(
      ctx,
      { email: "admin@registre.fr", password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const login = await raw.request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@registre.fr", password: "motdepasse1" }),
    });
    const { token } = (await login.json()) as { token: string };
    // The platform routes are for platform administrators: every call here carries one's token.
    app = {
      request: (path: string, init: RequestInit = {}) =>
        raw.request(path, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
        }),
    };
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  it("creates an organisation and reads it back at once (read-your-writes)", async () => {
    const res = await app.request(
      "/api/registre/orgs",
      json({ name: "  Atelier   Démo SARL ", siren: "123 456 782" }),
    );
    expect(res.status).toBe(201);
    const org = await res.json();
    expect(org).toMatchObject({
      name: "Atelier Démo SARL",
      siren: "123456782",
      vatNumber: null,
      fiscalYearStartMonth: 1,
      vatRegime: "reel_normal",
      vatOnDebits: false,
    });
    const list = await (await app.request(`/api/registre/orgs?q=${encodeURIComponent("atelier")}`)).json();
    expect(list.items.map((o: { id: string }) => o.id)).toContain(org.id);
    const got = await app.request(`/api/registre/orgs/${org.id}`);
    expect(await got.json()).toEqual(org);
  });

  it("renames and changes settings in one PUT, and shows both in the history", async () => {
    const org = await (
      await app.request("/api/registre/orgs", json({ name: "Boulangerie Martin", siren: "732829320" }))
    ).json();
    const res = await app.request(`/api/registre/orgs/${org.id}`, {
      ...json({
        name: "Boulangerie Martin & Fils",
        fiscalYearStartMonth: 7,
        vatOnDebits: true,
        vatNumber: "FR44732829320",
      }),
      method: "PUT",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: "Boulangerie Martin & Fils",
      fiscalYearStartMonth: 7,
      vatOnDebits: true,
      vatNumber: "FR44732829320",
    });
    const history = await (await app.request(`/api/registre/orgs/${org.id}/history`)).json();
    expect(history.items.map((i: { type: string; version: number }) => [i.version, i.type])).toEqual([
      [3, "OrganisationSettingsChanged"],
      [2, "OrganisationRenamed"],
      [1, "OrganisationCreated"],
    ]);
    expect(history.items[1].summary).toEqual({
      name: "Boulangerie Martin & Fils",
      previousName: "Boulangerie Martin",
    });
  });

  it("refuses an invalid SIREN with a localised problem and records nothing", async () => {
    const before = await ctx.store.countAfter({ txId: "0", position: 0 });
    const fr = await app.request("/api/registre/orgs", json({ name: "X", siren: "123456789" }));
    expect(fr.status).toBe(422);
    expect(fr.headers.get("content-type")).toContain("application/problem+json");
    expect(await fr.json()).toMatchObject({
      status: 422,
      code: "organisation.invalidSiren",
      detail: expect.stringContaining("n’est pas valide"),
    });
    const en = await app.request(
      "/api/registre/orgs",
      json({ name: "X", siren: "123456789" }, { "accept-language": "en-GB,en;q=0.9" }),
    );
    expect((await en.json()).detail).toContain("is not valid");
    const vat = await app.request(
      "/api/registre/orgs",
      json({ name: "X", siren: "732829320", vatNumber: "FR00732829320" }),
    );
    expect((await vat.json()).code).toBe("validation.invalidVatNumber");
    expect(await ctx.store.countAfter({ txId: "0", position: 0 })).toBe(before);
  });

  it("answers malformed input with a 422 listing each field", async () => {
    const res = await app.request("/api/registre/orgs", json({ siren: 12, fiscalYearStartMonth: 13 }));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("validation.invalid");
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "fiscalYearStartMonth",
      "name",
      "siren",
    ]);
  });

  it("answers 404 as a problem for an unknown organisation and an unknown route", async () => {
    const res = await app.request("/api/registre/orgs/6f1c1c4e-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: "organisation.notFound",
      detail: "Organisation introuvable.",
    });
    const route = await app.request("/api/nothing/here", { headers: { "accept-language": "en" } });
    expect(route.status).toBe(404);
    expect(await route.json()).toMatchObject({ code: "http.notFound", detail: "Not found." });
  });

  it("answers a retried command (same Idempotency-Key) with its first result", async () => {
    const key = "0b7b6f0e-3d5a-4c8e-9f00-2a1b3c4d5e6f";
    const org = await (
      await app.request("/api/registre/orgs", json({ name: "Idem", siren: "552120222" }))
    ).json();
    const put = () =>
      app.request(`/api/registre/orgs/${org.id}`, {
        ...json({ name: "Idem 2" }, { "idempotency-key": key }),
        method: "PUT",
      });
    expect((await put()).status).toBe(200);
    expect((await put()).status).toBe(200);
    const history = await (await app.request(`/api/registre/orgs/${org.id}/history`)).json();
    expect(history.items.length).toBe(2);
  });

  it("reports health: database kind, event count, each projector's lag", async () => {
    const res = await app.request("/api/health");
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", database: kind });
    expect(body.events).toBeGreaterThan(0);
    expect(body.projections.map((p: { name: string }) => p.name)).toEqual([
      "organisations",
      "stream_history",
      "users",
      "memberships",
      "invitations",
      "authorization",
      "accounting_setup",
      "ledger",
      "ledger-history",
      "items",
      "reference_data",
      "contacts",
      "documents",
      "attachments",
      "payments",
      "bank_statements",
      "vat_lines",
      "einvoicing-inbox",
      "sales-stats",
      "releases",
      "platform",
      "subscriptions",
    ]);
    expect(body.projections.every((p: { lag: number }) => p.lag >= 0)).toBe(true);
  });

  it("serves an OpenAPI document generated from the schemas, and its reference page", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/health",
        "/registre/orgs",
        "/registre/orgs/{id}",
        "/registre/orgs/{id}/history",
      ]),
    );
    expect(doc.components.schemas.CreateOrganisation.required).toEqual(
      expect.arrayContaining(["name", "siren"]),
    );
    const page = await app.request("/api/reference");
    expect(await page.text()).toContain("/api/openapi.json");
  });

  it("declares every pattern of the OpenAPI document as a regular expression a client can use", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    const patterns: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object")
        for (const [key, item] of Object.entries(value))
          if (key === "pattern" && typeof item === "string") patterns.push(item);
          else walk(item);
    };
    walk(doc);
    expect(patterns.length).toBeGreaterThan(20);
    // A zod regex with a flag (/…/i) reaches the document as "…$/i", which matches nothing.
    expect(patterns.filter((p) => /\/[dgimsuvy]+$/.test(p))).toEqual([]);
    for (const p of patterns) expect(() => new RegExp(p, "u")).not.toThrow();
  });
});
