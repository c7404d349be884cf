import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error the API answers as application/problem+json with a stable code. */
export class ProblemError extends Error {
  override readonly name = "ProblemError";
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly params: Readonly<Record<string, string | number>> = {},
    readonly errors?: readonly { path: string; code: string; message: string }[],
    /** Members of the problem beyond the standard ones (a duplicate warning's matches). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(code);
  }
}
