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
): { expected: number; actual: number | null; stream?: string } | undefined => {
  if (sqlState(error) !== "RG409") return undefined;
  const detail = (error as { detail?: string }).detail;
  return detail
    ? (JSON.parse(detail) as { expected: number; actual: number | null; stream?: string })
    : { expected: -1, actual: null };
};

/**
 * A counter an append takes would pass the bound the caller gave it (`AppendOptions.limits`): the
 * append is refused and nothing is taken.
 */
export class CounterLimitError extends Error {
  override readonly name = "CounterLimitError";
  constructor(readonly counter: string) {
    super(`Counter ${counter} would pass its bound`);
  }
}

/** The counter named by a `registre_append_counted` refusal (SQLSTATE RG422), if that is the error. */
export const counterLimitOf = (error: unknown): string | undefined => {
  if (sqlState(error) !== "RG422") return undefined;
  const detail = (error as { detail?: string }).detail;
  return detail ? (JSON.parse(detail) as { counter: string }).counter : "";
};

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === "23505";

/** SQLSTATE class 22, "data exception": a value PostgreSQL refuses (out of range, invalid text, bad date…). */
export const isDataException = (error: unknown): boolean => sqlState(error)?.startsWith("22") ?? false;

/**
 * An event whose canonical text PostgreSQL could not keep (a NUL, a lone UTF-16 surrogate): refused
 * before it is appended, whatever the edge let through, so no stored event can stop a read model.
 */
export class UnstorableEventError extends Error {
  override readonly name = "UnstorableEventError";
  constructor(
    readonly type: string,
    /** Where in the event the text is: "data.lines.0.label", "metadata.correlationId". */
    readonly path: string,
  ) {
    super(`Event ${type} holds text PostgreSQL cannot store at ${path}`);
  }
}

/** An int8 from the database (a count, a total of cents) too large to be a JavaScript number exactly. */
export class UnsafeIntegerError extends RangeError {
  override readonly name = "UnsafeIntegerError";
  constructor(readonly text: string) {
    super(`int8 value ${text} is outside the safe integer range`);
  }
}
/** postgres.js and Node codes of a connection that was lost, refused, or never made. */
const connectionCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // No connection of the pool free in time (postgres-driver.ts).
  "CONNECTION_ACQUIRE_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs that say nothing about the statement: the server is going away or starting (57P01–57P03,
 * class 08), or a retry of the same work will do (40001 serialization, 40P01 deadlock, 55P03 lock
 * not available, class 53 insufficient resources).
 */
const transientState = (state: string): boolean =>
  state.startsWith("08") ||
  state.startsWith("53") ||
  state === "57P01" ||
  state === "57P02" ||
  state === "57P03" ||
  state === "40001" ||
  state === "40P01" ||
  state === "55P03";

/**
 * True when the database, not the work, failed: the connection was lost or refused, the server is
 * restarting, or the statement lost a race it would win when retried. Such an error is answered 503
 * by the API and retried by the projection runner; it never marks an organisation's read model failed.
 */
export const isTransientDatabaseError = (error: unknown, depth = 0): boolean => {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const e = error as { code?: unknown; errno?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof e.code === "string" &&
    (connectionCodes.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && transientState(e.code)))
  )
    return true;
  if (typeof e.errno === "string" && connectionCodes.has(e.errno)) return true;
  // Node's AggregateError (several addresses refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some((x) => isTransientDatabaseError(x, depth + 1))) return true;
  return e.cause !== undefined && isTransientDatabaseError(e.cause, depth + 1);
};
