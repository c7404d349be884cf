import { hasRight, type Profile, profileRights, unionRights } from "@registre/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../context.ts";
import { findSessionAccess, type SessionLookupEnv } from "../identity/sessions.ts";
import { type UploadKind, uploadKinds } from "../uploads/limits.ts";
import { ProblemError } from "./problem-error.ts";

/**
 * The door: what the API knows of a request before it reads a byte of its body. Every operation's
 * access (`x-registre-access`) and kind of upload (`x-registre-upload`) are read from the OpenAPI
 * document once; a request is matched to its operation by method and path, then:
 * - an operation that needs a session, asked without a bearer token: 401, no body read;
 * - an upload: the session looked up (401), the right checked (403), one of the organisation's places
 *   for heavy work taken (429 with Retry-After), all before the body; then the body is read within the
 *   limit of its kind (`inputGuard`), refused (413) past it while it streams in.
 * JSON commands read their small body first and are authenticated by their route (the idempotency
 * middleware reads the session and claims the key in one statement); a body that does not parse is
 * refused only once the session is known (`bodyChecked`), so a request without a valid session is 401
 * whatever its body.
 */

export type Operation = {
  readonly access: string;
  readonly upload: UploadKind | undefined;
  /** The operation requires a JSON body: an empty one is a broken one. */
  readonly takesJson: boolean;
};

/** The operation a request is for, by its method and path as requested (under /api); undefined: none. */
export type FindOperation = (method: string, path: string) => Operation | undefined;

type OpenApiOperation = {
  requestBody?: { required?: boolean; content?: object };
  "x-registre-access"?: string;
  "x-registre-upload"?: string;
};

/**
 * The operations of an OpenAPI document's paths. Where two match a path (`/docs/import` and
 * `/docs/{id}`), the one with more literal segments wins, as the router's mounting order makes it.
 */
export const operationIndex = (paths: Readonly<Record<string, object>>, prefix = "/api"): FindOperation => {
  const routes = Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, OpenApiOperation>).map(([method, op]) => {
      const segments = `${prefix}${path}`.split("/");
      const upload = op["x-registre-upload"];
      return {
        method: method.toUpperCase(),
        segments,
        literals: segments.filter((s) => !s.startsWith("{")).length,
        operation: {
          access: op["x-registre-access"] ?? "public",
          upload: (uploadKinds as readonly string[]).includes(upload ?? "")
            ? (upload as UploadKind)
            : undefined,
          takesJson: Boolean(
            op.requestBody?.required && "application/json" in (op.requestBody.content ?? {}),
          ),
        },
      };
    }),
  );
  routes.sort((a, b) => b.literals - a.literals);
  const matches = (segments: readonly string[], actual: readonly string[]) =>
    segments.length === actual.length &&
    segments.every((s, i) => (s.startsWith("{") ? (actual[i] ?? "") !== "" : s === actual[i]));
  return (method, path) => {
    const actual = path.split("/");
    return routes.find((r) => r.method === method && matches(r.segments, actual))?.operation;
  };
};

export type DoorEnv = {
  Variables: SessionLookupEnv["Variables"] & {
    /** The operation the door matched, for the input guard's limits. */
    operation?: Operation;
  };
};

const bearer = (c: Context): string | undefined =>
  c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];

/** Whether the request still has a body to send (declared, or chunked). */
const hasPendingBody = (c: Context) =>
  Number(c.req.header("content-length") ?? "0") > 0 || c.req.header("transfer-encoding") !== undefined;

/**
 * A refusal before the body: the connection is closed behind the answer, so that a client sending
 * megabytes is not read to the end (nor its body drained) for nothing.
 */
export const refuseAtDoor = (c: Context, error: ProblemError): never => {
  if (hasPendingBody(c)) c.header("connection", "close");
  throw error;
};

/** `right:code:bit` of an operation's access: the right it needs, if any. */
const neededRight = (access: string): { code: string; bit: number } | undefined => {
  const [kind, code, bit] = access.split(":");
  return kind === "right" && code && bit ? { code, bit: Number(bit) } : undefined;
};

export const door =
  (ctx: AppContext, find: () => FindOperation): MiddlewareHandler<DoorEnv> =>
  async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const operation = find()(method, c.req.path);
    if (!operation) return next();
    c.set("operation", operation);
    if (operation.access === "public") return next();
    const token = bearer(c);
    if (!token) return refuseAtDoor(c, new ProblemError(401, "identity.unauthenticated"));
    if (!operation.upload) return next();

    const access = await findSessionAccess(ctx.database, token, ctx.clock());
    c.set("sessionLookup", { token, access });
    if (!access) return refuseAtDoor(c, new ProblemError(401, "identity.unauthenticated"));
    const right = neededRight(operation.access);
    if (right) {
      const rights = access.profile
        ? unionRights(profileRights(access.profile as Profile), ...access.items)
        : [];
      if (!hasRight(rights, right.code, right.bit))
        return refuseAtDoor(c, new ProblemError(403, "identity.forbidden", { code: right.code }));
    }
    if (!access.orgId) return next();
    let release: () => void;
    try {
      release = ctx.work.admit(access.orgId);
    } catch (error) {
      if (error instanceof ProblemError) {
        c.header("retry-after", String(error.params.retryAfter ?? 5));
        return refuseAtDoor(c, error);
      }
      throw error;
    }
    try {
      await next();
    } finally {
      release();
    }
  };

/**
 * After a route's access middleware: the body's refusal the input guard kept (JSON that does not parse,
 * nests too deep, or holds a forbidden character) is answered once the caller is known.
 */
export const bodyChecked: MiddlewareHandler = async (c, next) => {
  const refusal = (c as Context<{ Variables: { bodyRefusal?: ProblemError } }>).get("bodyRefusal");
  if (refusal) throw refusal;
  await next();
};
