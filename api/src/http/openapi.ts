import { OpenAPIHono } from "@hono/zod-openapi";
import { type CommandMetadata, DomainError } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../context.ts";
import type { AuthEnv } from "../identity/auth.ts";
import type { IdempotencyEnv } from "./idempotency.ts";
import { translate } from "./messages.ts";
import { localeOf, ProblemError, problemResponse } from "./problem.ts";

type ZodIssueLike = { path: readonly PropertyKey[]; code: string; message: string };
type HookResult = { success: true } | { success: false; error: { issues: readonly ZodIssueLike[] } };

/** zod-openapi's validation hook: invalid input is a 422 problem listing each field, nothing changes. */
export const validationHook = (result: HookResult, c: Context) => {
  if (result.success) return;
  const locale = localeOf(c);
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    code: issue.code,
    message:
      issue.code === "invalid_type" && issue.message.includes("undefined")
        ? translate("validation.required", locale)
        : issue.message,
  }));
  return problemResponse(new ProblemError(422, "validation.invalid", {}, errors), c);
};

/**
 * The sub-app of one resource, its paths relative to the prefix it is mounted at (`app.ts`): invalid
 * input answers a 422 problem, and its handlers see the session and rights `accessRoute` checked.
 */
export const resourceApp = () => new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });

/**
 * Who, when, and which command: the signed-in user (when the route has a session), the clock, and the
 * command id — derived from the caller, the `Idempotency-Key` and the request when there is a key
 * (`http/idempotency.ts`), so that a retry finds its first append; a new id otherwise.
 */
export const commandMetadata = (c: Context, ctx: AppContext): CommandMetadata => {
  const keyed = (c as Context<IdempotencyEnv>).get("idempotency") as
    | IdempotencyEnv["Variables"]["idempotency"]
    | undefined;
  const session = (c as Context<AuthEnv>).get("session") as AuthEnv["Variables"]["session"] | undefined;
  return {
    commandId: keyed?.commandId ?? ctx.newId(),
    at: ctx.clock().toISOString(),
    userId: session?.userId,
    correlationId: c.req.header("x-correlation-id") ?? undefined,
  };
};

/** The organisation a request is about, or 404 `organisation.notFound` when it has none. */
export const requireOrg = (orgId: string | null): string => {
  if (!orgId) throw new DomainError("organisation.notFound", {}, 404);
  return orgId;
};

/** The organisation whose books a request reads: its session's (404 without one). */
export const sessionOrg = (c: { get: (key: "session") => { orgId: string | null } }): string =>
  requireOrg(c.get("session").orgId);
