import type { ColumnType, Generated, Selectable } from "kysely";

/** int8 columns come back as numbers, checked to be safe integers (see database.ts). */
type Int8 = ColumnType<number, number | bigint, number | bigint>;
/** xid8 columns stay strings: they can exceed 2^53 over the life of a cluster. */
type Xid8 = ColumnType<string, string | undefined, string>;

export type EventsTable = {
  position: Generated<Int8>;
  org_id: string;
  org_seq: Int8;
  stream_id: string;
  stream_version: Int8;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  hash: Uint8Array;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
  tx_id: Xid8;
};

export type StreamsTable = { org_id: string; stream_id: string; version: Int8 };

export type OrgHeadsTable = {
  org_id: string;
  seq: Int8;
  hash: Uint8Array | null;
  counters: ColumnType<Record<string, number>, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type CommandsTable = {
  org_id: string;
  command_id: string;
  stream_id: string;
  from_version: Int8;
  to_version: Int8;
  last_position: Int8 | null;
  tx_id: Xid8;
  recorded_at: ColumnType<Date, never, never>;
};

export type ProjectionsTable = {
  name: string;
  version: number;
  generation: number;
  tx_id: Xid8;
  position: Int8;
  status: "running" | "failed";
  error: string | null;
  error_position: Int8 | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Bumped whenever the projector's failures change (migration 2026-11-24T1000). */
  failures_version: ColumnType<number, number | undefined, number>;
};

/** Where a projector stopped for one organisation (migration 2026-11-24T1000). */
export type ProjectionFailuresTable = {
  name: string;
  generation: number;
  org_id: string;
  tx_id: Xid8;
  position: Int8;
  org_seq: Int8;
  error: string;
  failed_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type CredentialsTable = {
  user_id: string;
  email: string;
  password_hash: string;
  platform_admin: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type SessionsTable = {
  token_hash: Uint8Array;
  kind: "session" | "ticket";
  user_id: string;
  org_id: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type PasswordRenewalsTable = {
  token_hash: Uint8Array;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** A sign-in or renewal counter (api/src/http/rate-limit.ts); `key` is a SHA-256 of rule and subject. */
export type RateLimitsTable = {
  key: Uint8Array;
  hits: number;
  window_started_at: ColumnType<Date, Date | string, Date | string>;
  locked_until: ColumnType<Date | null, Date | string | null, Date | string | null>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
};

/** A browser known to have signed in to an account (OWASP device cookie), by the hash of its token. */
export type SignInDevicesTable = {
  token_hash: Uint8Array;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
};

/** The secret of an invitation link, hashed; the invitation itself is in the organisation's stream. */
export type InvitationTokensTable = {
  token_hash: Uint8Array;
  org_id: string;
  invitation_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
};

/** The secret of a document share link, hashed (migration 2026-11-26T1200-share-links). */
export type ShareLinksTable = {
  token_hash: Uint8Array;
  org_id: string;
  share_id: string;
  doc_id: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
  created_by: string | null;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
};

/** The tables the store owns. Read models declare their own and extend this with `&`. */
export type StoreSchema = {
  events: EventsTable;
  streams: StreamsTable;
  org_heads: OrgHeadsTable;
  commands: CommandsTable;
  projections: ProjectionsTable;
  projection_failures: ProjectionFailuresTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  password_renewals: PasswordRenewalsTable;
  rate_limits: RateLimitsTable;
  sign_in_devices: SignInDevicesTable;
  invitation_tokens: InvitationTokensTable;
  share_links: ShareLinksTable;
};

export type EventRow = Selectable<EventsTable>;
