import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSchedule, type Reactor, reactionId } from "@registre/projections";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { registerUser } from "../identity/users.ts";

/**
 * What the platform administrator sees of the background work: the schedule's jobs, and a reactor failing
 * for an organisation beside the read models (its tries, when it tries again), resumed from the screen.
 */
describe.each(databaseKinds)("the platform's view of reactors and the schedule on %s", (kind) => {
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let member: string;
  let orgId: string;
  /** The welcome mail of a new organisation: the mail server refuses it while `refusing`. */
  let refusing = true;
  const welcomed: string[] = [];
  const welcome = (self: () => AppContext): Reactor => ({
    name: "welcome_mail",
    handles: ["OrganisationCreated"],
    react: async (events) => {
      for (const e of events) {
        if (refusing) throw new Error("550 mailbox unavailable");
        const { messageId } = await self().identity.mailer.send({
          to: `bienvenue.${kind}@registre.fr`,
          subject: `Bienvenue (${reactionId("welcome_mail", e)})`,
          text: "Bienvenue sur Registre.",
        });
        welcomed.push(messageId);
      }
    },
  });
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await app.request(`/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    ctx = await openContext(
      { dataDir: mkdtempSync(join(tmpdir(), "registre-reactors-")) },
      await openTestDatabase(kind),
      // A reactor from the log's start, so that it meets the organisation created below.
      // Its next try an hour away: the test resumes it by hand.
      {
        reactors: (self) => [{ ...welcome(self), from: "start" }],
        reactorRetryMs: { first: 3_600_000, max: 3_600_000 },
      },
    );
    await ctx.runner.start();
    app = createApp(ctx);
    const at = () => ({ commandId: crypto.randomUUID(), at: new Date().toISOString() });
    await registerUser(
      ctx,
      { email: `root.${kind}@registre.fr`, password: "motdepasse1", name: "Root", platformAdmin: true },
      at(),
    );
    await ctx.runner.drain();
    const login = async (email: string) =>
      (
        await app.request("/api/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "motdepasse1" }),
        })
      ).json() as Promise<{ token: string }>;
    admin = (await login(`root.${kind}@registre.fr`)).token;
    const registered = await (
      await app.request("/api/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `jeanne.${kind}@registre.fr`,
          password: "motdepasse1",
          name: "Jeanne",
        }),
      })
    ).json();
    const org = await call("POST", "/user/orgs", registered.token, {
      name: "Atelier Jeanne",
      siren: "552120222",
    });
    member = org.body.token;
    orgId = org.body.user.org.id;
    await ctx.runner.drain();
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  it("shows a reactor failing for an organisation like a stopped read model, and resumes it", async () => {
    const list = await call("GET", "/registre/projections", admin);
    expect(list.status).toBe(200);
    expect(list.body.status).toBe("degraded");
    const reactor = list.body.items.find((i: { name: string }) => i.name === "welcome_mail");
    expect(reactor).toMatchObject({
      kind: "reactor",
      status: "degraded",
      failures: [{ orgId, name: "Atelier Jeanne", attempts: 1, error: "550 mailbox unavailable" }],
    });
    expect(Date.parse(reactor.failures[0].retryAt)).toBeGreaterThan(Date.parse(reactor.failures[0].failedAt));
    expect(list.body.items.find((i: { name: string }) => i.name === "ledger")).toMatchObject({
      kind: "projector",
    });
    const health = await (await app.request("/api/health")).json();
    expect(health.status).toBe("degraded");
    expect(health.projections.find((p: { name: string }) => p.name === "welcome_mail")).toMatchObject({
      kind: "reactor",
      failures: [{ orgId }],
    });

    refusing = false;
    const resumed = await call("POST", "/registre/projections/welcome_mail/resume", admin, { orgId });
    expect(resumed).toMatchObject({ status: 200, body: { resumed: [orgId], failed: [] } });
    expect(welcomed).toHaveLength(1);
    const after = await call("GET", "/registre/projections", admin);
    expect(after.body.items.find((i: { name: string }) => i.name === "welcome_mail")).toMatchObject({
      status: "running",
      failures: [],
    });
  });

  it("lists the schedule's jobs, their last run and their next, to the platform administrator only", async () => {
    let now = new Date("2026-11-30T08:00:00.000Z");
    const schedule = createSchedule(
      ctx.database,
      [
        {
          name: "nightly_check",
          firstRunInMs: 0,
          next: (startedAt) => new Date(startedAt.getTime() + 86_400_000),
          run: async () => "3 organisations checked",
        },
      ],
      { clock: () => now },
    );
    await schedule.register();
    await schedule.tick();
    now = new Date("2026-11-30T08:00:05.000Z");
    const listed = await call("GET", "/registre/schedule", admin);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      {
        name: "nightly_check",
        nextRunAt: "2026-12-01T08:00:00.000Z",
        lastStartedAt: "2026-11-30T08:00:00.000Z",
        lastFinishedAt: "2026-11-30T08:00:00.000Z",
        lastOutcome: "ok",
        lastSummary: "3 organisations checked",
        lastError: null,
        runs: 1,
        failures: 0,
        running: false,
      },
    ]);
    expect((await call("GET", "/registre/schedule", member)).status).toBe(403);
  });
});
