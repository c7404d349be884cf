import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "./http.ts";
import type { Store } from "./store.ts";

/**
 * OAuth2 client credentials (RFC 6749 §4.4): `POST /oauth/token` with a form of grant_type,
 * client_id and client_secret (or the client's credentials in an HTTP Basic header) answers a bearer
 * token of one hour; every call of the two services then carries `Authorization: Bearer <token>`.
 */
export const TOKEN_LIFETIME_S = 3600;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const oauthError = (c: Context, status: 400 | 401, error: string, description: string) =>
  c.json({ error, error_description: description }, status, { "cache-control": "no-store" });

export const tokenHandler = (store: Store, now: () => Date) => async (c: Context) => {
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    return oauthError(c, 400, "invalid_request", "The body is not a form.");
  }
  const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
  const grant = field("grant_type");
  if (!grant) return oauthError(c, 400, "invalid_request", "grant_type is missing.");
  if (grant !== "client_credentials")
    return oauthError(c, 400, "unsupported_grant_type", "Only client_credentials is granted.");
  let clientId = field("client_id");
  let clientSecret = field("client_secret");
  const basic = /^Basic\s+(.+)$/i.exec(c.req.header("authorization") ?? "");
  if (basic) {
    const decoded = Buffer.from(basic[1] as string, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) {
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    }
  }
  const account = clientId ? store.state.accounts.find((a) => a.clientId === clientId) : undefined;
  if (!account || clientSecret === undefined || !sameSecret(account.clientSecret, clientSecret))
    return oauthError(c, 401, "invalid_client", "Unknown client or wrong secret.");
  const t = now().getTime();
  store.state.tokens = store.state.tokens.filter((k) => k.expiresAt > t);
  const token = randomBytes(32).toString("base64url");
  store.state.tokens.push({ token, siren: account.siren, expiresAt: t + TOKEN_LIFETIME_S * 1000 });
  store.changed();
  return c.json({ access_token: token, token_type: "Bearer", expires_in: TOKEN_LIFETIME_S }, 200, {
    "cache-control": "no-store",
  });
};

/** The bearer check: the account's SIREN set on the request, or 401 in the service's error shape. */
export const bearer =
  (
    store: Store,
    now: () => Date,
    error: (c: Context, status: 401, code: string, message: string) => Response,
  ): MiddlewareHandler<Env> =>
  async (c, next) => {
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    if (!m) {
      c.header("www-authenticate", 'Bearer realm="local-platform"');
      return error(c, 401, "MISSING_TOKEN", "An Authorization: Bearer token is required.");
    }
    const token = store.state.tokens.find((k) => k.token === m[1]);
    if (!token || token.expiresAt <= now().getTime() || !store.account(token.siren)) {
      c.header("www-authenticate", 'Bearer realm="local-platform", error="invalid_token"');
      return error(c, 401, "INVALID_TOKEN", "The token is unknown or expired.");
    }
    c.set("siren", token.siren);
    await next();
  };
