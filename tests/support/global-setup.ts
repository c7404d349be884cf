import { migrateToLatest, openDatabase } from "@registre/store";
import type { TestProject } from "vitest/node";
import { adminUrl, createDatabase, dropDatabases, urlFor } from "./postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database on the Postgres server that each test database is copied from. */
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

/**
 * Every test run gets databases of its own on the Postgres server, named after the run, so runs
 * never collide: one migrated template, then a copy per test database (tests/support/databases.ts).
 */
export default async function setup(project: TestProject) {
  const run = `registre_t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const template = `${run}_template`;
  try {
    await createDatabase(template);
  } catch (error) {
    throw new Error(
      `Tests need the PostgreSQL server at ${adminUrl()} (set DATABASE_URL, or start the local one with ` +
        `'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'): ${String(error)}`,
    );
  }
  const database = await openDatabase({ url: urlFor(adminUrl(), template), maxConnections: 1 });
  await migrateToLatest(database.db);
  await database.close();
  project.provide("pgTemplate", template);
  project.provide("pgAdminUrl", adminUrl());
  return async () => {
    await dropDatabases(run);
  };
}
