import { DomainError } from "@registre/core";
import {
  ConcurrencyError,
  isDataException,
  isTransientDatabaseError,
  UnsafeIntegerError,
  UnstorableEventError,
} from "@registre/store";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { type Locale, pickLocale, translate } from "./messages.ts";
import { ProblemError } from "./problem-error.ts";

export { ProblemError } from "./problem-error.ts";

export type Problem = {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  /** The values `detail` was worded from (a line number, an account…), for clients that point at them. */
  params?: Readonly<Record<string, string | number>>;
  errors?: readonly { path: string; code: string; message: string }[];
  [extra: string]: unknown;
};

export const localeOf = (c: Context): Locale => pickLocale(c.req.header("accept-language"));

export const problemBody = (error: ProblemError, locale: Locale): Problem => {
  const detail = translate(error.code, locale, error.params);
  // A refusal about one field (the core's `params.field`) says so the way invalid input does, so a
  // form shows it on that field.
  const field = error.params.field;
  const errors =
    error.errors ??
    (typeof field === "string" && field ? [{ path: field, code: error.code, message: detail }] : undefined);
  return {
    type: `https://registre.app/problems/${error.code}`,
    title: error.code,
    status: error.status,
    code: error.code,
    detail,
    ...(Object.keys(error.params).length > 0 && { params: error.params }),
    ...(errors && { errors }),
    ...error.extra,
  };
};

const httpCodes: Readonly<Record<number, string>> = {
  400: "http.badRequest",
  404: "http.notFound",
  413: "http.payloadTooLarge",
  415: "http.unsupportedMediaType",
};

const toProblem = (error: unknown): ProblemError | undefined => {
  if (error instanceof ProblemError) return error;
  if (error instanceof DomainError) return new ProblemError(error.status, error.code, error.params);
  if (error instanceof ConcurrencyError) return new ProblemError(409, error.code);
  if (isTransientDatabaseError(error)) return new ProblemError(503, "service.unavailable");
  // Hono's own refusals (a validator's malformed body, a limit): their status, as a problem.
  if (error instanceof HTTPException && error.status < 500)
    return new ProblemError(error.status, httpCodes[error.status] ?? "http.badRequest");
  if (error instanceof UnstorableEventError)
    return new ProblemError(422, "validation.textUnstorable", { field: error.path });
  // The last walls behind the schemas: a total too large to be a number, a value PostgreSQL refuses.
  if (error instanceof UnsafeIntegerError) return new ProblemError(422, "amount.outOfRange");
  if (isDataException(error)) return new ProblemError(422, "validation.invalidValue");
  return undefined;
};

/** Seconds a client waits before trying again while the database is restarting or failing over. */
export const UNAVAILABLE_RETRY_AFTER = 2;

// One line every few seconds while the database is down, not a stack trace per request.
let lastUnavailableLog = 0;
const logUnavailable = (error: unknown) => {
  if (Date.now() - lastUnavailableLog < 5000) return;
  lastUnavailableLog = Date.now();
  console.error(
    `database unavailable, answering 503: ${error instanceof Error ? error.message : String(error)}`,
  );
};

/**
 * Hono's onError: known errors become problems; a lost database is 503 with `Retry-After`; anything
 * else is logged and answered 500 without detail.
 */
export const problemResponse = (error: unknown, c: Context): Response => {
  const problem = toProblem(error) ?? new ProblemError(500, "http.internal");
  if (problem.code === "service.unavailable") logUnavailable(error);
  else if (problem.status >= 500) console.error(error);
  else if (problem.code === "validation.invalidValue" || problem.code === "amount.outOfRange")
    // Not the client's fault alone: a schema let it through. Logged to be fixed at the edge.
    console.warn(`refused at the database: ${error instanceof Error ? error.message : String(error)}`);
  return c.body(JSON.stringify(problemBody(problem, localeOf(c))), problem.status, {
    "content-type": "application/problem+json; charset=utf-8",
    "content-language": localeOf(c),
    ...(problem.status === 503 && { "retry-after": String(UNAVAILABLE_RETRY_AFTER) }),
  });
};
