/**
 * The HTTP adapter of the e-invoicing port: the standard API (XP Z12-013) of an approved platform, its
 * Flow service at `connection.flowUrl` and its Directory service at `connection.directoryUrl`, with a
 * bearer token from `connection.tokenUrl` (OAuth2 client credentials, kept per connection:
 * `tokens.ts`). Every call has a timeout; every answer is checked against the service's OpenAPI
 * schema (`openapi/schemas.ts`) and an answer off it is a non-transient `INVALID_ANSWER`; a network
 * error, a timeout, 408, 429 and 5xx are transient `PlatformError`s, other refusals are not.
 */
import type {
  CallOptions,
  DirectoryLine,
  DownloadedFlowFile,
  EInvoicingPlatform,
  EInvoicingPlatforms,
  Facility,
  Flow,
  FullFlowInfo,
  LegalUnit,
  PlatformConnection,
} from "../ports/index.ts";
import { PlatformError } from "../ports/index.ts";
import { checkDirectorySchema, checkFlowSchema, type SchemaCheck } from "./openapi/schemas.ts";
import { createTokenCache, readTokenAnswer } from "./tokens.ts";

export type HttpAdapterOptions = {
  /** Each call's budget, answer read included (20 s by default). */
  readonly timeoutMs?: number;
  /** The largest file downloaded from a flow (50 MB by default). */
  readonly maxFileBytes?: number;
  /** The clock the tokens' expiry is read with. */
  readonly now?: () => number;
  readonly fetch?: typeof fetch;
};

const SIREN = /^\d{9}$/;
const SIRET = /^\d{14}$/;
/** The largest JSON answer read (a search of 100 flows is far below). */
const MAX_JSON_BYTES = 2 * 1024 * 1024;

const isTransientStatus = (status: number) => status === 408 || status === 429 || status >= 500;

const joined = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

/** The body read, at most `max` bytes (else a non-transient `ANSWER_TOO_LARGE`). */
const readBounded = async (response: Response, max: number, operation: string): Promise<Uint8Array> => {
  const tooLarge = () =>
    new PlatformError({
      status: response.status,
      errorCode: "ANSWER_TOO_LARGE",
      errorMessage: `over ${max} bytes`,
      transient: false,
      operation,
    });
  if (Number(response.headers.get("content-length") ?? 0) > max) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
};

const parseJson = (bytes: Uint8Array): unknown => {
  if (bytes.byteLength === 0) return undefined;
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return undefined;
  }
};

