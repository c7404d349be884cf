import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allProjectors, createProjectionRunner } from "@registre/projections";
import { createEventStore, type Database, migrateToLatest, openDatabase } from "@registre/store";
import type { TestProject } from "vitest/node";
import { adminUrl, createDatabase, dropDatabases, urlFor } from "./postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database on the Postgres server that each test database is copied from. */
    pgTemplate: string;
    pgAdminUrl: string;
    /** The folder of a migrated PGlite database that each embedded test database is copied from. */
    pgliteTemplate: string;
  }
}

/**
 * Every test run gets databases of its own on the Postgres server, named after the run, so runs
 * never collide: one migrated template, then a copy per test database (tests/support/databases.ts).
 * The same for PGlite: one migrated folder (in memory-backed /dev/shm when there is one), copied
 * per test database: a new PGlite's initdb costs seconds of CPU, a copy a fraction of one.
 */
export default async function setup(project: TestProject) {
  console.log(machineSpeed());
  const run = `registre_t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const template = `${run}_template`;
  const folder = join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), run);
  const pgliteTemplate = join(folder, "template");
  mkdirSync(folder, { recursive: true });
  try {
    await createDatabase(template);
  } catch (error) {
    throw new Error(
      `Tests need the PostgreSQL server at ${adminUrl()} (set DATABASE_URL, or start the local one with ` +
        `'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'): ${String(error)}`,
    );
  }
  const database = await openDatabase({ url: urlFor(adminUrl(), template), maxConnections: 1 });
  await prepareTemplate(database);
  // The PGlite template after, not beside: its initdb holds this process's event loop for seconds,
  // long enough for a PostgreSQL connection attempt opened meanwhile to time out (CONNECT_TIMEOUT,
  // seen on a loaded machine as a run that died before its first test).
  await prepareTemplate(await openDatabase({ dataDir: pgliteTemplate }));
  project.provide("pgTemplate", template);
  project.provide("pgAdminUrl", adminUrl());
  project.provide("pgliteTemplate", pgliteTemplate);
  return async () => {
    await dropDatabases(run);
    rmSync(folder, { recursive: true, force: true });
  };
}

/**
 * How fast this machine's core is, printed at the start of a run: the suite's time is compared across
 * runs and sessions, and the machines it runs on differ (the same commit took 17 and 27 minutes on two
 * of them). 200,000 chained SHA-256 of 32 bytes: about 0.2 s on a quick core.
 */
const machineSpeed = (): string => {
  const started = performance.now();
  let digest = Buffer.alloc(32);
  for (let i = 0; i < 200_000; i++) digest = createHash("sha256").update(digest).digest();
  const ms = performance.now() - started;
  return `registre tests: this machine's core hashes 200,000 × SHA-256 in ${ms.toFixed(0)} ms (${digest.toString("hex").slice(0, 8)})`;
};

/**
 * A template as a server leaves a new database on its first start: migrated, and the read models'
 * tables made at their first generation (the runner's set-up, with no event to project). Made once
 * here, not again in each test database: a few hundred tables and indexes cost about a second of
 * CPU per database, on each of the hundreds a run opens.
 */
const prepareTemplate = async (database: Database) => {
  try {
    await migrateToLatest(database.db);
    await createProjectionRunner(database, createEventStore(database), allProjectors).setup();
  } finally {
    await database.close();
  }
};
