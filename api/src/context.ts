import type { ProjectionRunner } from "@registre/projections";
import type { Database, EventStore } from "@registre/store";
import type { TrustProxy } from "./http/client-address.ts";
import type { RateLimits } from "./http/rate-limit.ts";
import type { IdentityRules } from "./identity/limits.ts";
import type { MailMessage } from "./mail/mailer.ts";

export type OutgoingMail = MailMessage;
export type Mailer = {
  readonly send: (message: OutgoingMail) => Promise<{ messageId: string; file?: string }>;
};

export type IdentityServices = {
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
  /** Where uploaded files (logos) are kept: DATA_DIR/files. */
  readonly filesDir: string;
};
