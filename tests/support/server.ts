import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppContext, type Environment, startServer } from "@registre/api";
import type { DatabaseKind } from "@registre/store";
import { openDatabase } from "@registre/store";
import { inject } from "vitest";
import { openPgliteCopy, openTestDatabase, type TestDatabase } from "./databases.ts";

export type TestServer = {
  readonly url: string;
  /** The server's own data folder (its mail outbox and files), removed on close; with `dataDir` only. */
  readonly dataDir: string | undefined;
  /** The server's own context (its database, event store and runner), for tests that reach behind the API. */
  readonly ctx: AppContext;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The run's PGlite folder with the demo seeded as a server seeds it on its first start (reference
 * data, the demo login and organisation, its books, items and documents; read models caught up),
 * made once per run by the first suite that needs it while the others wait: seeding costs seconds
 * of CPU, a copy a fraction of one. A server started on a copy finds the demo there and seeds nothing.
 */
const seededDemoFolder = async (template: string): Promise<string> => {
  const folder = join(template, "..", "demo");
  const done = join(template, "..", "demo.done");
  const lock = join(template, "..", "demo.lock");
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (existsSync(done)) return folder;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A stale lock (a worker killed while seeding) is taken over after two minutes.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error("timed out waiting for the seeded demo database");
      await sleep(200);
    }
  }
  try {
    if (existsSync(done)) return folder;
    rmSync(folder, { recursive: true, force: true });
    cpSync(template, folder, { recursive: true });
    const server = await startServer({
      database: await openDatabase({ dataDir: folder }),
      port: 0,
      host: "127.0.0.1",
      seed: true,
    });
    await server.ctx.runner.drain();
    await server.close();
    mkdirSync(done);
    return folder;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/**
 * A real Registre server on a free port over a fresh test database (PGlite by default), serving
 * the built web app; for browser tests. With `seed`, the demo organisation and the demo login exist
 * (on PGlite, a copy of the run's seeded demo database); with `dataDir`, mail and files go to a
 * temporary folder of its own.
 */
export const startTestServer = async (
  kind: DatabaseKind = "pglite",
  options: { seed?: boolean; dataDir?: boolean; env?: Partial<Environment> } = {},
): Promise<TestServer> => {
  const template = kind === "pglite" && options.seed ? inject("pgliteTemplate") : undefined;
  const database: TestDatabase = template
    ? await openPgliteCopy(await seededDemoFolder(template))
    : await openTestDatabase(kind);
  const dataDir = options.dataDir ? mkdtempSync(join(tmpdir(), "registre-e2e-")) : undefined;
  const server = await startServer({
    ...options.env,
    database,
    dataDir,
    port: 0,
    host: "127.0.0.1",
    seed: options.seed ?? false,
  });
  return {
    url: server.url,
    dataDir,
    ctx: server.ctx,
    close: async () => {
      await server.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
