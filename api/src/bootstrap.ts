import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { allProjectors, createProjectionRunner } from "@registre/projections";
import { createEventStore, type Database, migrateToLatest, openDatabase } from "@registre/store";
import type { AppContext, IdentityServices } from "./context.ts";
import { createRateLimiter } from "./http/rate-limit.ts";
import { createMailer } from "./mail/mailer.ts";

export type Environment = {
  /** postgres://… — a Postgres server; unset: the embedded PGlite database under `dataDir`. */
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly log?: ((line: string) => void) | undefined;
  /** smtp://… to send e-mail; unset: each message is written as an .eml file in DATA_DIR/outbox. */
  readonly smtpUrl?: string | undefined;
  /** Where links in e-mails point. */
  readonly publicUrl?: string | undefined;
};

/** The environment as the README documents it: DATABASE_URL, DATA_DIR (default ./data). */
export const environmentFromProcess = (): Environment => ({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || "./data",
  smtpUrl: process.env.SMTP_URL || undefined,
  publicUrl: process.env.PUBLIC_URL || undefined,
});

const MINUTE = 60_000;

/** The data folder for files and mail: DATA_DIR, or ./data when the database is in memory or on a server. */
const dataFolder = (env: Environment): string =>
  env.dataDir && !env.dataDir.startsWith("memory://") ? env.dataDir : "./data";

/**
 * Mail and the limiters: 10 sign-in attempts per 15 minutes per address and 100 per IP, then 15 minutes
 * locked; 5 renewal requests per hour per address.
 */
export const identityServices = (env: Environment): IdentityServices => ({
  mailer: createMailer({
    smtpUrl: env.smtpUrl,
    outboxDir: `${dataFolder(env)}/outbox`,
    from: "Registre <no-reply@registre.local>",
  }),
  loginLimiter: createRateLimiter({ max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE }),
  ipLimiter: createRateLimiter({ max: 100, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE }),
  renewLimiter: createRateLimiter({ max: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE }),
  publicUrl: env.publicUrl ?? "http://localhost:3000",
});

export const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Opens and migrates the database, and wires the event store and the projection runner. */
export const openContext = async (env: Environment, database?: Database): Promise<AppContext> => {
  const db =
    database ??
    (await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir ? `${env.dataDir}/db` : undefined }));
  await migrateToLatest(db.db, env.log);
  const store = createEventStore(db);
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const runner = createProjectionRunner(db, store, allProjectors, {
    onError: (name, error, orgId) =>
      env.log?.(
        orgId
          ? `projection ${name} stopped for organisation ${orgId} (the others go on): ${message(error)}`
          : `projection ${name}: ${message(error)}`,
      ),
    onDatabase: (state, error) =>
      env.log?.(
        state === "lost"
          ? `database unreachable, projections retry with backoff: ${message(error)}`
          : "database reachable again, projections resumed",
      ),
  });
  return {
    database: db,
    store,
    runner,
    clock: () => new Date(),
    newId: randomUUID,
    identity: identityServices(env),
    filesDir: `${dataFolder(env)}/files`,
  };
};
