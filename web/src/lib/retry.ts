/** Sends of one call at most: the first and three retries of the very same request. */
export const MAX_ATTEMPTS = 4;
/** Waits between sends after a network error: the server gave no hint. */
const BACKOFF_MS = [500, 1000, 2000] as const;
/** Bounds of a server's `Retry-After`, so that a form never hangs on it. */
const MIN_WAIT_MS = 200;
const MAX_WAIT_MS = 5000;

export const NOT_YET_VISIBLE = "command.notYetVisible";
const IN_PROGRESS = "idempotency.inProgress";

const clamp = (ms: number) => Math.min(Math.max(ms, MIN_WAIT_MS), MAX_WAIT_MS);

/** A `Retry-After` (seconds or an HTTP date) in milliseconds, bounded; `fallbackMs` without one. */
export const retryAfterMs = (header: string | null, fallbackMs: number, now = Date.now()): number => {
  if (header === null || header.trim() === "") return clamp(fallbackMs);
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return clamp(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? clamp(fallbackMs) : clamp(date - now);
};

/** The `code` of a JSON answer, read from a copy (the caller still reads the body). */
export const answerCode = async (response: Response): Promise<string | undefined> => {
  if (!/json/i.test(response.headers.get("content-type") ?? "")) return undefined;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === "string" ? body.code : undefined;
  } catch {
    return undefined;
  }
};

/**
 * How long to wait before sending the same request again, or null when its answer is final: the
 * server is unavailable for a moment (503), the command is stored but not yet visible (202
 * `command.notYetVisible`), or the first send of this key is still running (409 `idempotency.inProgress`).
 */
export const retryWait = async (response: Response, attempt: number): Promise<number | null> => {
  const hint = response.headers.get("retry-after");
  const backoff = BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)] ?? MAX_WAIT_MS;
  if (response.status === 503) return retryAfterMs(hint, backoff);
  if (response.status === 202 && (await answerCode(response)) === NOT_YET_VISIBLE)
    return retryAfterMs(hint, backoff);
  if (response.status === 409 && (await answerCode(response)) === IN_PROGRESS)
    return retryAfterMs(hint, backoff);
  return null;
};

/**
 * A new Idempotency-Key: `crypto.randomUUID`, or the same version-4 layout from
 * `crypto.getRandomValues` where the page is not a secure context (plain HTTP on a LAN address)
 * and the browser withholds `randomUUID`.
 */
export const newIdempotencyKey = (
  source: Pick<Crypto, "getRandomValues"> & Partial<Pick<Crypto, "randomUUID">> = crypto,
): string => {
  if (typeof source.randomUUID === "function") return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const abortError = () => new DOMException("The request was aborted", "AbortError");

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export type RetryOptions = {
  /** Whether a network error is sent again: commands carry an Idempotency-Key, so they may. */
  readonly retryNetworkErrors: boolean;
  readonly signal?: AbortSignal | undefined;
};

/**
 * Sends, then sends the very same request again (the caller's `send` repeats it, key included)
 * while the answer says to, at most `MAX_ATTEMPTS` times; the last answer or network error is the
 * caller's to report.
 */
export const sendWithRetries = async (
  send: () => Promise<Response>,
  options: RetryOptions,
  wait: (ms: number, signal?: AbortSignal) => Promise<void> = sleep,
): Promise<Response> => {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      const aborted = error instanceof DOMException && error.name === "AbortError";
      if (aborted || !options.retryNetworkErrors || attempt >= MAX_ATTEMPTS) throw error;
      await wait(BACKOFF_MS[attempt - 1] ?? MAX_WAIT_MS, options.signal);
      continue;
    }
    if (attempt >= MAX_ATTEMPTS) return response;
    const delay = await retryWait(response, attempt);
    if (delay === null) return response;
    await wait(delay, options.signal);
  }
};
