import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "./support/databases.ts";

const bin = fileURLToPath(new URL("../api/bin/registre.js", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `registre serve` stopped by SIGTERM with a request in flight: it stops accepting, lets the request
 * finish, stops the projections, closes the database and exits 0. The request is held in flight by
 * the organisation's advisory lock, taken here (PostgreSQL only: PGlite has one connection).
 */
describe("registre serve on SIGTERM", () => {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "registre-serve-"));
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `registre serve` on a fresh PostgreSQL database, with a signed-up owner of one organisation. */
  const startServe = async (env: Record<string, string> = {}) => {
    const database = await openTestDatabase("postgres");
    const url = database.url as string;
    await database.close();
    const serve = spawn(process.execPath, [bin, "serve", "-p", "0"], {
      // Without the demo's local approved platform (its fixed port, its seeding): not what is tested here.
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, REGISTRE_EINVOICING: "off", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(serve);
    const out = { text: "" };
    serve.stdout?.on("data", (chunk) => {
      out.text += String(chunk);
    });
    serve.stderr?.on("data", (chunk) => {
      out.text += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => serve.once("exit", (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    let base = "";
    while (!base) {
      base = /Registre is running on (http:\/\/\S+)/.exec(out.text)?.[1] ?? "";
      if (Date.now() > deadline || serve.exitCode !== null)
        throw new Error(`serve did not start:\n${out.text}`);
      await sleep(50);
    }
    const api = async (path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base}/api${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
      return { status: res.status, body: (await res.json()) as any };
    };
    const user = await api("/register", undefined, {
      email: `${randomUUID()}@exemple.fr`,
      password: "motdepasse1",
      name: "Arrêt",
    });
    const org = await api("/user/orgs", user.body.token, { name: "Arrêt propre", siren: "732829320" });
    expect(org.status).toBe(201);
    const orgId = org.body.user.org.id as string;
    // The organisation's lock, as a session lock: its appends wait (no transaction held open here).
    const locker = postgres(url, { max: 1, onnotice: () => {} });
    const lock = () => locker`select pg_advisory_lock(hashtextextended(${orgId}::text, 0))`;
    const unlock = () => locker`select pg_advisory_unlock(hashtextextended(${orgId}::text, 0))`;
    const command = () =>
      api("/accounting/accounts", org.body.token, { number: "CARRET", label: "En vol", control: "411000" });
    return { serve, out, exited, base, locker, lock, unlock, command };
  };

  it("drains the request in flight, then exits 0", async () => {
    const { serve, out, exited, base, locker, lock, unlock, command } = await startServe();
    await lock();
    try {
      const inFlight = command();
      await sleep(300);
      serve.kill("SIGTERM");
      await sleep(500);
      // Still running for the request in flight, but no longer accepting.
      expect(serve.exitCode).toBeNull();
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      await unlock();
      const answer = await inFlight;
      expect(answer.status).toBe(201);
      expect(answer.body.number).toBe("CARRET");
    } finally {
      await locker.end();
    }
    expect(await exited).toBe(0);
    expect(out.text).toContain("SIGTERM: stopping");
    expect(out.text).toContain("stopped");
  }, 90_000);

  it("cuts a request that outlasts the grace period, and still exits 0", async () => {
    const { serve, out, exited, locker, lock, unlock, command } = await startServe({
      SHUTDOWN_GRACE_MS: "500",
    });
    await lock();
    try {
      const inFlight = command().then(
        () => "answered",
        () => "cut",
      );
      await sleep(300);
      const signalled = performance.now();
      serve.kill("SIGTERM");
      expect(await inFlight).toBe("cut");
      expect(await exited).toBe(0);
      // The grace period, then at most the database's own close timeout (5 s) for the blocked statement.
      expect(performance.now() - signalled).toBeLessThan(8000);
      expect(out.text).toContain("stopped");
    } finally {
      await unlock().catch(() => {});
      await locker.end();
    }
  }, 90_000);
});
