import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../context.ts";
import { findSessionOwner, findSessionOwnerWith, type SessionLookupEnv } from "../identity/sessions.ts";
import { hashToken } from "../identity/tokens.ts";
import { canonicalBody, identifyKey, type KeyIdentity, openAnswer, sealAnswer } from "./idempotency-keys.ts";
import {
  type Claim,
  claimKey,
  extendLease,
  keyClaim,
  purgeExpiredKeys,
  settleKey,
} from "./idempotency-store.ts";
import { ProblemError, problemResponse } from "./problem.ts";

/** What the middleware hands to `commandMetadata`: the command id the key and its request derive. */
export type IdempotencyEnv = {
  Variables: { idempotency: { readonly commandId: string } } & SessionLookupEnv["Variables"];
};

export type IdempotencyOptions = {
  /** How long a key keeps its answer. */
  readonly ttlMs: number;
  /** How long a running request holds its key before another may take over (renewed while it runs). */
  readonly leaseMs: number;
  /** How long a concurrent duplicate waits for the first before answering 409 `idempotency.inProgress`. */
  readonly waitMs: number;
  /** Answers larger than this are not stored: the same request runs again (every handler is safe to). */
  readonly maxAnswerBytes: number;
  readonly purgeEveryMs: number;
};

export const defaultIdempotencyOptions: IdempotencyOptions = {
  ttlMs: 24 * 3600_000,
  leaseMs: 10_000,
  waitMs: 2_000,
  maxAnswerBytes: 1024 * 1024,
  purgeEveryMs: 10 * 60_000,
};

const COMMAND_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Answers that are not the command's result and are never replayed: a retry must run again. Refused
 * credentials and rights (401/403: the command never ran, and signing in or being granted the right
 * changes the answer), throttling (408, 429), a version conflict (409 `store.concurrency`), "accepted,
 * not yet visible" (202) and server failures (5xx). Every other refusal is stored: it is the answer
 * the command got, and the same key replays it; a new attempt is a new key (the web client makes one
 * per submission).
 */
const TRANSIENT_STATUSES = new Set([202, 401, 403, 408, 429]);
const TRANSIENT_CODES = new Set(["store.concurrency", "idempotency.inProgress", "service.unavailable"]);

/** Headers of a stored answer that belong to the first response only. */
const UNSTORED_HEADERS = new Set(["date", "content-length", "transfer-encoding", "connection", "set-cookie"]);

/**
 * The caller a key belongs to: the user and organisation of the session the bearer token names, even
 * a session this very command ended (`/user/orgs`, `/logout`), so that its retry finds its answer; the
 * answer itself only opens with the same token. Without a known token: the public scope, shared,
 * where a second caller's request under the same key is refused 422 and never runs (see `identifyKey`:
 * command ids derive from the whole request, so two callers' commands never meet in the event store).
 */
const scopeOf = async (
  ctx: AppContext,
  c: Context<IdempotencyEnv>,
  token: string | undefined,
): Promise<string> => {
  if (!token) return "public";
  // The same statement reads the live session's access, which `requireSession` then uses.
  const owner = await findSessionOwner(ctx.database, token, ctx.clock());
  c.set("sessionLookup", { token, access: owner?.access ?? null });
  return scopeText(owner);
};

const scopeText = (owner: { userId: string; orgId: string | null } | null): string =>
  owner ? `user:${owner.userId}/org:${owner.orgId ?? "none"}` : "public";

const bearer = (c: Context): string | undefined =>
  c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];

/**
 * The scopes of the tokens seen lately, by token hash. A token's user and organisation never change
 * (a session is never re-pointed: switching organisations opens another), so once known, a command's
 * key identity is computed before its first statement, and that statement reads the session and
 * claims the key together (`findSessionOwnerWith` and `keyClaim`): one round trip instead of two.
 */
const SCOPES_KEPT = 10_000;
const knownScopes = () => {
  const scopes = new Map<string, string>();
  return {
    get: (hash: string) => scopes.get(hash),
    set: (hash: string, scope: string) => {
      scopes.delete(hash);
      scopes.set(hash, scope);
      if (scopes.size > SCOPES_KEPT) scopes.delete(scopes.keys().next().value as string);
    },
    delete: (hash: string) => scopes.delete(hash),
  };
};

const problemCode = async (response: Response): Promise<string | undefined> => {
  if (!response.headers.get("content-type")?.includes("problem+json")) return undefined;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === "string" ? body.code : undefined;
  } catch {
    return undefined;
  }
};

