import { randomUUID } from "node:crypto";
import {
  allProjectors,
  createProjectionRunner,
  ledgerHistoryProjector,
  ledgerProjector,
  type Projector,
} from "@registre/projections";
import type { StoredEvent } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import { appendPoisonedEntry } from "../../tests/support/poisoned-entry.ts";
import { createApp } from "./app.ts";
import { openContext } from "./bootstrap.ts";
import type { AppContext } from "./context.ts";
import { registerUser } from "./identity/users.ts";

type Flags = { fixed: boolean };

/**
 * The real ledger, and the fix a release would bring: amounts an older writer stored as French
 * text ("12,50") are read as cents. Without it, the ledger refuses them (not a bigint: the entry
 * totals' BigInt, or PostgreSQL) and fails on the event.
 */
const withFix = (projector: Projector, flags: Flags): Projector => ({
  ...projector,
  apply: (db, events, table, sink) =>
    projector.apply(
      db,
      flags.fixed
        ? events.map((e) => {
            const data = e.data as { lines?: { debit: unknown; credit: unknown }[] };
            if (!Array.isArray(data.lines)) return e;
            const cents = (v: unknown) =>
              typeof v === "string" ? Math.round(Number(v.replace(",", ".")) * 100) : v;
            const lines = data.lines.map((l) => ({ ...l, debit: cents(l.debit), credit: cents(l.credit) }));
            return { ...e, data: { ...data, lines } } as StoredEvent;
          })
        : events,
      table,
      sink,
    ),
});

/** The read models that stop on such an amount: the ledger, and the time machine's, which sums the same lines. */
const stopping = new Set([ledgerProjector.name, ledgerHistoryProjector.name]);

const projectorsWith = (flags: Flags) =>
  allProjectors.map((p) => (stopping.has(p.name) ? withFix(p, flags) : p));

