import type { Migration } from "kysely";
import * as eventStore from "./2026-11-22T1300-event-store.ts";
import * as projections from "./2026-11-22T1310-projections.ts";
import * as identity from "./2026-11-22T1400-identity.ts";
import * as projectionFailures from "./2026-11-24T1000-projection-failures.ts";
import * as idempotency from "./2026-11-24T1100-idempotency.ts";
import * as limitsInvitations from "./2026-11-24T1200-limits-invitations.ts";
import * as appendMany from "./2026-11-24T1500-append-many.ts";
import * as orgReads from "./2026-11-24T1600-org-reads.ts";
import * as appendPrepare from "./2026-11-24T1700-append-prepare.ts";
import * as commandReads from "./2026-11-25T1000-command-reads.ts";
import * as appendCounted from "./2026-11-25T1010-append-counted.ts";
import * as appendManyCounted from "./2026-11-26T1000-append-many-counted.ts";
import * as shareLinks from "./2026-11-26T1200-share-links.ts";
import * as commandReadsByKey from "./2026-11-27T1200-command-reads-by-key.ts";
import * as uploadProgress from "./2026-11-29T0900-upload-progress.ts";
import * as tenantKeys from "./2026-11-30T1200-tenant-keys.ts";
import * as reactorsSchedule from "./2026-11-30T1300-reactors-schedule.ts";

/** Every migration, by name; names sort in the order they run. Never edit one once it has landed. */
export const migrations: Readonly<Record<string, Migration>> = {
  "2026-11-22T1300-event-store": eventStore,
  "2026-11-22T1310-projections": projections,
  "2026-11-22T1400-identity": identity,
  "2026-11-24T1000-projection-failures": projectionFailures,
  "2026-11-24T1100-idempotency": idempotency,
  "2026-11-24T1200-limits-invitations": limitsInvitations,
  "2026-11-24T1500-append-many": appendMany,
  "2026-11-24T1600-org-reads": orgReads,
  "2026-11-24T1700-append-prepare": appendPrepare,
  "2026-11-25T1000-command-reads": commandReads,
  "2026-11-25T1010-append-counted": appendCounted,
  "2026-11-26T1000-append-many-counted": appendManyCounted,
  "2026-11-26T1200-share-links": shareLinks,
  "2026-11-27T1200-command-reads-by-key": commandReadsByKey,
  "2026-11-29T0900-upload-progress": uploadProgress,
  "2026-11-30T1200-tenant-keys": tenantKeys,
  "2026-11-30T1300-reactors-schedule": reactorsSchedule,
};
