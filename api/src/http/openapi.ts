import type { CommandMetadata } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../context.ts";
import type { AuthEnv } from "../identity/auth.ts";
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who, when, and which command: the signed-in user (when the route has a session), the clock, and an
 * `Idempotency-Key` header (a UUID) that makes a retry answer its first result.
 */
export const commandMetadata = (c: Context, ctx: AppContext): CommandMetadata => {
  const key = c.req.header("idempotency-key");
  const session = (c as Context<AuthEnv>).get("session") as AuthEnv["Variables"]["session"] | undefined;
  return {
    commandId: key && UUID.test(key) ? key.toLowerCase() : ctx.newId(),
    at: ctx.clock().toISOString(),
    userId: session?.userId,
    correlationId: c.req.header("x-correlation-id") ?? undefined,
  };
};
