import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import {
  allProjectors,
  createProjectionRunner,
  type Reactor,
  type ReactorRetry,
} from "@registre/projections";
import { createEventStore, type Database, migrateToLatest, openDatabase } from "@registre/store";
import { type BillingSettings, billingSettingsFrom } from "./billing/settings.ts";
import type { AppContext, IdentityServices } from "./context.ts";
import { httpEInvoicingPlatforms } from "./einvoicing/http-adapter.ts";
import { serverSecretKey } from "./einvoicing/sealed.ts";
import { DEFAULT_MAX_FILE_BYTES } from "./files/attachments.ts";
import { openFileStore } from "./files/store.ts";
import { parseTrustProxy } from "./http/client-address.ts";
import { createRateLimits } from "./http/rate-limit.ts";
import { defaultIdentityRules } from "./identity/limits.ts";
import { createMailer } from "./mail/mailer.ts";
import type { EInvoicingPlatforms } from "./ports/index.ts";
import {
  defaultUploadLimits,
  defaultWorkBudget,
  parseUploadLimits,
  parseWorkBudget,
  type UploadLimits,
  type WorkBudget,
  withAttachmentBytes,
} from "./uploads/limits.ts";
import { sharedWorkPool } from "./workers/pool.ts";

/** A positive whole number from the environment (READ_MODEL_WAIT_MS, FILE_MAX_BYTES), else undefined. */
const positiveInteger = (text: string | undefined): number | undefined => {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : undefined;
};
/** READ_MODEL_WAIT_MS: how long a command waits for its read models before answering 202. */
const readModelWait = positiveInteger;

export type Environment = {
  /**
   * How long a command waits for its read models before it answers 202 "not yet visible" (1.5 s by
   * default; READ_MODEL_WAIT_MS). The test suite, many files sharing two cores, waits longer.
   */
  readonly readModelWaitMs?: number | undefined;
  /**
   * How long a read model's position may stay still while the log is ahead of it before the runner
   * reports it stalled and starts its catch-up again (60 s by default; PROJECTION_STALL_MS).
   */
  readonly projectionStallMs?: number | undefined;
  /** postgres://… — a Postgres server; unset: the embedded PGlite database under `dataDir`. */
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly log?: ((line: string) => void) | undefined;
  /** smtp://… to send e-mail; unset: each message is written as an .eml file in DATA_DIR/outbox. */
  readonly smtpUrl?: string | undefined;
  /** Who e-mails come from (MAIL_FROM, « Name <address> » or an address); replies go to the organisation. */
  readonly mailFrom?: string | undefined;
  /** Where links in e-mails point. */
  readonly publicUrl?: string | undefined;
  /** The platform's address the help and contact forms write to (HELP_EMAIL). */
  readonly helpEmail?: string | undefined;
  /** `off`: this server runs no daily reminders (REMINDERS); another one does, or nobody. */
  readonly reminders?: "on" | "off" | undefined;
  /** The proxies that may tell the client's address: a hop count or addresses/CIDR blocks (README). */
  readonly trustProxy?: string | undefined;
  /** http(s)://KEY:SECRET@host:port/bucket[/prefix][?region=…]: files in an S3-compatible store. */
  readonly s3Url?: string | undefined;
  /** The largest attachment, in bytes (FILE_MAX_BYTES; 20 MB by default). */
  readonly maxFileBytes?: number | undefined;
  /** What each kind of upload may cost (UPLOAD_LIMITS; `uploads/limits.ts`). */
  readonly uploadLimits?: UploadLimits | undefined;
  /** The worker pool's budgets (WORKER_THREADS, WORKER_MEMORY_MB, WORKER_TIME_MS, UPLOADS_PER_ORGANISATION, WORKER_QUEUE). */
  readonly workBudget?: WorkBudget | undefined;
  /** The server key sealing secrets at rest, 32 bytes in base64 (REGISTRE_SECRET_KEY); unset: DATA_DIR/secret.key. */
  readonly secretKey?: string | undefined;
  /** NODE_ENV=production: a production server (an approved platform's connection may not point inside it). */
  readonly production?: boolean | undefined;
  /** Billing (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, STRIPE_API_URL); unset: off. */
  readonly billing?: BillingSettings | undefined;
};

/**
 * The environment as the README documents it, read from `variables`: DATABASE_URL, DATA_DIR
 * (default ./data), SMTP_URL, MAIL_FROM, PUBLIC_URL, HELP_EMAIL, REMINDERS, TRUST_PROXY, READ_MODEL_WAIT_MS,
 * PROJECTION_STALL_MS, S3_URL, FILE_MAX_BYTES, UPLOAD_LIMITS, the worker pool's budgets, REGISTRE_SECRET_KEY
 * and NODE_ENV.
 */
