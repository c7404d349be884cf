import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { parseTrustProxy } from "../http/client-address.ts";
import { defaultIdentityRules, type IdentityRules } from "../identity/limits.ts";

type Answer = {
  status: number;
  retryAfter: string | null;
  type: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
  body: any;
};

const MINUTE = 60_000;
const password = "motdepasse1";

/** Small limits, so that a test reaches them in a few calls. */
const rules: IdentityRules = {
  ...defaultIdentityRules,
  loginAccount: { name: "login-account", max: 3, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  loginAddress: { name: "login-address", max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  loginDevice: { name: "login-device", max: 3, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  renewAccount: { name: "renew-account", max: 2, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  renewAddress: { name: "renew-address", max: 4, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
};

describe.each(databaseKinds)("sign-in limits on %s", (kind) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let n = 0;
  let subnet = 0;
  /** Servers over the test database, each with its own TRUST_PROXY. */
  const apps = new Map<string, ReturnType<typeof createApp>>();
  const appFor = (trustProxy = "") => {
    let app = apps.get(trustProxy);
    if (!app) {
      app = createApp({ ...ctx, identity: { ...ctx.identity, trustProxy: parseTrustProxy(trustProxy) } });
      apps.set(trustProxy, app);
    }
    return app;
  };
  const send = async (
    path: string,
    body: unknown,
    from: { socket: string; forwardedFor?: string; app?: ReturnType<typeof createApp> },
  ): Promise<Answer> => {
    const res = await (from.app ?? appFor()).request(
      `/api${path}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(from.forwardedFor && { "x-forwarded-for": from.forwardedFor }),
        },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: from.socket } } },
    );
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      type: res.headers.get("content-type"),
      body: res.status === 204 ? null : await res.json(),
    };
  };
  /** A client address of its own per test (a documentation /24), so tests never share a counter. */
  const freshAddress = () => `198.51.${++subnet}.10`;
  const register = async () => {
    const email = `limits.${++n}.${kind}@exemple.fr`;
    const res = await send("/register", { email, password, name: "Claire" }, { socket: freshAddress() });
    expect(res.status).toBe(201);
    return email;
  };
  const login = (email: string, pass: string, socket: string, device?: string) =>
    send("/login", { email, password: pass, ...(device && { device }) }, { socket });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const opened = await openContext({ dataDir: mkdtempSync(join(tmpdir(), "registre-limits-")) }, database);
    ctx = { ...opened, identity: { ...opened.identity, rules } };
    await ctx.runner.start();
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await database?.close();
  });

  it("answers every 429 as problem+json identity.tooManyAttempts with Retry-After in seconds", async () => {
    const email = await register();
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await login(email, "mauvais-mot-2", address)).status).toBe(401);
    const refused = await login(email, password, address);
    expect(refused).toMatchObject({
      status: 429,
      retryAfter: "900",
      body: { code: "identity.tooManyAttempts", detail: "Trop de tentatives. Réessayez dans 15 min." },
    });
    expect(refused.type).toMatch(/^application\/problem\+json/);
  });

  it("locks an account without ever refusing another account, from the same address or any other", async () => {
    const victim = await register();
    const neighbour = await register();
    const office = freshAddress();
    for (let i = 0; i < 3; i++) await login(victim, "mauvais-mot-2", office);
    expect((await login(victim, password, office)).status).toBe(429);
    expect((await login(victim, password, freshAddress())).status).toBe(429);
    expect((await login(neighbour, password, office)).status).toBe(200);
    expect((await login(neighbour, password, freshAddress())).status).toBe(200);
  });

  it("counts only failures against an address: an office signing in all day is never locked by its successes", async () => {
    const office = freshAddress();
    const colleagues = [await register(), await register()];
    for (let i = 0; i < 4; i++)
      for (const email of colleagues) expect((await login(email, password, office)).status).toBe(200);
  });

  it("refuses strangers from an address that failed too often, but never a browser known for an account that is not locked", async () => {
    const office = freshAddress();
    const alice = await register();
    const bob = await register();
    // Alice signed in from her browser before: it keeps a device token.
    const first = await login(alice, password, office);
    expect(first.status).toBe(200);
    const device = first.body.device as string;
    expect(device).toMatch(/^rg_/);
    // An attacker behind the same address guesses at addresses that do not exist.
    for (let i = 0; i < 5; i++)
      expect((await login(`guess.${i}.${n}@exemple.fr`, "mauvais-mot-2", office)).status).toBe(401);
    const stranger = await login(bob, password, office);
    expect(stranger).toMatchObject({ status: 429, body: { code: "identity.tooManyAttempts" } });
    expect(Number(stranger.retryAfter)).toBeGreaterThan(0);
    // Alice's known browser is not refused; the same token is given back, with a new lease.
    const known = await login(alice, password, office, device);
    expect(known).toMatchObject({ status: 200, body: { device } });
    // Bob from anywhere else is not affected.
    expect((await login(bob, password, freshAddress())).status).toBe(200);
  });

  it("lets a known browser in while the account is locked for strangers; a stolen token buys few guesses", async () => {
    const email = await register();
    const device = (await login(email, password, freshAddress())).body.device as string;
    const attacker = freshAddress();
    for (let i = 0; i < 3; i++) await login(email, "mauvais-mot-2", attacker);
    expect((await login(email, password, attacker)).status).toBe(429);
    expect((await login(email, password, freshAddress(), device)).status).toBe(200);
    // Another account's token, or a made-up one, is no known browser.
    const other = await register();
    expect((await login(other, password, attacker, device)).status).toBe(200);
    expect((await login(email, password, freshAddress(), "rg_made_up")).status).toBe(429);
    // Guessing with the stolen token: locked after its own three attempts, then a stranger again.
    const thief = freshAddress();
    for (let i = 0; i < 3; i++) expect((await login(email, "mauvais-mot-3", thief, device)).status).toBe(401);
    expect((await login(email, password, thief, device)).status).toBe(429);
  });

  it("shares counters between two servers over the same database", async () => {
    const email = await register();
    const second =
      kind === "postgres" ? await openDatabase({ url: database.url, maxConnections: 2 }) : database;
    try {
      const other = await openContext({ dataDir: mkdtempSync(join(tmpdir(), "registre-limits-")) }, second);
      const otherApp = createApp({ ...other, identity: { ...other.identity, rules } });
      const address = freshAddress();
      for (let i = 0; i < 3; i++) await login(email, "mauvais-mot-2", address);
      const refused = await send("/login", { email, password }, { socket: freshAddress(), app: otherApp });
      expect(refused).toMatchObject({ status: 429, body: { code: "identity.tooManyAttempts" } });
      expect(refused.retryAfter).not.toBeNull();
    } finally {
      if (second !== database) await second.close();
    }
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a spoofed header does not escape the address's lock", async () => {
    const socket = freshAddress();
    for (let i = 0; i < 5; i++)
      await send(
        "/login",
        { email: `spoof.${i}.${n}@exemple.fr`, password: "x" },
        { socket, forwardedFor: `203.0.113.${i}` },
      );
    const email = await register();
    const spoofed = await send("/login", { email, password }, { socket, forwardedFor: "203.0.113.200" });
    expect(spoofed.status).toBe(429);
  });

  it("with TRUST_PROXY, tells clients behind the proxy apart by X-Forwarded-For (rightmost untrusted hop)", async () => {
    const proxy = freshAddress();
    const attacker = `${freshAddress()}`;
    const colleague = `${freshAddress()}`;
    for (const trust of ["1", `${proxy.replace(/\.\d+$/, ".0")}/24`]) {
      const app = appFor(trust);
      // The attacker fills X-Forwarded-For with a made-up address: the proxy appends the real one.
      for (let i = 0; i < 5; i++)
        await send(
          "/login",
          { email: `proxied.${i}.${n}.${trust}@exemple.fr`, password: "x" },
          { socket: proxy, forwardedFor: `192.0.2.77, ${attacker}`, app },
        );
      const email = await register();
      const blocked = await send(
        "/login",
        { email, password },
        { socket: proxy, forwardedFor: attacker, app },
      );
      expect(blocked.status).toBe(429);
      const through = await send(
        "/login",
        { email, password },
        { socket: proxy, forwardedFor: colleague, app },
      );
      expect(through.status).toBe(200);
      // The made-up address was never counted.
      const made = await send(
        "/login",
        { email, password },
        { socket: proxy, forwardedFor: "192.0.2.77", app },
      );
      expect(made.status).toBe(200);
    }
  });

  it("refuses an address that cannot be one (a NUL) at the edge, naming the field, never 5xx", async () => {
    const address = freshAddress();
    const login = await send("/login", { email: "nul\u0000@exemple.fr", password }, { socket: address });
    expect(login).toMatchObject({
      status: 422,
      body: { errors: [{ path: "email", code: "validation.textNul" }] },
    });
    const renew = await send("/password/renew", { email: "nul\u0000@exemple.fr" }, { socket: address });
    expect(renew.status).toBe(422);
  });

  it("keeps renewal requests limited per address asked and per client address, with Retry-After", async () => {
    const email = await register();
    const address = freshAddress();
    for (let i = 0; i < 2; i++)
      expect((await send("/password/renew", { email }, { socket: address })).status).toBe(202);
    const perAccount = await send("/password/renew", { email }, { socket: freshAddress() });
    expect(perAccount).toMatchObject({
      status: 429,
      retryAfter: "3600",
      body: { code: "identity.tooManyAttempts" },
    });
    const flood = freshAddress();
    for (let i = 0; i < 4; i++)
      expect(
        (await send("/password/renew", { email: `x.${i}.${n}@exemple.fr` }, { socket: flood })).status,
      ).toBe(202);
    const perAddress = await send("/password/renew", { email: `y.${n}@exemple.fr` }, { socket: flood });
    expect(perAddress).toMatchObject({ status: 429, body: { code: "identity.tooManyAttempts" } });
    expect(Number(perAddress.retryAfter)).toBeGreaterThan(0);
  });
});