/** The platform's refusal: the flow service's `{errorCode, errorMessage}`, the directory's `{message, details}`. */
const refusal = (status: number, body: unknown, operation: string): PlatformError => {
  const answer = (body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return new PlatformError({
    status,
    errorCode: text(answer.errorCode) || `HTTP_${status}`,
    errorMessage: text(answer.errorMessage) || text(answer.message) || text(answer.details),
    transient: isTransientStatus(status),
    operation,
  });
};

const checked = <T>(result: SchemaCheck<T>, status: number, operation: string): T => {
  if (result.ok) return result.value;
  throw new PlatformError({
    status,
    errorCode: "INVALID_ANSWER",
    errorMessage: `the answer is off the standard's schema: ${result.why}`,
    transient: false,
    operation,
  });
};

const fileName = (disposition: string | null): string | null => {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
};

type Call = {
  readonly operation: string;
  readonly url: string;
  readonly method: "GET" | "POST";
  readonly body?: BodyInit;
  readonly json?: unknown;
  readonly options?: CallOptions | undefined;
};

/** The adapter: `connect(connection)` gives a client of that platform; tokens are shared by connection. */
export const httpEInvoicingPlatforms = (options: HttpAdapterOptions = {}): EInvoicingPlatforms => {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxFileBytes = options.maxFileBytes ?? 50 * 1024 * 1024;
  const send = options.fetch ?? fetch;

  /** A request within the budget; a network failure or the budget spent is a transient error. */
  const exchange = async (
    operation: string,
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<Uint8Array>,
  ): Promise<{ response: Response; bytes: Uint8Array }> => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await send(url, { ...init, signal, redirect: "error" });
      return { response, bytes: await read(response) };
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      const timedOut = signal.aborted;
      throw new PlatformError({
        status: null,
        errorCode: timedOut ? "TIMEOUT" : "NETWORK_ERROR",
        errorMessage: timedOut
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? String((error.cause as Error | undefined)?.message ?? error.message)
            : String(error),
        transient: true,
        operation,
      });
    }
  };

  const tokens = createTokenCache(async (connection) => {
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
    });
    const { response, bytes } = await exchange(
      "token",
      connection.tokenUrl,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form },
      (r) => readBounded(r, MAX_JSON_BYTES, "token"),
    );
    const body = parseJson(bytes);
    if (response.ok) return readTokenAnswer(body);
    const answer = (body ?? {}) as Record<string, unknown>;
    const transient = isTransientStatus(response.status);
    throw new PlatformError({
      status: response.status,
      errorCode: transient ? `HTTP_${response.status}` : "TOKEN_REFUSED",
      errorMessage: [answer.error, answer.error_description].filter((v) => typeof v === "string").join(": "),
      transient,
      operation: "token",
    });
  }, options.now ?? Date.now);

  const connect = (connection: PlatformConnection): EInvoicingPlatform => {
    /** A call with the connection's token; a 401 drops it and tries once more with a new one. */
    const call = async (
      request: Call,
      read: (response: Response) => Promise<Uint8Array> = (r) =>
        readBounded(r, MAX_JSON_BYTES, request.operation),
      again = true,
    ): Promise<{ response: Response; bytes: Uint8Array }> => {
      const token = await tokens.token(connection);
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: "application/json",
      };
      if (request.options?.requestId) headers["x-request-id"] = request.options.requestId;
      if (request.json !== undefined) headers["content-type"] = "application/json";
      const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
      const answer = await exchange(
        request.operation,
        request.url,
        { method: request.method, headers, body },
        read,
      );
      if (answer.response.status === 401 && again) {
        tokens.drop(connection, token);
        return call(request, read, false);
      }
      return answer;
    };

    /** A JSON answer of the expected statuses (404 as null when `missing`), else the refusal. */
    const jsonCall = async <T>(
      request: Call,
      ok: readonly number[],
      check: (body: unknown) => SchemaCheck<T>,
      missing?: T,
    ): Promise<T> => {
      const { response, bytes } = await call(request);
      if (response.status === 404 && missing !== undefined) return missing;
      const body = parseJson(bytes);
      if (!ok.includes(response.status)) throw refusal(response.status, body, request.operation);
      return checked(check(body), response.status, request.operation);
    };

    const flow = (path: string) => joined(connection.flowUrl, path);
    const directory = (path: string) => joined(connection.directoryUrl, path);
    const refuseInput = (operation: string, what: string) =>
      new PlatformError({
        status: null,
        errorCode: "INVALID_REQUEST",
        errorMessage: what,
        transient: false,
        operation,
      });

    const health = async (operation: string, url: string) => {
      const { response, bytes } = await call({ operation, url, method: "GET" });
      if (!response.ok) throw refusal(response.status, parseJson(bytes), operation);
    };

    return {
      healthcheck: async () => {
        await health("healthcheck", flow("/v1/healthcheck"));
        await health("directoryHealthcheck", directory("/v1/healthcheck"));
      },
      submitFlow: async (info, file, options) => {
        const form = new FormData();
        form.append("flowInfo", new Blob([JSON.stringify(info)], { type: "application/json" }));
        form.append("file", new Blob([Buffer.from(file.bytes)], { type: file.contentType }), file.name);
        return jsonCall<FullFlowInfo>(
          { operation: "submitFlow", url: flow("/v1/flows"), method: "POST", body: form, options },
          [200, 201, 202],
          (body) => checkFlowSchema("FullFlowInfo", body),
        );
      },
      searchFlows: async (where, limit = 25, options) => {
        const found = await jsonCall<{ results?: Flow[] }>(
          {
            operation: "searchFlows",
            url: flow("/v1/flows/search"),
            method: "POST",
            json: { limit: Math.min(Math.max(1, limit), 100), where },
            options,
          },
          [200],
          (body) => checkFlowSchema("SearchFlowContent", body),
        );
        return found.results ?? [];
      },
      getFlow: async (flowId, options) =>
        jsonCall<Flow>(
          {
            operation: "getFlow",
            url: flow(`/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata`),
            method: "GET",
            options,
          },
          [200],
          (body) => checkFlowSchema("Flow", body),
        ),
      getFlowFile: async (flowId, kind, options): Promise<DownloadedFlowFile> => {
        const operation = "getFlowFile";
        const { response, bytes } = await call(
          {
            operation,
            url: flow(`/v1/flows/${encodeURIComponent(flowId)}?docType=${kind}`),
            method: "GET",
            options,
          },
          (r) => readBounded(r, r.ok ? maxFileBytes : MAX_JSON_BYTES, operation),
        );
        if (response.status !== 200) throw refusal(response.status, parseJson(bytes), operation);
        return {
          bytes,
          contentType: response.headers.get("content-type") ?? "application/octet-stream",
          name: fileName(response.headers.get("content-disposition")),
        };
      },
      lookupSiren: async (siren, options) => {
        if (!SIREN.test(siren)) throw refuseInput("lookupSiren", "a SIREN is 9 digits");
        return jsonCall<LegalUnit | null>(
          {
            operation: "lookupSiren",
            url: directory(`/v1/siren/code-insee:${siren}`),
            method: "GET",
            options,
          },
          [200],
          (body) => checkDirectorySchema("legalUnitPayloadHistory", body),
          null,
        );
      },
      lookupSiret: async (siret, options) => {
        if (!SIRET.test(siret)) throw refuseInput("lookupSiret", "a SIRET is 14 digits");
        return jsonCall<Facility | null>(
          {
            operation: "lookupSiret",
            url: directory(`/v1/siret/code-insee:${siret}`),
            method: "GET",
            options,
          },
          [200],
          (body) => checkDirectorySchema("facilityPayloadHistory", body),
          null,
        );
      },
      directoryLines: async (siren, options) => {
        if (!SIREN.test(siren)) throw refuseInput("directoryLines", "a SIREN is 9 digits");
        const found = await jsonCall<{ results?: DirectoryLine[] }>(
          {
            operation: "directoryLines",
            url: directory("/v1/directory-line/search"),
            method: "POST",
            // The standard's SIREN filter only knows « contains »: the lines are kept when theirs is it.
            json: { filters: { siren: { op: "contains", value: siren } }, limit: 100 },
            options,
          },
          [200, 206],
          (body) => checkDirectorySchema("directoryLineSearchPost200Response", body),
          { results: [] },
        );
        return (found.results ?? []).filter((line) => line.siren === siren);
      },
    };
  };

  return { connect };
};
