import { randomUUID } from "node:crypto";
import { openDatabase } from "@registre/store";
import { type Context, Hono } from "hono";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/support/databases.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { type AuthEnv, requireSession } from "../identity/auth.ts";
import { openSession, revokeSession } from "../identity/sessions.ts";
import { hashToken } from "../identity/tokens.ts";
import { defaultIdempotencyOptions, type IdempotencyOptions, idempotency } from "./idempotency.ts";
import { purgeExpiredKeys } from "./idempotency-store.ts";
import { commandMetadata } from "./openapi.ts";
import { ProblemError, problemResponse } from "./problem.ts";

type Handler = (c: Context) => Response | Promise<Response>;

const HOUR = 3600_000;

describe.each(databaseKinds)("the Idempotency-Key middleware on %s", (kind) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let now = new Date("2026-11-24T10:00:00Z");
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = { ...(await openContext({}, database)), clock: () => now };
    // The read models a session's access is read from (memberships, rights), as a started server has them.
    await ctx.runner.setup();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    now = new Date("2026-11-24T10:00:00Z");
    await ctx.database.db.deleteFrom("idempotency_keys").execute();
  });

  /** A small app whose POST /run is `handler`, counting how many times it ran. */
  const appWith = (handler: Handler, options: Partial<IdempotencyOptions> = {}, context = ctx) => {
    const app = new Hono();
    const runs = { count: 0 };
    app.onError(problemResponse);
    app.use("*", idempotency(context, { ...defaultIdempotencyOptions, ...options }));
    app.post("/run", async (c) => {
      runs.count++;
      return handler(c);
    });
    app.put("/run", async (c) => {
      runs.count++;
      return handler(c);
    });
    app.get("/run", (c) => c.json({ read: true }));
    return { app, runs };
  };
  const post = (
    app: Hono,
    key: string | undefined,
    body: BodyInit = '{"a":1}',
    headers: Record<string, string> = {},
  ) =>
    app.request("/run", {
      method: "POST",
      headers: { "content-type": "application/json", ...(key && { "idempotency-key": key }), ...headers },
      body,
    });
  const answer = async (res: Response) => ({ status: res.status, body: await res.text() });
  const rows = () => ctx.database.db.selectFrom("idempotency_keys").selectAll().execute();

  it("answers the first answer to the same request, even when things changed since, and runs the command once", async () => {
    let n = 0;
    const { app, runs } = appWith((c) => c.json({ n: ++n }, 201, { location: `/things/${n}` }));
    const key = randomUUID();
    const first = await post(app, key);
    expect(await answer(first)).toEqual({ status: 201, body: '{"n":1}' });
    const again = await post(app, key);
    expect(await answer(again)).toEqual({ status: 201, body: '{"n":1}' });
    expect(again.headers.get("location")).toBe("/things/1");
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(runs.count).toBe(1);
  });

  it("refuses another request under a used key: another body, path or method (422 idempotency.keyReused)", async () => {
    const { app, runs } = appWith((c) => c.json({ ok: true }, 200));
    const key = randomUUID();
    await post(app, key);
    const other = await post(app, key, '{"a":2}');
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: "idempotency.keyReused" });
    const otherPath = await app.request("/run?x=1", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: '{"a":1}',
    });
    expect(otherPath.status).toBe(422);
    const otherMethod = await app.request("/run", {
      method: "PUT",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: '{"a":1}',
    });
    expect(otherMethod.status).toBe(422);
    expect(runs.count).toBe(1);
  });

  it("gives each request its own command id, derived from the key and the request, and keeps it on a retry", async () => {
    const ids: string[] = [];
    const { app } = appWith((c) => {
      ids.push(commandMetadata(c, ctx).commandId);
      return c.json({}, 500);
    });
    const key = randomUUID();
    await post(app, key);
    await post(app, key);
    await post(app, randomUUID());
    await post(app, undefined);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[0]).not.toBe(key);
    expect(new Set(ids).size).toBe(3);
  });

  it("stores no answer that is not final (202, 401, 403, 429, 5xx, 409 store.concurrency): the same request runs again", async () => {
    const transient: Handler[] = [
      (c) => c.json({ code: "command.notYetVisible", detail: "…" }, 202),
      () => {
        throw new ProblemError(401, "identity.unauthenticated");
      },
      () => {
        throw new ProblemError(403, "identity.forbidden", { code: "x" });
      },
      () => {
        throw new ProblemError(429, "identity.tooManyAttempts", { minutes: 1 });
      },
      () => {
        throw new Error("the database went away");
      },
      (c) => c.json({}, 503),
      () => {
        throw new ProblemError(409, "store.concurrency");
      },
    ];
    for (const first of transient) {
      let calls = 0;
      const { app, runs } = appWith((c) => (++calls === 1 ? first(c) : c.json({ done: true }, 201)));
      const key = randomUUID();
      expect((await post(app, key)).status).not.toBe(201);
      expect(await answer(await post(app, key))).toEqual({ status: 201, body: '{"done":true}' });
      expect(await answer(await post(app, key))).toEqual({ status: 201, body: '{"done":true}' });
      expect(runs.count).toBe(2);
      // The key stays bound to its request all the same.
      expect((await post(app, key, '{"a":2}')).status).toBe(422);
    }
  });

  it("stores refusals as the command's answer: the same key replays them after their cause went away", async () => {
    let exists = false;
    const { app, runs } = appWith(() => {
      if (!exists) throw new ProblemError(404, "account.notFound", { number: "512100" });
      throw new ProblemError(409, "account.duplicate", { number: "512100" });
    });
    const key = randomUUID();
    const refused = await answer(await post(app, key));
    expect(refused.status).toBe(404);
    exists = true;
    expect(await answer(await post(app, key))).toEqual(refused);
    expect(runs.count).toBe(1);
  });

  it("makes a concurrent duplicate wait for the first and answer its answer", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, runs } = appWith(async (c) => {
      await gate;
      return c.json({ once: true }, 201);
    });
    const key = randomUUID();
    const first = post(app, key);
    while (runs.count === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = post(app, key);
    setTimeout(release, 100);
    expect(await answer(await second)).toEqual({ status: 201, body: '{"once":true}' });
    expect(await answer(await first)).toEqual({ status: 201, body: '{"once":true}' });
    expect(runs.count).toBe(1);
  });

  it("answers 409 idempotency.inProgress with Retry-After when the first runs longer than the wait", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, runs } = appWith(
      async (c) => {
        await gate;
        return c.json({}, 201);
      },
      { waitMs: 100 },
    );
    const key = randomUUID();
    const first = post(app, key);
    while (runs.count === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const busy = await post(app, key);
    expect(busy.status).toBe(409);
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await busy.json()).toMatchObject({ code: "idempotency.inProgress" });
    release();
    expect((await first).status).toBe(201);
    expect((await post(app, key)).status).toBe(201);
    expect(runs.count).toBe(1);
  });

  it("lets a retry take over a key whose request stopped before its answer was stored (its lease ended)", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let n = 0;
    const { app, runs } = appWith(async (c) => {
      const mine = ++n;
      if (mine === 1) await gate; // a server that hangs, then is gone
      return c.json({ run: mine }, 201);
    });
    const key = randomUUID();
    const stuck = post(app, key);
    while (runs.count === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    now = new Date(now.getTime() + defaultIdempotencyOptions.leaseMs + 1000);
    expect(await answer(await post(app, key))).toEqual({ status: 201, body: '{"run":2}' });
    release();
    await stuck;
    // The stale request does not overwrite the answer of the one that took over.
    expect(await answer(await post(app, key))).toEqual({ status: 201, body: '{"run":2}' });
  });

  it("forgets keys after a day and purges them", async () => {
    const { app, runs } = appWith((c) => c.json({}, 201), { purgeEveryMs: HOUR });
    const key = randomUUID();
    await post(app, key);
    expect(await rows()).toHaveLength(1);
    now = new Date(now.getTime() + 24 * HOUR + 1);
    // The key is free again: another request under it runs.
    expect((await post(app, key, '{"a":2}')).status).toBe(201);
    expect(runs.count).toBe(2);
    await post(app, randomUUID());
    now = new Date(now.getTime() + 25 * HOUR);
    expect(await purgeExpiredKeys(ctx.database, now)).toBe(2);
    expect(await rows()).toHaveLength(0);
  });

  it("keeps neither the answer nor the request readable at rest, and opens an answer only to the credentials it was made for", async () => {
    const secret = "rg_SessionTokenThatMustNotLeak";
    const { app, runs } = appWith((c) => c.json({ token: secret }, 201));
    const key = randomUUID();
    const body = '{"email":"a@exemple.fr","password":"motdepasse-tres-secret"}';
    const first = await post(app, key, body, { authorization: "Bearer rg_CallerToken" });
    expect(await first.json()).toEqual({ token: secret });
    const [row] = await rows();
    const stored = Buffer.concat(
      Object.values(row ?? {}).map((v) => Buffer.from(v instanceof Uint8Array ? v : String(v))),
    ).toString("latin1");
    for (const clear of [secret, key, "motdepasse-tres-secret", "rg_CallerToken"])
      expect(stored).not.toContain(clear);
    const stranger = await post(app, key, body, { authorization: "Bearer rg_SomeoneElse" });
    expect(stranger.status).toBe(422);
    expect(runs.count).toBe(1);
  });

  it("knows a form sent again with a new multipart boundary for the same request", async () => {
    const { app, runs } = appWith((c) => c.json({ ok: true }, 200));
    const key = randomUUID();
    const form = (content: string) => {
      const data = new FormData();
      data.append("file", new File([content], "logo.png", { type: "image/png" }));
      return data;
    };
    const send = (content: string) =>
      app.request("/run", { method: "POST", headers: { "idempotency-key": key }, body: form(content) });
    expect((await send("image")).status).toBe(200);
    expect((await send("image")).headers.get("idempotent-replayed")).toBe("true");
    expect((await send("other image")).status).toBe(422);
    expect(runs.count).toBe(1);
  });

  it("refuses a key that is not a UUID, and leaves reads and requests without a key alone", async () => {
    const { app, runs } = appWith((c) => c.json({}, 201));
    const bad = await post(app, "not-a-uuid");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "idempotency.invalidKey" });
    await post(app, undefined);
    await post(app, undefined);
    expect(runs.count).toBe(2);
    const read = await app.request("/run", { headers: { "idempotency-key": randomUUID() } });
    expect(read.status).toBe(200);
    expect(await rows()).toHaveLength(0);
  });

  /** An app whose POST /me needs a live session, over a database that counts its reads of `sessions`. */
  const sessionApp = (handler: (c: Context<AuthEnv>) => Response | Promise<Response>) => {
    const seen = { sessions: 0 };
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        if (/\bsessions\b/.test(JSON.stringify(args.node))) seen.sessions++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted: AppContext = {
      ...ctx,
      database: { ...ctx.database, db: ctx.database.db.withPlugin(counting) },
    };
    const app = new Hono<AuthEnv>();
    app.onError(problemResponse);
    app.use("*", idempotency(counted));
    app.post("/me", requireSession(counted), handler);
    const me = (token: string, key?: string) =>
      app.request("/me", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, ...(key && { "idempotency-key": key }) },
      });
    return { me, seen };
  };

  it("reads the session once for a keyed command: the key's scope and the route's access from one statement", async () => {
    const userId = randomUUID();
    const token = await openSession(ctx.database, userId, null, now);
    const { me, seen } = sessionApp((c) => c.json({ user: c.get("session").userId }, 200));
    const keyed = await me(token, randomUUID());
    expect(await answer(keyed)).toEqual({ status: 200, body: JSON.stringify({ user: userId }) });
    expect(seen.sessions).toBe(1);
    const plain = await me(token);
    expect(plain.status).toBe(200);
    expect(seen.sessions).toBe(2);
    // An ended session still scopes its key, and the route still refuses it.
    await revokeSession(ctx.database, hashToken(token), now);
    const ended = await me(token, randomUUID());
    expect(ended.status).toBe(401);
    expect(seen.sessions).toBe(3);
  });

  it("reads the session again for a duplicate that waited: the first may have ended it", async () => {
    const token = await openSession(ctx.database, randomUUID(), null, now);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const { me } = sessionApp(async (c) => {
      runs++;
      await gate;
      // Signs out, then fails with an answer that is not stored: the duplicate runs the route again.
      await revokeSession(ctx.database, c.get("session").tokenHash, now);
      return c.json({ code: "service.unavailable" }, 503);
    });
    const key = randomUUID();
    const first = me(token, key);
    while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = me(token, key);
    setTimeout(release, 100);
    expect((await first).status).toBe(503);
    expect((await second).status).toBe(401);
    expect(runs).toBe(1);
  });

  if (kind === "postgres")
    it("shares keys between servers on one database: a command sent to two at once runs once", async () => {
      const second = await openDatabase({ url: database.url });
      try {
        const other: AppContext = { ...ctx, database: second };
        let n = 0;
        const handler: Handler = async (c) => {
          const mine = ++n;
          await new Promise((resolve) => setTimeout(resolve, 150));
          return c.json({ run: mine }, 201);
        };
        const one = appWith(handler);
        const two = appWith(handler, {}, other);
        const key = randomUUID();
        const answers = await Promise.all([post(one.app, key), post(two.app, key)]);
        const bodies = await Promise.all(answers.map(answer));
        expect(bodies).toEqual([
          { status: 201, body: '{"run":1}' },
          { status: 201, body: '{"run":1}' },
        ]);
        expect(one.runs.count + two.runs.count).toBe(1);
      } finally {
        await second.close();
      }
    });
});
