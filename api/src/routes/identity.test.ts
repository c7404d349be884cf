import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { problemResponse } from "../http/problem.ts";
import { type AuthEnv, requireRight } from "../identity/auth.ts";
import { parseEml } from "../mail/parse-eml.testing.ts";
import { answerChecker } from "../testing/answer-schemas.ts";

type Json = Record<string, unknown> & {
  token?: string;
  user?: { org: { id: string } | null; rights: { c: string; r: number }[] };
};

describe.each(databaseKinds)("identity and sessions on %s", (kind) => {
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  let n = 0;
  let dataDir: string;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    const answer = res.status === 204 ? {} : await res.json();
    if (res.status !== 204) answerChecker(app)("POST", path, res.status, answer);
    return { status: res.status, body: answer as Json };
  };
  const get = async (path: string, token?: string) => {
    const res = await app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = await res.json();
    answerChecker(app)("GET", path, res.status, body);
    return { status: res.status, body: body as Json };
  };
  const register = async () => {
    const email = `marie.${++n}.${Math.random().toString(36).slice(2, 7)}@exemple.fr`;
    const res = await post("/api/register", { email, password: "motdepasse1", name: "Marie Martin" });
    expect(res.status).toBe(201);
    return { email, token: res.body.token as string };
  };
  const createOrg = async (token: string, name: string) => {
    const res = await post("/api/user/orgs", { name, siren: "732829320" }, token);
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "registre-identity-"));
    ctx = await openContext(
      { dataDir, publicUrl: "https://registre.example.fr" },
      await openTestDatabase(kind),
    );
    await ctx.runner.start();
    app = createApp(ctx);
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  it("registers a user, signed in with no organisation yet, and refuses the same address twice", async () => {
    const { email, token } = await register();
    expect(token).toMatch(/^rg_[\w-]{43}$/);
    const account = await get("/api/account", token);
    expect(account.body).toMatchObject({ email, name: "Marie Martin" });
    const again = await post("/api/register", {
      email: email.toUpperCase(),
      password: "motdepasse1",
      name: "X",
    });
    expect(again).toMatchObject({
      status: 409,
      body: { code: "identity.emailUsed", detail: "Adresse e-mail déjà utilisée." },
    });
    const weak = await post("/api/register", { email: "a@b.fr", password: "court", name: "X" });
    expect(weak).toMatchObject({ status: 422, body: { code: "validation.invalidPassword" } });
    const bad = await post("/api/register", { email: "pas-une-adresse", password: "motdepasse1", name: "X" });
    expect(bad.body.code).toBe("validation.invalidEmail");
  });

  it("keeps only a hash of each token", async () => {
    const { token } = await register();
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int8 as n from sessions where token_hash = sha256(convert_to(${token}, 'UTF8'))`.execute(
      ctx.database.db,
    );
    expect(rows[0]?.n).toBe(1);
    const { rows: plain } = await sql<{
      n: number;
    }>`select count(*)::int8 as n from sessions where encode(token_hash, 'escape') like ${`%${token.slice(3, 20)}%`}`.execute(
      ctx.database.db,
    );
    expect(plain[0]?.n).toBe(0);
  });

  it("answers login with {token, user} for one organisation and {orgs, ticket} for several", async () => {
    const { email, token } = await register();
    const created = await createOrg(token, "Boulangerie Martin");
    const orgA = created.user?.org?.id as string;
    expect(created.user?.rights).toContainEqual({ c: "accounting", r: 30 });
    const one = await post("/api/login", { email, password: "motdepasse1" });
    expect(one.status).toBe(200);
    expect(one.body.user?.org?.id).toBe(orgA);
    await createOrg(one.body.token as string, "Atelier Martin");
    const several = await post("/api/login", { email, password: "motdepasse1" });
    expect(several.body.token).toBeUndefined();
    const orgs = several.body.orgs as { id: string; name: string }[];
    expect(orgs.map((o) => o.name)).toEqual(["Atelier Martin", "Boulangerie Martin"]);
    const chosen = await post("/api/user/orgs/change", { orgId: orgA, ticket: several.body.ticket });
    expect(chosen.status).toBe(200);
    expect(chosen.body.user?.org?.id).toBe(orgA);
    const replay = await post("/api/user/orgs/change", { orgId: orgA, ticket: several.body.ticket });
    expect(replay.status).toBe(401);
    const listed = await get("/api/user/orgs", chosen.body.token as string);
    expect((listed.body.items as unknown[]).length).toBe(2);
  });

  it("changes organisation with a session token, which it replaces", async () => {
    const { token } = await register();
    const a = await createOrg(token, "Org A");
    const b = await createOrg(a.token as string, "Org B");
    const orgA = a.user?.org?.id as string;
    const moved = await post("/api/user/orgs/change", { orgId: orgA }, b.token as string);
    expect(moved.body.user?.org?.id).toBe(orgA);
    expect((await get("/api/account", b.token as string)).status).toBe(401);
    const stranger = await register();
    const refused = await post("/api/user/orgs/change", { orgId: orgA }, stranger.token);
    expect(refused).toMatchObject({ status: 404, body: { code: "organisation.notFound" } });
  });

  it("revokes the token on logout", async () => {
    const { token } = await register();
    expect((await post("/api/logout", {}, token)).status).toBe(204);
    expect(await get("/api/account", token)).toMatchObject({
      status: 401,
      body: { code: "identity.unauthenticated" },
    });
  });

  it("refuses wrong credentials alike for unknown addresses, and locks an address after repeated failures", async () => {
    const { email } = await register();
    const unknown = await post("/api/login", { email: "personne@exemple.fr", password: "motdepasse1" });
    const wrong = await post("/api/login", { email, password: "mauvais-mot-2" });
    expect(unknown.body).toMatchObject({ code: "identity.badCredentials" });
    expect(wrong.body).toEqual({ ...unknown.body });
    let last = wrong;
    for (let i = 0; i < 10 && last.status !== 429; i++)
      last = await post("/api/login", { email, password: "mauvais-mot-2" });
    expect(last).toMatchObject({ status: 429, body: { code: "identity.tooManyAttempts" } });
    const right = await post("/api/login", { email, password: "motdepasse1" });
    expect(right.status).toBe(429);
  });

  it("checks the right bit of a route: 401 without a token, 403 without the bit, passes with it", async () => {
    const owner = await register();
    const org = await createOrg(owner.token, "Cabinet Durand");
    const guarded = new OpenAPIHono<AuthEnv>();
    guarded.onError(problemResponse);
    guarded.put("/contacts", requireRight(ctx, "contacts", Rights.update), (c) => c.json({ ok: true }));
    guarded.put("/platform", requireRight(ctx, "admin.organizations", Rights.update), (c) =>
      c.json({ ok: true }),
    );
    const put = (path: string, token?: string) =>
      guarded.request(path, { method: "PUT", headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await put("/contacts")).status).toBe(401);
    expect((await put("/contacts", org.token as string)).status).toBe(200);
    // No organisation profile grants platform administration.
    expect((await put("/platform", org.token as string)).status).toBe(403);
    // An accountant reads contacts but may not change them.
    const accountant = await register();
    const { runOrganisationCommands } = await import("../organisations.ts");
    await runOrganisationCommands(
      ctx,
      org.user?.org?.id as string,
      [
        {
          type: "AddMember",
          data: {
            userId: (await get("/api/account", accountant.token)).body.id as string,
            profile: "accountant",
          },
        },
      ],
      {
        commandId: crypto.randomUUID(),
        at: new Date().toISOString(),
      },
    );
    const login = await post("/api/user/orgs/change", { orgId: org.user?.org?.id }, accountant.token);
    const res = await put("/contacts", login.body.token as string);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "identity.forbidden" });
  });

  it("renews a password through the link e-mailed to the outbox, once, and ends every session", async () => {
    const { email, token } = await register();
    const outbox = join(dataDir, "outbox");
    const listOutbox = () => {
      try {
        return readdirSync(outbox);
      } catch {
        return [];
      }
    };
    const before = new Set(listOutbox());
    const asked = await app.request("/api/password/renew", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en" },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ detail: "An e-mail with a link to renew the password was sent." });
    const unknown = await post("/api/password/renew", { email: "inconnu@exemple.fr" });
    expect(unknown).toEqual({
      status: 202,
      body: { detail: "Un e-mail contenant un lien pour renouveler le mot de passe a été envoyé." },
    });
    const written = listOutbox().filter((f) => !before.has(f));
    expect(written).toHaveLength(1);
    const mail = parseEml(readFileSync(join(outbox, written[0] as string), "utf8"));
    expect(mail.headers.get("to")).toContain(email);
    const link = (mail.text ?? "").match(
      /https:\/\/registre\.example\.fr\/public\/password\/renew\?token=([\w%-]+)/,
    );
    expect(link).not.toBeNull();
    const renewToken = decodeURIComponent(link?.[1] ?? "");
    expect(
      (await post("/api/password/renew/confirm", { token: renewToken, password: "nouveau-mot-9" })).status,
    ).toBe(204);
    expect(
      (await post("/api/password/renew/confirm", { token: renewToken, password: "encore-autre-9" })).body,
    ).toMatchObject({
      code: "identity.renewTokenInvalid",
    });
    expect((await get("/api/account", token)).status).toBe(401);
    expect((await post("/api/login", { email, password: "motdepasse1" })).status).toBe(401);
    expect((await post("/api/login", { email, password: "nouveau-mot-9" })).status).toBe(200);
  });
});
