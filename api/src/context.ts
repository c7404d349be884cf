import type { ProjectionRunner } from "@registre/projections";
import type { Database, EventStore } from "@registre/store";
import type { BillingSettings } from "./billing/settings.ts";
import type { TrustProxy } from "./http/client-address.ts";
import type { RateLimits } from "./http/rate-limit.ts";
import type { IdentityRules } from "./identity/limits.ts";
import type { EInvoicingPlatforms, FileStore, Mailer, StoreOriginal } from "./ports/index.ts";
import type { UploadLimits } from "./uploads/limits.ts";
import type { WorkPool } from "./workers/pool.ts";

export type IdentityServices = {
  /** The mailer port (`ports/mailer.ts`), wired to SMTP or the outbox (`mail/mailer.ts`). */
  readonly mailer: Mailer;
  /** Sign-in, renewal and invitation counters, in the database (shared by every server). */
  readonly limits: RateLimits;
  readonly rules: IdentityRules;
  /** Which proxies may tell the client's address (TRUST_PROXY). */
  readonly trustProxy: TrustProxy;
  /** Where links in e-mails point (PUBLIC_URL), e.g. https://registre.example.fr. */
  readonly publicUrl: string;
  /** The platform's address the help and contact forms write to (HELP_EMAIL). */
  readonly helpAddress?: string | undefined;
};

/** What the shells hand to every handler: the database, the event store, the projections, the clock and ids. */
export type AppContext = {
  readonly database: Database;
  readonly store: EventStore;
  readonly runner: ProjectionRunner;
  readonly clock: () => Date;
  readonly newId: () => string;
  readonly identity: IdentityServices;
  /** The data folder's files (DATA_DIR/files): the local store's root, and read when S3 lacks a key. */
  readonly filesDir: string;
  /**
   * The original-file attacher port (`ports/original-file.ts`): keeps an imported supplier invoice's
   * original file before the import's commit attaches it to the draft (`documents/einvoice/import.ts`);
   * absent, the attachments' file store (`storeReceivedFile`). Tests give their own (one that records, or fails).
   */
  readonly storeOriginal?: StoreOriginal;
  /** The file store port: where files (logos, avatars, attachments) are kept — the data folder, or S3 when S3_URL is set. */
  readonly files: FileStore;
  /** The largest attachment accepted, in bytes (FILE_MAX_BYTES, 20 MB by default). */
  readonly maxFileBytes: number;
  /** What each kind of upload may cost (UPLOAD_LIMITS): checked at the door and by the readers. */
  readonly uploadLimits: UploadLimits;
  /** Where files are read, within their budgets, and each organisation's share of it. */
  readonly work: WorkPool;
  /** The e-invoicing platforms port: the standard API's HTTP adapter (`einvoicing/http-adapter.ts`), or a test's. */
  readonly einvoicing: EInvoicingPlatforms;
  /**
   * The server key that seals secrets at rest (`einvoicing/sealed.ts`): REGISTRE_SECRET_KEY, else
   * DATA_DIR/secret.key made on first use. Read when first needed.
   */
  readonly secretKey: () => Uint8Array;
  /**
   * A production server (NODE_ENV=production): the approved platform's addresses may not be the
   * machine's own or its cloud's metadata service (`einvoicing/connection.ts`).
   */
  readonly production: boolean;
  /**
   * Billing's settings (`billing/settings.ts`): absent without STRIPE_SECRET_KEY — subscriptions off, no
   * trial limit, no read-only mode, nothing asked.
   */
  readonly billing?: BillingSettings | undefined;
};