describe.each(databaseKinds)("a read model failed for one organisation, through the API, on %s", (kind) => {
  const flags: Flags = { fixed: false };
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  const now = new Date("2026-01-10T10:00:00Z");

  const call = async (method: string, path: string, token?: string, body?: unknown, key?: string) => {
    const started = performance.now();
    const res = await app.request(`/api${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "accept-language": "en",
        ...(token && { authorization: `Bearer ${token}` }),
        ...(key && { "idempotency-key": key }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      ms: performance.now() - started,
      headers: res.headers,
      // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
      body: (text ? JSON.parse(text) : null) as any,
    };
  };

  /** A user owning a new organisation: the organisation's id and a session token in it. */
  const openOrganisation = async (name: string) => {
    const email = `${randomUUID()}@exemple.fr`;
    const login = async () => {
      // Stored, but a read model was slower than the budget (a loaded machine): once it caught up, a
      // login opens a session (in the user's one organisation, if any).
      await ctx.runner.drain();
      return call("POST", "/login", undefined, { email, password: "motdepasse1" });
    };
    let user = await call("POST", "/register", undefined, { email, password: "motdepasse1", name });
    if (user.status === 202) user = await login();
    let created = await call("POST", "/user/orgs", user.body.token, { name, siren: "732829320" });
    if (created.status === 202) created = await login();
    expect(created.body.user.org.name).toBe(name);
    return { id: created.body.user.org.id as string, token: created.body.token as string };
  };

  const entry = (label: string) => ({
    journal: "OD",
    date: "2026-01-05",
    pieceRef: label.slice(0, 20),
    pieceDate: "2026-01-05",
    label,
    lines: [
      { account: "512000", auxiliary: null, debit: 1250, credit: 0 },
      { account: "471000", auxiliary: null, debit: 0, credit: 1250 },
    ],
  });

  const restart = async (runner = createProjectionRunner(ctx.database, ctx.store, projectorsWith(flags))) => {
    await ctx.runner.stop();
    ctx = { ...ctx, runner };
    await runner.start();
    app = createApp(ctx);
  };

  beforeAll(async () => {
    const base = await openContext({}, await openTestDatabase(kind));
    ctx = { ...base, clock: () => now };
    await restart();
    await registerUser(
      ctx,
      { email: "admin@registre.fr", password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: randomUUID(), at: now.toISOString() },
    );
    await ctx.runner.drain();
    admin = (await call("POST", "/login", undefined, { email: "admin@registre.fr", password: "motdepasse1" }))
      .body.token;
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  it("keeps the other organisations going, answers 202 to the failed one within 2 s, and resumes it after the fix", async () => {
    const a = await openOrganisation("Atelier A");
    const b = await openOrganisation("Boutique B");
    // An event the ledger cannot apply, appended straight to A's log (the API would refuse it).
    const poisoned = await appendPoisonedEntry(ctx.store, a.id, now);
    const position = poisoned.checkpoint?.position;

    // B works: 201 at once, and its read model moves.
    const created = await call("POST", "/accounting/entries", b.token, entry("vente B"));
    expect(created.status).toBe(201);
    expect(created.ms).toBeLessThan(2000);
    const listB = await call("GET", "/accounting/entries", b.token);
    expect(listB.body.items.map((i: { label: string }) => i.label)).toContain("vente B");

    // Health: degraded, A at the event it failed on; its name and the error for a platform admin only.
    const health = await call("GET", "/health");
    expect(health.body.status).toBe("degraded");
    const ledger = health.body.projections.find((p: { name: string }) => p.name === "ledger");
    expect(ledger.failures).toEqual([{ orgId: a.id, position }]);
    const adminHealth = await call("GET", "/health", admin);
    const adminLedger = adminHealth.body.projections.find((p: { name: string }) => p.name === "ledger");
    expect(adminLedger.failures).toEqual([
      { orgId: a.id, position, name: "Atelier A", error: expect.stringMatching(/bigint/i) },
    ]);
    const platform = await call("GET", "/registre/projections", admin);
    expect(platform.status).toBe(200);
    expect(platform.body.status).toBe("degraded");
    expect(platform.body.items.find((i: { name: string }) => i.name === "ledger").failures[0]).toMatchObject({
      orgId: a.id,
      name: "Atelier A",
      position,
    });
    expect((await call("GET", "/registre/projections", a.token)).status).toBe(403);

    // A's command is stored, and answered "not yet visible" at once rather than a 404 after 5 s.
    const before = (await ctx.store.readOrganisation(a.id)).length;
    const held = await call("POST", "/accounting/entries", a.token, entry("achat A"));
    expect(held.status).toBe(202);
    expect(held.ms).toBeLessThan(2000);
    expect(held.body).toEqual({
      code: "command.notYetVisible",
      detail: expect.stringContaining("not visible yet"),
    });
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    const afterEvents = await ctx.store.readOrganisation(a.id);
    expect(afterEvents.length).toBe(before + 1);
    expect(afterEvents.at(-1)).toMatchObject({ type: "EntryDrafted" });
    // Two commands in one request (draft, then validate): still one 202 at the end.
    const validated = await call("POST", "/accounting/entries", a.token, {
      ...entry("achat A2"),
      validate: true,
    });
    expect(validated.status).toBe(202);
    expect(validated.ms).toBeLessThan(2000);

    // A restart does not heal it; B is still fine.
    await restart();
    const again = await call("GET", "/health");
    expect(again.body.projections.find((p: { name: string }) => p.name === "ledger").failures).toEqual([
      { orgId: a.id, position },
    ]);
    expect((await call("POST", "/accounting/entries", b.token, entry("vente B2"))).status).toBe(201);

    // The fix is deployed; a platform administrator resumes A: its held events are applied, in order.
    flags.fixed = true;
    const resumed = await call("POST", "/registre/projections/ledger/resume", admin, { orgId: a.id });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ resumed: [a.id], failed: [] });
    const history = await call("POST", "/registre/projections/ledger-history/resume", admin, { orgId: a.id });
    expect(history.body).toEqual({ resumed: [a.id], failed: [] });
    expect((await call("GET", "/health")).body.status).toBe("ok");
    const listA = await call("GET", "/accounting/entries", a.token);
    expect(listA.body.items.map((i: { label: string }) => i.label).sort()).toEqual(
      ["achat A", "achat A2", "Ancien format"].sort(),
    );
    // A works again: its command is no longer held (a stopped read model answers 202 with Retry-After 30:
    // the resume tells read-your-writes at once, not at the loop's next step); under a loaded machine it
    // may lag past the 1.5 s budget (202, Retry-After 1), and shows once caught up.
    const again3 = await call("POST", "/accounting/entries", a.token, entry("achat A3"));
    if (again3.status !== 201) expect([again3.status, again3.headers.get("retry-after")]).toEqual([202, "1"]);
    await ctx.runner.drain();
    expect(
      (await call("GET", "/accounting/entries", a.token)).body.items.map((i: { label: string }) => i.label),
    ).toContain("achat A3");

    // A rebuild equals the live read model row for row.
    const snapshot = async () =>
      Promise.all(
        ["entries", "ledger_lines", "account_balances", "account_day_balances"].map(
          async (t) =>
            (
              await sql`select * from ${sql.table(t)} where org_id in (${a.id}, ${b.id}) order by 1, 2, 3, 4`.execute(
                ctx.database.db,
              )
            ).rows,
        ),
      );
    const live = await snapshot();
    const rebuilt = await ctx.runner.rebuild("ledger");
    expect(rebuilt.failures).toBe(0);
    expect(await snapshot()).toEqual(live);
  });

  it("answers 202 within 2 s when a read model lags, and the command shows once it catches up", async () => {
    const c = await openOrganisation("Comptoir C");
    // Nothing projects while the runner is stopped: the ledger lags behind the command.
    await ctx.runner.stop();
    const key = randomUUID();
    const lagging = await call("POST", "/accounting/entries", c.token, entry("en retard"), key);
    expect(lagging.status).toBe(202);
    expect(lagging.ms).toBeLessThan(2000);
    expect(lagging.headers.get("retry-after")).toBe("1");
    expect((await ctx.store.readOrganisation(c.id)).at(-1)).toMatchObject({ type: "EntryDrafted" });
    await ctx.runner.start();
    await ctx.runner.drain();
    const list = await call("GET", "/accounting/entries", c.token);
    expect(list.body.items.map((i: { label: string }) => i.label)).toEqual(["en retard"]);
    // Retried with its key, as Retry-After says: the entry, stored once — not the route's 404 of a row
    // not projected at the first attempt, kept as the key's answer.
    const retried = await call("POST", "/accounting/entries", c.token, entry("en retard"), key);
    expect([retried.status, retried.body.label]).toEqual([201, "en retard"]);
    expect((await ctx.store.readOrganisation(c.id)).filter((e) => e.type === "EntryDrafted")).toHaveLength(1);
  });

  it("answers a retry 202 again while its read models still lag, never the 404 of a row not projected", async () => {
    const c = await openOrganisation("Comptoir D");
    await ctx.runner.stop();
    const key = randomUUID();
    const body = { kind: "company", name: "Client en attente", types: ["customer"] };
    const first = await call("POST", "/contacts", c.token, body, key);
    expect(first.status).toBe(202);
    // The client retries as Retry-After says, the contacts' read model still behind: the retry waits for it
    // as the first attempt did (without, it answered at once and its route found no contact: 404).
    const retried = await call("POST", "/contacts", c.token, body, key);
    expect([retried.status, retried.body.code]).toEqual([202, "command.notYetVisible"]);
    await ctx.runner.start();
    await ctx.runner.drain();
    const shown = await call("POST", "/contacts", c.token, body, key);
    expect([shown.status, shown.body.name]).toEqual([201, "Client en attente"]);
    expect((await ctx.store.readOrganisation(c.id)).filter((e) => e.type === "ContactCreated")).toHaveLength(
      1,
    );
  });

  it("answers a retried DELETE once the read models show the deletion, 202 while they lag", async () => {
    const c = await openOrganisation("Comptoir E");
    const created = await call("POST", "/contacts", c.token, {
      kind: "company",
      name: "Ancien client",
      types: ["customer"],
    });
    expect(created.status).toBe(201);
    await ctx.runner.stop();
    const key = randomUUID();
    const first = await call("DELETE", `/contacts/${created.body.id}`, c.token, undefined, key);
    expect(first.status).toBe(202);
    // Retried while the contacts' read model still lists the contact: not yet 204.
    const retried = await call("DELETE", `/contacts/${created.body.id}`, c.token, undefined, key);
    expect([retried.status, retried.body?.code]).toEqual([202, "command.notYetVisible"]);
    await ctx.runner.start();
    await ctx.runner.drain();
    expect((await call("DELETE", `/contacts/${created.body.id}`, c.token, undefined, key)).status).toBe(204);
    expect((await call("GET", `/contacts/${created.body.id}`, c.token)).status).toBe(404);
  });

  it("documents 202 on every command route and 503 on every route", async () => {
    const doc = (await call("GET", "/openapi.json")).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operations = Object.values(doc.paths).flatMap((ops) => Object.entries(ops));
    expect(operations.length).toBeGreaterThan(10);
    for (const [method, op] of operations) {
      expect(op.responses["503"]).toBeDefined();
      if (method !== "get") expect(op.responses["202"]).toBeDefined();
    }
  });
});
