import { type TextFlaw, textFlaw } from "@registre/core";
import type { Context, MiddlewareHandler } from "hono";
import type { UploadLimits } from "../uploads/limits.ts";
import type { DoorEnv } from "./door.ts";
import { translate } from "./messages.ts";
import { localeOf, ProblemError } from "./problem.ts";

/** Bytes a request body may hold, by media type; any other media type with a body is refused (415). */
export type BodyLimits = {
  readonly json: number;
  /** Files sent as they are (a FEC to import). */
  readonly octetStream: number;
  /** Forms with a file (a logo). */
  readonly multipart: number;
};

export const defaultBodyLimits: BodyLimits = {
  json: 1024 * 1024,
  octetStream: 64 * 1024 * 1024,
  multipart: 4 * 1024 * 1024,
};

/** Objects and arrays nested deeper than this are refused: no request of Registre needs more than a few. */
export const MAX_JSON_DEPTH = 32;
/** At most this many faulty texts are listed in one answer. */
const MAX_LISTED = 20;

/** The variables the guard sets: a body's refusal kept for `bodyChecked`, and a JSON body's bytes as received. */
export type InputGuardEnv = { Variables: { bodyRefusal?: ProblemError; rawBody?: Uint8Array } };

/**
 * A JSON body's bytes exactly as the client sent them — what the routes read (`c.req.json()`,
 * `c.req.text()`) is the guard's re-serialised JSON, its texts in NFC. A signature over the body (the
 * platform's webhook) is checked over these: re-serialising changes the bytes (spacing, key order,
 * unicode escapes). Another body: the bytes the routes read.
 */
export const rawBodyOf = async (c: Context): Promise<Uint8Array> =>
  (c as Context<InputGuardEnv>).get("rawBody") ?? new Uint8Array(await c.req.arrayBuffer());

const flawCodes: Record<TextFlaw, string> = {
  nul: "validation.textNul",
  surrogate: "validation.textSurrogate",
  control: "validation.textControl",
};

type FieldError = { path: string; code: string; message: string };

const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

const isJson = (mediaType: string) => /^application\/([\w.-]+\+)?json$/.test(mediaType);

const limitFor = (mediaType: string, limits: BodyLimits): number | undefined => {
  if (isJson(mediaType)) return limits.json;
  if (mediaType === "application/octet-stream") return limits.octetStream;
  if (mediaType === "multipart/form-data") return limits.multipart;
  return undefined;
};

/**
 * Reads the body, never more than `limit` bytes (a client may lie in Content-Length, or send none):
 * refused on its declared length before a byte is read, else as soon as it passes the limit.
 */
const readBody = async (
  request: Request,
  limit: number,
  tooLarge: () => ProblemError,
): Promise<Uint8Array<ArrayBuffer>> => {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  // Each piece copied into place as it arrives, into a buffer of the declared length: a file of
  // megabytes is never copied whole in one go on the event loop (19 MB take 80 ms on a small machine).
  // Without a length (chunked), the pieces are kept and put together at the end.
  let whole = Number.isSafeInteger(declared) && declared > 0 ? new Uint8Array(declared) : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    if (whole && size + value.byteLength <= whole.byteLength) whole.set(value, size);
    else {
      // More than declared (the server's parser would have refused it; kept safe all the same).
      if (whole) chunks.push(whole.subarray(0, size));
      whole = undefined;
      chunks.push(value);
    }
    size += value.byteLength;
  }
  if (whole) return size === whole.byteLength ? whole : whole.slice(0, size);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
};

/**
 * Checks every text of a parsed JSON value — keys too — and answers the value with its texts in NFC.
 * Iterative, so a deep document costs no stack; deeper than `MAX_JSON_DEPTH` is refused.
 */
export const checkJsonTexts = (value: unknown): { value: unknown; flaws: FieldError[]; tooDeep: boolean } => {
  const flaws: { path: string; flaw: TextFlaw }[] = [];
  const visit = (text: string, path: string): string => {
    const flaw = textFlaw(text);
    if (flaw && flaws.length < MAX_LISTED) flaws.push({ path, flaw });
    return text.normalize("NFC");
  };
  type Frame = { parent: Record<string, unknown> | unknown[] | null; key: string | number; path: string };
  const root: { value: unknown } = { value };
  const stack: { value: unknown; frame: Frame; depth: number }[] = [
    { value, frame: { parent: null, key: "value", path: "" }, depth: 0 },
  ];
  const assign = (frame: Frame, next: unknown) => {
    if (frame.parent === null) root.value = next;
    else if (Array.isArray(frame.parent)) frame.parent[frame.key as number] = next;
    else frame.parent[frame.key as string] = next;
  };
  while (stack.length > 0) {
    const { value: current, frame, depth } = stack.pop() as (typeof stack)[number];
    if (typeof current === "string") {
      const normal = visit(current, frame.path || "(body)");
      if (normal !== current) assign(frame, normal);
    } else if (current !== null && typeof current === "object") {
      if (depth >= MAX_JSON_DEPTH) return { value, flaws: [], tooDeep: true };
      if (Array.isArray(current)) {
        current.forEach((item, index) => {
          const path = frame.path ? `${frame.path}.${index}` : String(index);
          stack.push({ value: item, frame: { parent: current, key: index, path }, depth: depth + 1 });
        });
      } else {
        const object = current as Record<string, unknown>;
        for (const key of Object.keys(object)) {
          const path = frame.path ? `${frame.path}.${key}` : key;
          const normalKey = visit(key, path);
          const item = object[key];
          if (normalKey !== key) {
            delete object[key];
            object[normalKey] = item;
          }
          stack.push({ value: item, frame: { parent: object, key: normalKey, path }, depth: depth + 1 });
        }
      }
    }
  }
  return {
    value: root.value,
    flaws: flaws.map(({ path, flaw }) => ({ path, code: flawCodes[flaw], message: flawCodes[flaw] })),
    tooDeep: false,
  };
};

