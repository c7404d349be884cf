import { randomUUID } from "node:crypto";
import { type RunningServer, startServer } from "@registre/api";
import { openDatabase, verifyAudit } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnCluster, startOwnCluster } from "./support/own-cluster.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number | "network"; ms: number; retryAfter: string | null; code?: string };

/**
 * A PostgreSQL server restarted under a load of commands (PostgreSQL only: a cluster of the test's
 * own). The process lives on, every answer is 2xx, 202 or 503 (with Retry-After, quickly), every
 * command is stored once, the chains verify, and the runner and its LISTEN come back by themselves.
 */
describe("a PostgreSQL restart under load", () => {
  let cluster: OwnCluster;
  let server: RunningServer;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  const logs: string[] = [];

  beforeAll(async () => {
    process.on("uncaughtException", onCrash);
    process.on("unhandledRejection", onCrash);
    cluster = await startOwnCluster();
    server = await startServer({
      databaseUrl: cluster.url,
      port: 0,
      host: "127.0.0.1",
      seed: false,
      // Production's budget (the suite's is longer, see vitest.config.ts): a command whose read models
      // the restart holds back answers 202 after it, within the bound on every answer below.
      readModelWaitMs: 1500,
      log: (line) => logs.push(line),
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await cluster?.stop();
    process.off("uncaughtException", onCrash);
    process.off("unhandledRejection", onCrash);
  });

  const send = async (method: string, path: string, token?: string, body?: unknown, key?: string) => {
    const started = performance.now();
    try {
      const res = await fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token && { authorization: `Bearer ${token}` }),
          ...(key && { "idempotency-key": key }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      const json = text && /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(text) : null;
      return {
        status: res.status,
        ms: performance.now() - started,
        retryAfter: res.headers.get("retry-after"),
        contentType: res.headers.get("content-type") ?? "",
        // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
        body: json as any,
      };
    } catch {
      return {
        status: "network" as const,
        ms: performance.now() - started,
        retryAfter: null,
        contentType: "",
        body: null,
      };
    }
  };

  /** Set once the load is over or has failed: the clients still running give up (and the server can close). */
  let stopped = false;

  /** Sends until the answer is definitive (2xx); 202, 503, 409 in progress and network errors are retried with the same key. */
  const definitive = async (
    answers: Answer[],
    method: string,
    path: string,
    token: string,
    body: unknown,
  ) => {
    const key = randomUUID();
    for (;;) {
      if (stopped) throw new Error("the load stopped: another client failed");
      const res = await send(method, path, token, body, key);
      answers.push({ status: res.status, ms: res.ms, retryAfter: res.retryAfter, code: res.body?.code });
      if (res.status === 503) {
        expect(res.contentType).toContain("application/problem+json");
        expect(res.body.code).toBe("service.unavailable");
      }
      if (typeof res.status === "number" && res.status >= 200 && res.status < 300 && res.status !== 202)
        return res;
      // 409 `idempotency.inProgress` (the first attempt's record is not settled yet) is retried too,
      // as its Retry-After says and as the web client does.
      const inProgress = res.status === 409 && res.body?.code === "idempotency.inProgress";
      if (res.status !== 202 && res.status !== 503 && res.status !== "network" && !inProgress) return res;
      // A hurried client: it asks again sooner than Retry-After says, so that the outage is hit often.
      await sleep(100);
    }
  };

  it("costs 503s while it lasts, then everything recovers by itself; nothing lost, nothing twice", async () => {
    const setup: Answer[] = [];
    // One organisation per client: the commands of one organisation's chart would only race each other.
    const clients = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const email = `charge.${i}.${randomUUID()}@exemple.fr`;
        const user = await definitive(setup, "POST", "/register", "", {
          email,
          password: "motdepasse1",
          name: `Client ${i}`,
        });
        const org = await definitive(setup, "POST", "/user/orgs", user.body.token, {
          name: `Charge ${i}`,
          siren: "732829320",
        });
        return { token: org.body.token as string, orgId: org.body.user.org.id as string };
      }),
    );

    const answers: Answer[] = [];
    const created = new Map<string, string[]>();
    let restarted = false;
    let sent = 0;
    const perClient = 24;
    const load = clients.map(async (client, c) => {
      const numbers: string[] = [];
      created.set(client.orgId, numbers);
      // At least `perClient` commands each, and on until the server is back: commands are fast enough
      // that a fixed count could all be answered before the fast shutdown lands.
      for (let i = 0; i < perClient || (!restarted && i < 2000); i++) {
        const number = `C${c}X${String(i).padStart(3, "0")}`;
        const res = await definitive(answers, "POST", "/accounting/accounts", client.token, {
          number,
          label: `Client ${number}`,
          control: "411000",
        });
        expect([res.status, res.body?.code]).toEqual([201, undefined]);
        numbers.push(number);
        sent++;
      }
    });
    // The restart lands in the middle of the load. While the server is down, a command of one's own:
    // whether the load's requests meet the outage depends on timing, this one meets it for sure.
    let whileDown: Awaited<ReturnType<typeof send>> | undefined;
    const restart = (async () => {
      while (sent < (clients.length * perClient) / 3) await sleep(20);
      // Fast shutdown (every session terminated), a second without a server, started again.
      await cluster.restart(1000, async () => {
        whileDown = await send("POST", "/accounting/accounts", clients[0]?.token, {
          number: "CDOWN",
          label: "Pendant la coupure",
          control: "411000",
        });
      });
      restarted = true;
    })();
    // A client that fails stops the others rather than leave them retrying against a closing server.
    await Promise.all([...load, restart]).finally(() => {
      stopped = true;
    });
    expect(restarted).toBe(true);

    // Never a 500, never a hang: 201, 202 (not visible yet), 503 (with Retry-After) or a cut connection.
    expect(
      answers
        .filter((a) => a.status !== 201 && a.status !== 202 && a.status !== 503 && a.status !== "network")
        .filter((a) => !(a.status === 409 && a.code === "idempotency.inProgress")),
    ).toEqual([]);
    // The outage costs a 503 with Retry-After, at once (problem+json), and the command is not stored.
    expect([whileDown?.status, whileDown?.body?.code]).toEqual([503, "service.unavailable"]);
    expect(whileDown?.contentType).toContain("application/problem+json");
    expect(Number(whileDown?.retryAfter)).toBeGreaterThan(0);
    expect(whileDown?.ms).toBeLessThan(5000);
    for (const a of answers.filter((x) => x.status === 503)) expect(Number(a.retryAfter)).toBeGreaterThan(0);
    // Never a hang: every wait of the server is bounded — a statement's connection tried twice at most
    // (CONNECT_TIMEOUT_SECONDS, 2 s each), then the read models' budget (1.5 s) — about 5.5 s at worst,
    // more under the suite's load (5.9 s seen in CI); a hung request would reach the client's 15 s.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
    expect(crashes).toEqual([]);

    // Every command stored exactly once, and the chains verify.
    const database = await openDatabase({ url: cluster.url, maxConnections: 2 });
    try {
      for (const [orgId, numbers] of created) {
        const { rows } = await sql<{ number: string; n: number }>`
          select data::jsonb ->> 'number' as number, count(*)::int as n from events
          where org_id = ${orgId}::uuid and type = 'AccountCreated'
          group by 1 order by 1`.execute(database.db);
        // CDOWN, refused while the server was down, is not among them.
        expect(rows).toEqual(numbers.map((number) => ({ number, n: 1 })));
      }
      const audit = await verifyAudit(database);
      expect(audit.findings).toEqual([]);
      expect(audit.organisations).toBeGreaterThanOrEqual(clients.length);

      // The LISTEN connection is back (postgres.js listens again on a new session).
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where application_name = 'registre' and query ilike 'listen%'`.execute(database.db);
        if ((rows[0]?.n ?? 0) > 0) break;
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(100);
      }
    } finally {
      await database.close();
    }

    // The runner is back: a command is visible through its read model at once, and health is ok.
    const [first] = clients;
    const after = await send("POST", "/accounting/accounts", first?.token, {
      number: "CAPRES",
      label: "Après",
      control: "411000",
    });
    expect(after.status).toBe(201);
    expect(after.ms).toBeLessThan(2000);
    const health = await send("GET", "/health");
    expect(health.body.status).toBe("ok");
    expect(health.body.projections.every((p: { lag: number }) => p.lag >= 0)).toBe(true);
    // The runner tells when it found the database gone (only if it queried during the outage: between
    // its polls, a caught-up runner has nothing to ask), and then always when it is back.
    const lost = logs.findLastIndex((line) => line.startsWith("database unreachable"));
    if (lost >= 0)
      expect(logs.slice(lost).some((line) => line.startsWith("database reachable again"))).toBe(true);
  }, 60_000);
});
