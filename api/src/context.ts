import type { ProjectionRunner } from "@registre/projections";
import type { Database, EventStore } from "@registre/store";

/** Counts attempts per key (an address, an IP) and locks a key after repeated failures. */
export type Limiter = {
  readonly hit: (key: string) => { allowed: boolean; retryAfterMs: number };
  readonly reset: (key: string) => void;
};

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  readonly send: (message: OutgoingMail) => Promise<{ messageId: string; file?: string }>;
};

export type IdentityServices = {
  readonly mailer: Mailer;
  /** Sign-in and renewal attempts per e-mail address. */
  readonly loginLimiter: Limiter;
  /** Sign-in attempts per client IP: higher, as offices share one address. */
  readonly ipLimiter: Limiter;
  readonly renewLimiter: Limiter;
  /** Where links in e-mails point (PUBLIC_URL), e.g. https://registre.example.fr. */
  readonly publicUrl: string;
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
