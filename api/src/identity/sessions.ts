import type { Right } from "@registre/core";
import type { Database } from "@registre/store";
import { type RawBuilder, sql } from "kysely";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
export const TICKET_TTL_MS = 5 * 60 * 1000;
/** A session in use is extended at most this often: a request reads its session, it does not write it. */
export const SESSION_EXTEND_EVERY_MS = 60 * 1000;

export type SessionKind = "session" | "ticket";
export type Session = { readonly userId: string; readonly orgId: string | null; readonly tokenHash: Buffer };

/** Opens a session (or a login ticket) and answers its token, which is shown once and stored hashed. */
export const openSession = async (
  database: Database,
  userId: string,
  orgId: string | null,
  now: Date,
  kind: SessionKind = "session",
): Promise<string> => {
  const token = newToken();
  await database.db
    .insertInto("sessions")
    .values({
      token_hash: hashToken(token),
      kind,
      user_id: userId,
      org_id: orgId,
      expires_at: new Date(now.getTime() + (kind === "session" ? SESSION_TTL_MS : TICKET_TTL_MS)),
    })
    .execute();
  return token;
};

/**
 * The live session a token names, or null (unknown, expired, revoked, or of another kind). A session
 * in use is extended (sliding expiry); a ticket is single-use and revoked as it is read.
 */
export const findSession = async (
  database: Database,
  token: string,
  now: Date,
  kind: SessionKind = "session",
): Promise<Session | null> => {
  const tokenHash = hashToken(token);
  const row =
    kind === "ticket"
      ? await database.db
          .updateTable("sessions")
          .set({ revoked_at: now })
          .where("token_hash", "=", tokenHash)
          .where("kind", "=", "ticket")
          .where("revoked_at", "is", null)
          .where("expires_at", ">", now)
          .returning(["user_id", "org_id"])
          .executeTakeFirst()
      : await database.db
          .updateTable("sessions")
          .set({ expires_at: new Date(now.getTime() + SESSION_TTL_MS) })
          .where("token_hash", "=", tokenHash)
          .where("kind", "=", "session")
          .where("revoked_at", "is", null)
          .where("expires_at", ">", now)
          .returning(["user_id", "org_id"])
          .executeTakeFirst();
  return row ? { userId: row.user_id, orgId: row.org_id, tokenHash } : null;
};

/** A live session, with what its user holds in its organisation: the profile and the items' rights. */
export type SessionAccess = Session & {
  /** The user's profile in the session's organisation; null without an organisation or a membership. */
  readonly profile: string | null;
  readonly items: readonly Right[][];
};

/**
 * The live session a token names and the user's access in its organisation, in one statement; the
 * session is extended (sliding expiry) when its expiry is more than `SESSION_EXTEND_EVERY_MS` older
 * than a fresh one would be, so a session in use is written at most once a minute.
 */
export const findSessionAccess = async (
  database: Database,
  token: string,
  now: Date,
): Promise<SessionAccess | null> => (await findSessionOwner(database, token, now))?.access ?? null;

/**
 * Whose a token is, even when its session ended (revoked, expired, or a login ticket): the user and
 * organisation it was opened for, which scope an idempotency key; and, when it is a live session, its
 * access as `findSessionAccess` reads it (extending it the same way). One statement answers both, so a
 * command with an `Idempotency-Key` reads its session once (see `SessionLookupEnv`).
 */
export const findSessionOwner = async (
  database: Database,
  token: string,
  now: Date,
): Promise<SessionOwner | null> => (await findSessionOwnerWith(database, token, now)).owner;

export type SessionOwner = { userId: string; orgId: string | null; access: SessionAccess | null };

/**
 * `findSessionOwner`, with another statement run alongside in the same one (`also`, a data-modifying
 * statement with `returning`: the idempotency key's claim): answers whether it returned a row.
 */
export const findSessionOwnerWith = async (
  database: Database,
  token: string,
  now: Date,
  also?: RawBuilder<unknown>,
): Promise<{ owner: SessionOwner | null; also: boolean }> => {
  const tokenHash = hashToken(token);
  const extended = new Date(now.getTime() + SESSION_TTL_MS);
  const stale = new Date(extended.getTime() - SESSION_EXTEND_EVERY_MS);
  const { rows } = await sql<{
    user_id: string | null;
    org_id: string | null;
    live: boolean | null;
    profile: string | null;
    items: Right[][] | null;
    also: boolean;
  }>`
    with found as (
      select user_id, org_id,
        (kind = 'session' and revoked_at is null and expires_at > ${now}) as live
      from sessions where token_hash = ${tokenHash}
    ), extend as (
      update sessions set expires_at = ${extended}
      where token_hash = ${tokenHash} and kind = 'session' and revoked_at is null and expires_at > ${now}
        and expires_at < ${stale}
    ), also as (${also ?? sql`select null where false`})
    select f.user_id, f.org_id, f.live, m.profile,
      case when f.live then (select json_agg(i.rights) from auth_assignments a
        join auth_items i on i.org_id = a.org_id and i.item_id = a.item_id
        where a.org_id = f.org_id and a.user_id = f.user_id) end as items,
      exists (select from also) as also
    from (select) one left join found f on true
      left join memberships m on f.live and m.org_id = f.org_id and m.user_id = f.user_id`.execute(
    database.db,
  );
  const row = rows[0];
  const found = row?.also === true;
  if (!row?.user_id) return { owner: null, also: found };
  const access = row.live
    ? {
        userId: row.user_id,
        orgId: row.org_id,
        tokenHash,
        profile: row.profile,
        items: typeof row.items === "string" ? (JSON.parse(row.items) as Right[][]) : (row.items ?? []),
      }
    : null;
  return { owner: { userId: row.user_id, orgId: row.org_id, access }, also: found };
};

/**
 * A session lookup made earlier in the request (the idempotency middleware's), for `requireSession`
 * to use rather than reading the session again: for this token, its access, or null when it is not
 * a live session.
 */
export type SessionLookupEnv = {
  Variables: { sessionLookup?: { readonly token: string; readonly access: SessionAccess | null } };
};

export const revokeSession = async (database: Database, tokenHash: Buffer, now: Date): Promise<void> => {
  await database.db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("token_hash", "=", tokenHash)
    .execute();
};

/** After a password change every session of the user ends. */
export const revokeUserSessions = async (database: Database, userId: string, now: Date): Promise<void> => {
  await database.db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where(sql`revoked_at`, "is", null)
    .execute();
};
