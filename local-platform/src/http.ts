import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The two services' error bodies. The Flow service's: `{errorCode, errorMessage}` (its Error schema).
 * The Directory service's: its `error` schema as application/problem+json (`type`, `status`, `message`),
 * with the same `errorCode` and `errorMessage` beside them, so that one client reads both alike.
 */
export const flowError = (
  c: Context,
  status: ContentfulStatusCode,
  errorCode: string,
  errorMessage: string,
) => c.json({ errorCode, errorMessage }, status);

export const directoryError = (
  c: Context,
  status: ContentfulStatusCode,
  errorCode: string,
  errorMessage: string,
) =>
  c.body(
    JSON.stringify({ type: "about:blank", status, message: errorMessage, errorCode, errorMessage }),
    status,
    {
      "content-type": "application/problem+json",
    },
  );

/** The variables a request carries once authenticated: the account's SIREN. */
export type Env = { Variables: { siren: string } };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
