import type { Database } from "@registre/store";
import { hashToken, newToken } from "./tokens.ts";

/** A known browser stays known this long after its last sign-in. */
export const DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;

/**
 * The hash of a device token when it is live and was issued to this user, else null. A token of
 * another account, expired or unknown is simply not a known device.
 */
export const knownDevice = async (
  database: Database,
  token: string,
  userId: string,
  now: Date,
): Promise<Buffer | null> => {
  const tokenHash = hashToken(token);
  const row = await database.db
    .selectFrom("sign_in_devices")
    .select("token_hash")
    .where("token_hash", "=", tokenHash)
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? tokenHash : null;
};

/**
 * After a successful sign-in: the known device's token gets a new lease, or a new token is issued
 * (shown once, stored hashed).
 */
export const rememberDevice = async (
  database: Database,
  userId: string,
  now: Date,
  known?: { token: string; hash: Buffer },
): Promise<string> => {
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  if (known) {
    const renewed = await database.db
      .updateTable("sign_in_devices")
      .set({ expires_at: expiresAt })
      .where("token_hash", "=", known.hash)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 1) return known.token;
  }
  const token = newToken();
  await database.db
    .insertInto("sign_in_devices")
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return token;
};