const isFinal = async (response: Response) =>
  response.status < 500 &&
  !TRANSIENT_STATUSES.has(response.status) &&
  !TRANSIENT_CODES.has((await problemCode(response)) ?? "");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Idempotency-Key` on every command route (POST, PUT, PATCH, DELETE): the same key with the same
 * request answers the first final answer — status, headers and body, even if the resource changed
 * since —; with a different request, 422 `idempotency.keyReused`; while the first still runs, the
 * duplicate waits for it, then answers 409 `idempotency.inProgress` with `Retry-After`. Keys are
 * scoped to their caller and expire after a day; the handlers themselves derive what they create
 * from the command id, so a request that stopped before its answer was stored runs again safely.
 */
export const idempotency = (
  ctx: AppContext,
  options: IdempotencyOptions = defaultIdempotencyOptions,
): MiddlewareHandler<IdempotencyEnv> => {
  let nextPurge = 0;
  const scopes = knownScopes();
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined || !COMMAND_METHODS.has(c.req.method)) return next();
    if (!UUID.test(key)) throw new ProblemError(400, "idempotency.invalidKey");
    const now = ctx.clock();
    if (now.getTime() >= nextPurge) {
      nextPurge = now.getTime() + options.purgeEveryMs;
      // Housekeeping never fails a command: what is left now goes at the next round.
      await purgeExpiredKeys(ctx.database, now).catch((error: unknown) =>
        console.error("idempotency: expired keys could not be purged", error),
      );
    }
    const url = new URL(c.req.url);
    const keyed = {
      method: c.req.method,
      target: url.pathname + url.search,
      authorization: c.req.header("authorization") ?? "",
      body: await canonicalBody(
        c.req.header("content-type") ?? "",
        new Uint8Array(await c.req.arrayBuffer()),
      ),
    };
    const owner = ctx.newId();
    const claimOf = (identity: KeyIdentity) => ({
      lookup: identity.lookup,
      requestHash: identity.requestHash,
      owner,
      now: ctx.clock(),
      leaseMs: options.leaseMs,
      ttlMs: options.ttlMs,
    });
    const token = bearer(c);
    const tokenHash = token === undefined ? undefined : hashToken(token).toString("hex");
    const cached = tokenHash === undefined ? undefined : scopes.get(tokenHash);
    // The key's claim: "made" in the session's statement, "tried" there without making the record, or
    // not tried yet.
    let first: "made" | "tried" | "untried" = "untried";
    let identity: KeyIdentity | undefined;
    if (token !== undefined && tokenHash !== undefined && cached !== undefined) {
      const tentative = identifyKey(cached, key.toLowerCase(), keyed);
      const found = await findSessionOwnerWith(
        ctx.database,
        token,
        ctx.clock(),
        keyClaim(claimOf(tentative)),
      );
      c.set("sessionLookup", { token, access: found.owner?.access ?? null });
      if (scopeText(found.owner) === cached) {
        identity = tentative;
        first = found.also ? "made" : "tried";
      } else {
        // Never expected (see `knownScopes`): let the record made under the wrong scope go, and start over.
        scopes.delete(tokenHash);
        if (found.also) await settleKey(ctx.database, tentative.lookup, owner, null);
      }
    }
    if (!identity) {
      const scope = await scopeOf(ctx, c, token);
      if (tokenHash !== undefined && scope !== "public") scopes.set(tokenHash, scope);
      identity = identifyKey(scope, key.toLowerCase(), keyed);
    }
    c.set("idempotency", { commandId: identity.commandId });

    const deadline = Date.now() + options.waitMs;
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const claim: Claim =
        first === "made"
          ? { kind: "owned" }
          : await claimKey(ctx.database, claimOf(identity), { tried: first === "tried" });
      first = "untried";
      if (claim.kind === "owned") break;
      if (claim.kind === "reused") throw new ProblemError(422, "idempotency.keyReused");
      if (claim.kind === "stored") {
        const answer = openAnswer(identity.answerKey, claim.status, claim.answer);
        // The request hash matched, so the key is the one that sealed it: only damaged bytes get here.
        if (!answer) throw new Error("a stored idempotent answer does not open with its own request's key");
        const headers = new Headers(answer.headers as [string, string][]);
        headers.set("idempotent-replayed", "true");
        return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
      }
      // While it waited, the first request may have ended the session (a sign-out): read it again.
      c.set("sessionLookup", undefined);
      if (Date.now() + delay > deadline) {
        const response = problemResponse(new ProblemError(409, "idempotency.inProgress"), c);
        const wait = Math.ceil((claim.lockedUntil.getTime() - ctx.clock().getTime()) / 1000);
        response.headers.set("retry-after", String(Math.min(Math.max(wait, 1), 5)));
        return response;
      }
      await sleep(delay);
    }

    const heartbeat = setInterval(() => {
      const until = new Date(ctx.clock().getTime() + options.leaseMs);
      extendLease(ctx.database, identity.lookup, owner, until).catch(() => {
        // The lease then ends by itself; a duplicate may run the (replay-safe) handler again.
      });
    }, options.leaseMs / 3);
    heartbeat.unref?.();
    try {
      await next();
    } catch (error) {
      await settle(ctx, identity.lookup, owner, null);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
    const response = c.res;
    let sealed: Buffer | null = null;
    if (await isFinal(response)) {
      const body = new Uint8Array(await response.clone().arrayBuffer());
      if (body.length <= options.maxAnswerBytes) {
        const headers = [...response.headers.entries()].filter(([name]) => !UNSTORED_HEADERS.has(name));
        sealed = sealAnswer(identity.answerKey, { status: response.status, headers, body });
      }
    }
    await settle(ctx, identity.lookup, owner, sealed ? { status: response.status, sealed } : null);
  };
};

/**
 * The command's answer goes out even when its record cannot be written (the database just went away).
 * The record is then written in the background as soon as the database is back — a retry finds the
 * answer, or a released key, within moments rather than after the lease — and if it never can be,
 * the lease ends by itself and the retry runs the replay-safe handler again.
 */
const settle = async (
  ctx: AppContext,
  ...args: Parameters<typeof settleKey> extends [unknown, ...infer R] ? R : never
) => {
  try {
    await settleKey(ctx.database, ...args);
  } catch (error) {
    console.error("idempotency: the answer could not be stored now; trying again in the background", error);
    void settleLater(ctx, args);
  }
};

const SETTLE_RETRY_MS = 250;
const SETTLE_GIVE_UP_MS = 60_000;

const settleLater = async (
  ctx: AppContext,
  args: Parameters<typeof settleKey> extends [unknown, ...infer R] ? R : never,
) => {
  const giveUp = Date.now() + SETTLE_GIVE_UP_MS;
  while (Date.now() < giveUp) {
    await sleep(SETTLE_RETRY_MS);
    try {
      await settleKey(ctx.database, ...args);
      return;
    } catch {
      // Still unreachable (or closing): try again shortly.
    }
  }
};
