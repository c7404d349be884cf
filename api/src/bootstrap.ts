import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { allProjectors, createProjectionRunner } from "@registre/projections";
import { createEventStore, type Database, migrateToLatest, openDatabase } from "@registre/store";
import type { AppContext, IdentityServices } from "./context.ts";
import { parseTrustProxy } from "./http/client-address.ts";
import { createRateLimits } from "./http/rate-limit.ts";
import { defaultIdentityRules } from "./identity/limits.ts";
import { createMailer } from "./mail/mailer.ts";

/** READ_MODEL_WAIT_MS: how long a command waits for its read models before answering 202. */
const readModelWait = (text: string | undefined): number | undefined => {
  const ms = Number(text);
  return text && Number.isSafeInteger(ms) && ms > 0 ? ms : undefined;
};

export type Environment = {
  /**
   * How long a command waits for its read models before it answers 202 "not yet visible" (1.5 s by
   * default; READ_MODEL_WAIT_MS). The test suite, many files sharing two cores, waits longer.
   */
  readonly readModelWaitMs?: number | undefined;
  /** postgres://… — a Postgres server; unset: the embedded PGlite database under `dataDir`. */
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly log?: ((line: string) => void) | undefined;
  /** smtp://… to send e-mail; unset: each message is written as an .eml file in DATA_DIR/outbox. */
  readonly smtpUrl?: string | undefined;
  /** Where links in e-mails point. */
  readonly publicUrl?: string | undefined;
  /** The platform's address the help and contact forms write to (HELP_EMAIL). */
  readonly helpEmail?: string | undefined;
  /** `off`: this server runs no daily reminders (REMINDERS); another one does, or nobody. */
  readonly reminders?: "on" | "off" | undefined;
  /** The proxies that may tell the client's address: a hop count or addresses/CIDR blocks (README). */
  readonly trustProxy?: string | undefined;
};

/**
 * The environment as the README documents it, read from `variables`: DATABASE_URL, DATA_DIR
 * (default ./data), SMTP_URL, PUBLIC_URL, HELP_EMAIL, REMINDERS, TRUST_PROXY, READ_MODEL_WAIT_MS.
 */
export const environmentFrom = (variables: Readonly<Record<string, string | undefined>>): Environment => ({
  databaseUrl: variables.DATABASE_URL || undefined,
  dataDir: variables.DATA_DIR || "./data",
  smtpUrl: variables.SMTP_URL || undefined,
  publicUrl: variables.PUBLIC_URL || undefined,
  helpEmail: variables.HELP_EMAIL || undefined,
  reminders: variables.REMINDERS === "off" ? "off" : "on",
  trustProxy: variables.TRUST_PROXY || undefined,
  readModelWaitMs: readModelWait(variables.READ_MODEL_WAIT_MS),
});

/** The process's environment (`environmentFrom(process.env)`). */
export const environmentFromProcess = (): Environment => environmentFrom(process.env);

/** The data folder for files and mail: DATA_DIR, or ./data when the database is in memory or on a server. */
const dataFolder = (env: Environment): string =>
  env.dataDir && !env.dataDir.startsWith("memory://") ? env.dataDir : "./data";

/** Mail, the limits (counters in the database: `defaultIdentityRules`), and who may tell the client's address. */
export const identityServices = (env: Environment, database: Database): IdentityServices => ({
  mailer: createMailer({
    smtpUrl: env.smtpUrl,
    outboxDir: `${dataFolder(env)}/outbox`,
    from: "Registre <no-reply@registre.local>",
  }),
  limits: createRateLimits(database),
  rules: defaultIdentityRules,
  trustProxy: parseTrustProxy(env.trustProxy),
  publicUrl: env.publicUrl ?? "http://localhost:3000",
  helpAddress: env.helpEmail ?? "support@registre.local",
});

export const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Opens and migrates the database, and wires the event store and the projection runner. */
export const openContext = async (env: Environment, database?: Database): Promise<AppContext> => {
  // A wrong TRUST_PROXY is refused before anything opens.
  parseTrustProxy(env.trustProxy);
  const db =
    database ??
    (await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir ? `${env.dataDir}/db` : undefined }));
  await migrateToLatest(db.db, env.log);
  const store = createEventStore(db);
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const runner = createProjectionRunner(db, store, allProjectors, {
    waitBudgetMs: env.readModelWaitMs ?? readModelWait(process.env.READ_MODEL_WAIT_MS),
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
    identity: identityServices(env, db),
    filesDir: `${dataFolder(env)}/files`,
  };
};
