import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { allProjectors, createProjectionRunner } from "@registre/projections";
import { createEventStore, type Database, migrateToLatest, openDatabase } from "@registre/store";
import type { AppContext } from "./context.ts";

export type Environment = {
  /** postgres://… — a Postgres server; unset: the embedded PGlite database under `dataDir`. */
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly log?: ((line: string) => void) | undefined;
};

/** The environment as the README documents it: DATABASE_URL, DATA_DIR (default ./data). */
export const environmentFromProcess = (): Environment => ({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || "./data",
});

export const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Opens and migrates the database, and wires the event store and the projection runner. */
export const openContext = async (env: Environment, database?: Database): Promise<AppContext> => {
  const db =
    database ??
    (await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir ? `${env.dataDir}/db` : undefined }));
  await migrateToLatest(db.db, env.log);
  const store = createEventStore(db);
  const runner = createProjectionRunner(db, store, allProjectors, {
    onError: (name, error) =>
      env.log?.(`projection ${name} stopped: ${error instanceof Error ? error.message : String(error)}`),
  });
  return { database: db, store, runner, clock: () => new Date(), newId: randomUUID };
};
