import type { Database } from "@registre/store";
import { sql } from "kysely";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
export const TICKET_TTL_MS = 5 * 60 * 1000;

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
