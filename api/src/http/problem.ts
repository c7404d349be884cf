import { DomainError } from "@registre/core";
import { ConcurrencyError, isTransientDatabaseError } from "@registre/store";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type Locale, pickLocale, translate } from "./messages.ts";

/** An error the API answers as application/problem+json with a stable code. */
export class ProblemError extends Error {
  override readonly name = "ProblemError";
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly params: Readonly<Record<string, string | number>> = {},
    readonly errors?: readonly { path: string; code: string; message: string }[],
  ) {
    super(code);
  }
}

export type Problem = {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  /** The values `detail` was worded from (a line number, an account…), for clients that point at them. */
  params?: Readonly<Record<string, string | number>>;
  errors?: readonly { path: string; code: string; message: string }[];
};

export const localeOf = (c: Context): Locale => pickLocale(c.req.header("accept-language"));

export const problemBody = (error: ProblemError, locale: Locale): Problem => ({
  type: `https://registre.app/problems/${error.code}`,
  title: error.code,
  status: error.status,
  code: error.code,
  detail: translate(error.code, locale, error.params),
  ...(Object.keys(error.params).length > 0 && { params: error.params }),
  ...(error.errors && { errors: error.errors }),
});

const toProblem = (error: unknown): ProblemError | undefined => {
  if (error instanceof ProblemError) return error;
  if (error instanceof DomainError) return new ProblemError(error.status, error.code, error.params);
  if (error instanceof ConcurrencyError) return new ProblemError(409, error.code);
  if (isTransientDatabaseError(error)) return new ProblemError(503, "service.unavailable");
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
  return c.body(JSON.stringify(problemBody(problem, localeOf(c))), problem.status, {
    "content-type": "application/problem+json; charset=utf-8",
    "content-language": localeOf(c),
    ...(problem.status === 503 && { "retry-after": String(UNAVAILABLE_RETRY_AFTER) }),
  });
};
