import { currentLocale } from "../i18n/i18n.ts";
import { NOT_YET_VISIBLE, newIdempotencyKey, sendWithRetries } from "./retry.ts";
import { bearerToken } from "./session.ts";
import { clearSession, getSession } from "./session-store.ts";

/** RFC 9457 problem details, as returned by the API on every error. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  code: string;
  /** Human-readable explanation, already localised by the server from `Accept-Language`. */
  detail: string;
  /** Field-level messages of a 422, when the server gives them. */
  errors?: { field: string; message: string }[];
  /** The values the detail was worded from (e.g. `line` and `account` of an entry's refusal). */
  params?: Record<string, string | number>;
  /** `contact.duplicate(s)`: the contacts a new one may duplicate (the user may go on). */
  duplicates?: { id: string; name: string; reasons: string[] }[];
};

export type ApiErrorKind = "problem" | "network" | "unexpected";

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly problem: Problem | null;

  constructor(kind: ApiErrorKind, message: string, status: number | null, problem: Problem | null) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.status = status;
    this.problem = problem;
  }
}

export const apiBase = "/api";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const toProblem = (body: unknown, status: number): Problem | null => {
  if (!isRecord(body)) return null;
  const text = (key: string): string => {
    const value = body[key];
    return typeof value === "string" ? value : "";
  };
  const detail = text("detail") || text("title");
  if (!detail) return null;
  const problem: Problem = {
    type: text("type") || "about:blank",
    title: text("title"),
    status: typeof body.status === "number" ? body.status : status,
    code: text("code"),
    detail,
  };
  if (isRecord(body.params)) {
    const params: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(body.params))
      if (typeof value === "string" || typeof value === "number") params[key] = value;
    problem.params = params;
  }
  if (Array.isArray(body.errors)) {
    problem.errors = body.errors.filter(isRecord).map((entry) => ({
      field: String(entry.field ?? entry.path ?? ""),
      message: String(entry.message ?? entry.detail ?? ""),
    }));
  }
  if (Array.isArray(body.duplicates))
    problem.duplicates = body.duplicates.filter(isRecord).map((entry) => ({
      id: String(entry.id ?? ""),
      name: String(entry.name ?? ""),
      reasons: Array.isArray(entry.reasons) ? entry.reasons.map(String) : [],
    }));
  return problem;
};

const readJson = async (response: Response): Promise<unknown> => {
  const type = response.headers.get("content-type") ?? "";
  if (!/json/i.test(type)) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

type Listener = () => void;
let onUnauthorized: Listener = () => {};
/** Called after a 401 to an authenticated call has cleared the session (the app goes to `/`). */
export const setUnauthorizedHandler = (listener: Listener): void => {
  onUnauthorized = listener;
};

/** The service worker marks an API answer it served from its cache, because the network failed. */
export const staleHeader = "x-registre-stale";
export const staleEvent = "registre:stale";

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** The command's Idempotency-Key, when the caller follows it (an import's progress); a new one otherwise. */
  idempotencyKey?: string;
};

/**
 * Calls the API under `/api`, sending the interface language in `Accept-Language` and the session's
 * bearer token. A command (any method but GET) carries a new `Idempotency-Key`, and the very same
 * request — key, token and body — is sent again after a network error, a 503 (after its
 * `Retry-After`, bounded) or a 202 "not yet visible", a few times (`sendWithRetries`): the server
 * answers a retried key with the first answer, so a command is never done twice. A command still
 * not visible after those is reported with the server's words, like any refusal.
 * A 401 to a call that carried a token clears the session.
 * Resolves with the parsed JSON body; rejects with an {@link ApiError}.
 */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = {
    Accept: "application/json, application/problem+json",
    "Accept-Language": currentLocale(),
  };
  const token = bearerToken(getSession());
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== "GET") headers["Idempotency-Key"] = options.idempotencyKey ?? newIdempotencyKey();
  const init: RequestInit = { method, headers };
  if (options.signal) init.signal = options.signal;
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.body = options.body;
  } else if (options.body instanceof Blob) {
    // A file sent as it is (an import): its bytes, read by the server whatever their encoding.
    headers["Content-Type"] = "application/octet-stream";
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await sendWithRetries(() => fetch(`${apiBase}${path}`, init), {
      retryNetworkErrors: method !== "GET",
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError("network", "Network error", null, null);
  }

  if (response.headers.get(staleHeader)) window.dispatchEvent(new Event(staleEvent));
  const body = await readJson(response);
  if (response.status === 401 && token) {
    clearSession();
    onUnauthorized();
  }
  const notYetVisible = response.status === 202 && isRecord(body) && body.code === NOT_YET_VISIBLE;
  if (!response.ok || notYetVisible) {
    const problem = toProblem(body, response.status);
    throw problem
      ? new ApiError("problem", problem.detail, response.status, problem)
      : new ApiError("unexpected", `HTTP ${response.status}`, response.status, null);
  }
  if (body === undefined && response.status !== 204) {
    throw new ApiError("unexpected", `HTTP ${response.status}`, response.status, null);
  }
  return body as T;
};
