import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { MiddlewareHandler } from "hono";
import { refuseWhenReadOnly } from "../billing/subscription.ts";
import type { AppContext } from "../context.ts";
import { type AuthEnv, requireRight, requireSession } from "../identity/auth.ts";
import type { UploadKind } from "../uploads/limits.ts";
import { bodyChecked } from "./door.ts";
import { ProblemError } from "./problem.ts";
import { notYetVisibleResponse, problemResponses } from "./schemas.ts";

/**
 * Who may call a route. Every API route declares one; the declaration becomes both its middleware
 * and an `x-registre-access` mark in the OpenAPI document, which the route-table test walks.
 */
export type Access =
  | { readonly kind: "public" }
  | { readonly kind: "session" }
  | { readonly kind: "platform" }
  | { readonly kind: "right"; readonly code: string; readonly bit: number };

export const PUBLIC: Access = { kind: "public" };
export const SESSION: Access = { kind: "session" };
export const PLATFORM: Access = { kind: "platform" };
export const right = (code: string, bit: number): Access => ({ kind: "right", code, bit });

export const describeAccess = (access: Access): string =>
  access.kind === "right" ? `right:${access.code}:${access.bit}` : access.kind;

/** Platform administration: a flag of the user's credentials, never granted by an organisation right. */
const requirePlatformAdmin = (ctx: AppContext): MiddlewareHandler<AuthEnv> => {
  const session = requireSession(ctx);
  return async (c, next) =>
    session(c, async () => {
      const admin = await ctx.database.db
        .selectFrom("credentials")
        .select("platform_admin")
        .where("user_id", "=", c.get("session").userId)
        .executeTakeFirst();
      if (!admin?.platform_admin) throw new ProblemError(403, "identity.forbidden", { code: "platform" });
      await next();
    });
};

/**
 * Read-only mode's one gate: an organisation's writes (every `right` route but GET) are refused with 402
 * `subscription.readOnly` while its subscription has ended (`billing/subscription.ts`); reads and exports
 * go on. With billing off it costs nothing.
 */
const writableSubscription =
  (ctx: AppContext): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    await refuseWhenReadOnly(ctx, c.get("session").orgId);
    await next();
  };

const middlewareFor = (ctx: AppContext, access: Access): MiddlewareHandler<AuthEnv>[] => {
  switch (access.kind) {
    case "public":
      return [];
    case "session":
      return [requireSession(ctx)];
    case "platform":
      return [requirePlatformAdmin(ctx)];
    case "right":
      return [requireRight(ctx, access.code, access.bit)];
    default: {
      const never: never = access;
      return never;
    }
  }
};

/**
 * `createRoute` with the route's access declared: its middleware and its mark in the document. Every
 * route may answer 503 while the database is unreachable, every command route (not GET) 202 when what
 * it stored is not visible yet, and every write the read-only gate guards 402 `subscription.readOnly`:
 * documented here once for all.
 */
export const accessRoute = <R extends RouteConfig>(
  ctx: AppContext,
  access: Access,
  {
    upload,
    whileReadOnly,
    ...config
  }: R & {
    /** The kind of file the operation receives: its limits apply at the door (`uploads/limits.ts`). */
    readonly upload?: UploadKind;
    /** A write an organisation may make while its subscription is read-only: how it pays its way back. */
    readonly whileReadOnly?: true;
  },
) => {
  // A write: a method other than GET under a right other than reading. A report asked by POST (its query
  // in a body) under the read right is a read, answered while read-only like every other.
  const gated =
    access.kind === "right" && access.bit !== Rights.read && config.method !== "get" && !whileReadOnly;
  return createRoute({
    ...config,
    responses: {
      ...config.responses,
      ...(gated && problemResponses(402)),
      ...(config.method !== "get" && !config.responses[202] && { 202: notYetVisibleResponse }),
      ...(!config.responses[503] && problemResponses(503)),
      ...(upload && !config.responses[413] && problemResponses(413)),
      ...(upload && !config.responses[429] && problemResponses(429)),
    },
    middleware: [
      ...middlewareFor(ctx, access),
      ...(gated ? [writableSubscription(ctx)] : []),
      bodyChecked,
    ] as R["middleware"],
    "x-registre-access": describeAccess(access),
    ...(upload && { "x-registre-upload": upload }),
  } as unknown as R);
};