/** The path's segments and the query's names and values, decoded as the routes will see them. */
const urlFlaws = (url: URL): FieldError[] => {
  const out: FieldError[] = [];
  for (const segment of url.pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new ProblemError(400, "http.badPath");
    }
    const flaw = textFlaw(decoded);
    if (flaw) out.push({ path: "path", code: flawCodes[flaw], message: flawCodes[flaw] });
  }
  for (const [name, value] of url.searchParams) {
    const flaw = textFlaw(name) ?? textFlaw(value);
    if (flaw) out.push({ path: `query.${name}`, code: flawCodes[flaw], message: flawCodes[flaw] });
  }
  return out;
};

/**
 * The API's first wall, before routing, authentication or validation: a body over its limit (413), a
 * media type the API does not read (415), JSON that does not parse — an empty body where the
 * operation requires one included — or nests too deep (400), and any
 * text — in the path, the query or the body — holding a NUL, a lone surrogate or a control character
 * (422, each field named). JSON texts reach the routes normalised to NFC, the bytes as sent kept
 * beside them (`rawBodyOf`). Every route, present and future, goes through it.
 */
export const inputGuard =
  (
    limitsOf: () => { readonly body: BodyLimits; readonly uploads: UploadLimits },
  ): MiddlewareHandler<DoorEnv & InputGuardEnv> =>
  async (c, next) => {
    const locale = localeOf(c);
    const refuse = (errors: FieldError[]) =>
      new ProblemError(
        422,
        "validation.invalid",
        {},
        errors.map((e) => ({ ...e, message: translate(e.code, locale) })),
      );
    const inUrl = urlFlaws(new URL(c.req.url));
    if (inUrl.length > 0) throw refuse(inUrl);
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();

    const operation = c.get("operation");
    // No operation answers this method and path: 404 comes next, and the body is never read.
    if (!operation) return next();
    const mediaType = mediaTypeOf(c.req.header("content-type"));
    const { body: limits, uploads } = limitsOf();
    const upload = operation.upload;
    // A file goes by its kind's limit; JSON sent to an upload's route by JSON's.
    const limit =
      upload && !isJson(mediaType) && limitFor(mediaType, limits) !== undefined
        ? uploads[upload].bytes
        : limitFor(mediaType, limits);
    const bytes = await readBody(c.req.raw, limit ?? limits.json, () =>
      upload
        ? new ProblemError(413, "upload.tooLarge", {
            limit: uploads[upload].bytes,
            kind: upload,
            field: "file",
          })
        : new ProblemError(413, "http.payloadTooLarge", { limit: limit ?? limits.json }),
    );
    // The request's stream is read now: what was read goes in Hono's body cache (promises by kind),
    // where validators, handlers and the idempotency middleware read it.
    const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
    const keepBytes = () => {
      cache.arrayBuffer = Promise.resolve(
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? bytes.buffer
          : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      );
    };
    if (limit === undefined) {
      // A body nobody reads: refused rather than silently ignored. No body and no type is fine (POST /logout).
      if (bytes.byteLength > 0) throw new ProblemError(415, "http.unsupportedMediaType", { type: mediaType });
      keepBytes();
      return next();
    }
    // Nothing sent to an operation that takes no body is no body, whatever the type says.
    if (!isJson(mediaType) || (bytes.byteLength === 0 && !operation.takesJson)) {
      keepBytes();
      return next();
    }
    // A body that does not parse, nests too deep or holds a forbidden character is refused once the
    // route knows its caller (`bodyChecked`): without a valid session, 401 comes first.
    const refusal = (error: ProblemError) => {
      keepBytes();
      c.set("bodyRefusal", error);
      return next();
    };
    c.set("rawBody", bytes);
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return refusal(new ProblemError(400, "http.invalidJson"));
    }
    const checked = checkJsonTexts(parsed);
    if (checked.tooDeep) return refusal(new ProblemError(400, "http.tooDeep", { max: MAX_JSON_DEPTH }));
    if (checked.flaws.length > 0) return refusal(refuse(checked.flaws));
    cache.text = Promise.resolve(JSON.stringify(checked.value));
    return next();
  };
