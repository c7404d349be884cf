/**
 * OAuth2 client-credentials tokens of the platforms, kept per connection (token endpoint, client id and
 * a hash of the secret: a changed secret is another connection) until shortly before they expire. Two
 * calls needing a token at once share one request. A token the platform refused (401) is dropped, and
 * the next call asks for a new one.
 */
import { createHash } from "node:crypto";
import type { PlatformConnection } from "../ports/index.ts";
import { PlatformError } from "../ports/index.ts";

/** A token is asked again this long before its announced expiry. */
const EARLY_MS = 30_000;

type Held = { readonly token: string; readonly expiresAt: number };

export type TokenRequest = (connection: PlatformConnection) => Promise<{ token: string; expiresInS: number }>;

export type TokenCache = {
  /** A token for the connection: the one held while it lasts, else a new one. */
  readonly token: (connection: PlatformConnection) => Promise<string>;
  /** Forgets the connection's token (the platform refused it). */
  readonly drop: (connection: PlatformConnection, token: string) => void;
};

const keyOf = (connection: PlatformConnection): string =>
  createHash("sha256")
    .update(`${connection.tokenUrl}\n${connection.clientId}\n${connection.clientSecret}`)
    .digest("base64url");

export const createTokenCache = (request: TokenRequest, now: () => number): TokenCache => {
  const held = new Map<string, Held>();
  const asking = new Map<string, Promise<string>>();
  return {
    token: (connection) => {
      const key = keyOf(connection);
      const current = held.get(key);
      if (current && current.expiresAt - EARLY_MS > now()) return Promise.resolve(current.token);
      const pending = asking.get(key);
      if (pending) return pending;
      const asked = request(connection)
        .then(({ token, expiresInS }) => {
          held.set(key, { token, expiresAt: now() + expiresInS * 1000 });
          return token;
        })
        .finally(() => asking.delete(key));
      asking.set(key, asked);
      return asked;
    },
    drop: (connection, token) => {
      const key = keyOf(connection);
      if (held.get(key)?.token === token) held.delete(key);
    },
  };
};

/** The token endpoint's answer, checked: `{ access_token, token_type: "Bearer", expires_in }`. */
export const readTokenAnswer = (body: unknown): { token: string; expiresInS: number } => {
  const answer = body as { access_token?: unknown; token_type?: unknown; expires_in?: unknown } | null;
  if (
    typeof answer?.access_token !== "string" ||
    answer.access_token === "" ||
    typeof answer.token_type !== "string" ||
    answer.token_type.toLowerCase() !== "bearer"
  )
    throw new PlatformError({
      status: 200,
      errorCode: "INVALID_ANSWER",
      errorMessage: "the token endpoint answered no bearer access_token",
      transient: false,
      operation: "token",
    });
  const expires = typeof answer.expires_in === "number" && answer.expires_in > 0 ? answer.expires_in : 300;
  return { token: answer.access_token, expiresInS: expires };
};
