/** The stream was not at the version the command was decided on. The API answers 409. */
export class ConcurrencyError extends Error {
  override readonly name = "ConcurrencyError";
  readonly code = "store.concurrency";
  constructor(
    readonly streamId: string,
    readonly expected: number | "no_stream" | "any",
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId} is at version ${actual ?? "none"}, expected ${expected}`);
  }
}

const sqlState = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as { code?: unknown; cause?: unknown };
  if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return e.cause ? sqlState(e.cause) : undefined;
};

/** The `detail` of a `registre.concurrency` exception raised by `registre_append`. */
export const concurrencyDetail = (
  error: unknown,
): { expected: number; actual: number | null } | undefined => {
  if (sqlState(error) !== "RG409") return undefined;
  const detail = (error as { detail?: string }).detail;
  return detail
    ? (JSON.parse(detail) as { expected: number; actual: number | null })
    : { expected: -1, actual: null };
};

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === "23505";