export const environmentFrom = (variables: Readonly<Record<string, string | undefined>>): Environment => ({
  databaseUrl: variables.DATABASE_URL || undefined,
  dataDir: variables.DATA_DIR || "./data",
  smtpUrl: variables.SMTP_URL || undefined,
  mailFrom: variables.MAIL_FROM || undefined,
  publicUrl: variables.PUBLIC_URL || undefined,
  helpEmail: variables.HELP_EMAIL || undefined,
  reminders: variables.REMINDERS === "off" ? "off" : "on",
  trustProxy: variables.TRUST_PROXY || undefined,
  readModelWaitMs: readModelWait(variables.READ_MODEL_WAIT_MS),
  projectionStallMs: positiveInteger(variables.PROJECTION_STALL_MS),
  s3Url: variables.S3_URL || undefined,
  maxFileBytes: positiveInteger(variables.FILE_MAX_BYTES),
  uploadLimits: parseUploadLimits(variables.UPLOAD_LIMITS),
  workBudget: parseWorkBudget(variables),
  secretKey: variables.REGISTRE_SECRET_KEY || undefined,
  production: variables.NODE_ENV === "production",
  billing: billingSettingsFrom(variables),
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
    from: env.mailFrom ?? "Registre <no-reply@registre.local>",
  }),
  limits: createRateLimits(database),
  rules: defaultIdentityRules,
  trustProxy: parseTrustProxy(env.trustProxy),
  publicUrl: env.publicUrl ?? "http://localhost:3000",
  helpAddress: env.helpEmail ?? "support@registre.local",
});

export const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

export type ContextOptions = {
  /**
   * The reactors the runner drives beside the projectors, made from the context they act through (its
   * ports, its commands): a function of it, called when they react, once the context is made.
   */
  readonly reactors?: (ctx: () => AppContext) => readonly Reactor[];
  /** When a reactor failing for an organisation tries again (`REACTOR_RETRY` by default). */
  readonly reactorRetryMs?: ReactorRetry;
  /** The e-invoicing platforms; by default the standard API's HTTP adapter. */
  readonly einvoicing?: EInvoicingPlatforms;
};

/** Opens and migrates the database, and wires the event store, the projection runner and its reactors. */
export const openContext = async (
  env: Environment,
  database?: Database,
  options: ContextOptions = {},
): Promise<AppContext> => {
  // A wrong TRUST_PROXY or S3_URL is refused before anything opens.
  parseTrustProxy(env.trustProxy);
  const filesDir = `${dataFolder(env)}/files`;
  const files = openFileStore(filesDir, env.s3Url);
  const db =
    database ??
    (await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir ? `${env.dataDir}/db` : undefined }));
  await migrateToLatest(db.db, env.log);
  const store = createEventStore(db);
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let made: AppContext | undefined;
  let secretKey: Uint8Array | undefined;
  const self = (): AppContext => {
    if (!made) throw new Error("a reactor acted before its context was made");
    return made;
  };
  const reactors = options.reactors?.(self) ?? [];
  const what = (name: string) => (reactors.some((r) => r.name === name) ? "reactor" : "projection");
  const runner = createProjectionRunner(db, store, allProjectors, {
    reactors,
    ...(options.reactorRetryMs && { reactorRetryMs: options.reactorRetryMs }),
    waitBudgetMs: env.readModelWaitMs ?? readModelWait(process.env.READ_MODEL_WAIT_MS),
    onError: (name, error, orgId) =>
      env.log?.(
        orgId
          ? `${what(name)} ${name} stopped for organisation ${orgId} (the others go on): ${message(error)}`
          : `projection ${name}: ${message(error)}`,
      ),
    ...(env.projectionStallMs !== undefined && { stallMs: env.projectionStallMs }),
    onStall: (name, state, { stillMs }) =>
      env.log?.(
        state === "stalled"
          ? `projection ${name} stalled: its position has not moved for ${Math.round(stillMs / 1000)} s though the log is ahead; its catch-up started again`
          : `projection ${name} moving again after ${Math.round(stillMs / 1000)} s`,
      ),
    onDatabase: (state, error) =>
      env.log?.(
        state === "lost"
          ? `database unreachable, projections retry with backoff: ${message(error)}`
          : "database reachable again, projections resumed",
      ),
  });
  made = {
    database: db,
    store,
    runner,
    clock: () => new Date(),
    newId: randomUUID,
    identity: identityServices(env, db),
    filesDir,
    files,
    maxFileBytes: env.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    uploadLimits: withAttachmentBytes(
      env.uploadLimits ?? defaultUploadLimits,
      env.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    ),
    work: sharedWorkPool(env.workBudget ?? defaultWorkBudget),
    einvoicing: options.einvoicing ?? httpEInvoicingPlatforms(),
    production: env.production ?? false,
    billing: env.billing,
    secretKey: () => {
      secretKey ??= serverSecretKey(env.secretKey, `${dataFolder(env)}/secret.key`);
      return secretKey;
    },
  };
  return made;
};
