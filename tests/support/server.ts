import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppContext, type Environment, startServer } from "@registre/api";
import { type Database, type DatabaseKind, openDatabase } from "@registre/store";
import { inject } from "vitest";
import { openPgliteCopy, openTestDatabase, type TestDatabase } from "./databases.ts";
import { createDatabase, urlFor } from "./postgres-admin.ts";

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
 * Makes something once per run, by the first worker that needs it while the others wait (a lock folder
 * beside the run's PGlite template; `done` marks it made): seeding costs seconds of CPU, a copy a fraction
 * of one.
 */
const oncePerRun = async (runFolder: string, name: string, make: () => Promise<void>): Promise<void> => {
  const done = join(runFolder, `${name}.done`);
  const lock = join(runFolder, `${name}.lock`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (existsSync(done)) return;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A stale lock (a worker killed while seeding) is taken over after two minutes.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for the run's ${name}`);
      await sleep(200);
    }
  }
  try {
    if (existsSync(done)) return;
    await make();
    mkdirSync(done);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/** Seeds the demo into a database as a server seeds it on its first start, read models caught up. */
const seedDemo = async (database: Database): Promise<void> => {
  const server = await startServer({ database, port: 0, host: "127.0.0.1", seed: true });
  await server.ctx.runner.drain();
  await server.close();
};

/**
 * The run's PGlite folder with the demo seeded (reference data, the demo login and organisation, its
 * books, items and documents; read models caught up), made once per run. A server started on a copy
 * finds the demo there and seeds nothing.
 */
const seededDemoFolder = async (template: string): Promise<string> => {
  const folder = join(template, "..", "demo");
  await oncePerRun(join(template, ".."), "demo", async () => {
    rmSync(folder, { recursive: true, force: true });
    cpSync(template, folder, { recursive: true });
    await seedDemo(await openDatabase({ dataDir: folder }));
  });
  return folder;
};

/** The same on the PostgreSQL server: a database of the run with the demo seeded, copied as a template. */
const seededDemoTemplate = async (): Promise<string> => {
  const template = inject("pgTemplate");
  const demo = `${template.replace(/_template$/, "")}_demo`;
  await oncePerRun(join(inject("pgliteTemplate"), ".."), "pg-demo", async () => {
    await createDatabase(demo, template);
    await seedDemo(await openDatabase({ url: urlFor(inject("pgAdminUrl"), demo), maxConnections: 4 }));
  });
  return demo;
};

let copies = 0;

/** A fresh database with the demo seeded: a copy of the run's seeded demo, on PGlite or on the server. */
const openSeededDemo = async (kind: DatabaseKind): Promise<TestDatabase> => {
  if (kind === "pglite") return openPgliteCopy(await seededDemoFolder(inject("pgliteTemplate")));
  const demo = await seededDemoTemplate();
  const name = `${demo}_${process.pid}_${++copies}`;
  await createDatabase(name, demo);
  const url = urlFor(inject("pgAdminUrl"), name);
  return { ...(await openDatabase({ url })), url };
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
  const database: TestDatabase = options.seed ? await openSeededDemo(kind) : await openTestDatabase(kind);
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
