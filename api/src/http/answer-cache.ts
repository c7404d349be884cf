import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { readModelVersions } from "@registre/projections";
import type { Database } from "@registre/store";
import type { Context } from "hono";
import { localeOf } from "./problem.ts";

/** What the answers cache keeps at most, in bytes of JSON text (two bytes a character, as V8 may hold them). */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

type Kept = {
  /** The answer's JSON, encoded once. */
  readonly body: Buffer;
  /** The same compressed, made the first time a client that accepts gzip asks for it. */
  gzip?: Buffer;
  readonly etag: string;
  bytes: number;
};

/**
 * A least-recently-used map of answers, bounded by their size. A `Map` keeps insertion order:
 * a hit is moved to the end, and the oldest are dropped from the start.
 */
export const answerCache = (limitBytes = ANSWER_CACHE_BYTES) => {
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const get = (key: string): Kept | undefined => {
    const hit = kept.get(key);
    if (!hit) return undefined;
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  };
  /** Counts bytes added to an entry already kept (its compressed copy). */
  const grow = (key: string, value: Kept, added: number) => {
    if (kept.get(key) !== value) return;
    value.bytes += added;
    bytes += added;
  };
  const set = (key: string, value: Kept) => {
    if (value.bytes > limitBytes / 4) return;
    const old = kept.get(key);
    if (old) {
      kept.delete(key);
      bytes -= old.bytes;
    }
    kept.set(key, value);
    bytes += value.bytes;
    for (const [k, v] of kept) {
      if (bytes <= limitBytes) break;
      kept.delete(k);
      bytes -= v.bytes;
    }
  };
  return {
    get,
    set,
    grow,
    get size() {
      return kept.size;
    },
    get bytes() {
      return bytes;
    },
  };
};

export type AnswerCache = ReturnType<typeof answerCache>;

/** One cache per database: versions are the database's, and a process serves one. */
const caches = new WeakMap<object, AnswerCache>();
export const answersOf = (database: Database): AnswerCache => {
  let cache = caches.get(database.db);
  if (!cache) {
    cache = answerCache();
    caches.set(database.db, cache);
  }
  return cache;
};

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const GZIP_FROM_BYTES = 2048;

/** Whether an `Accept-Encoding` header accepts gzip (not refused by `q=0`). */
export const acceptsGzip = (header: string | undefined): boolean =>
  (header ?? "").split(",").some((part) => {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });

/** The canonical text of a query or body: keys sorted at every level, undefined left out. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  ) ?? "";

const etagOf = (key: string) => `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`;

/** Whether an `If-None-Match` header names `etag` (or `*`); weak tags compare by their value. */
const matches = (header: string | undefined, etag: string) =>
  (header ?? "").split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });

export type CachedRead = {
  /** The route's name: two routes never share an entry. */
  readonly route: string;
  readonly orgId: string;
  /** The read models the answer is made of (their projectors' names). */
  readonly models: readonly string[];
  /** The request's parameters as the handler read them (validated): part of the key, canonical. */
  readonly query: unknown;
  /** The answer's JSON text, computed when the cache has none for the key. */
  readonly compute: () => Promise<string>;
};

/**
 * A read answered from the cache when the read models it is made of have not changed for the
 * organisation since it was computed. The key is (route, organisation, locale, query, versions):
 * one organisation's answer is never another's, and a change of any of the models gives a new key,
 * so an entry is never served past a change (old ones age out of the LRU). The versions are read
 * after the route's rights were checked (its middleware) and before the answer is computed: an
 * answer is at least as new as its key. A command answers once its read models show its events
 * (`awaitVisible`), so the client's next read finds the new version. GET answers carry an `ETag`
 * (a hash of the key) and are answered 304 when the client already holds them.
 */
export const cachedRead = async (database: Database, c: Context, read: CachedRead): Promise<Response> => {
  const versions = await readModelVersions(database, read.orgId, read.models);
  const key = [read.route, read.orgId, localeOf(c), canonical(read.query), versions].join("\u0000");
  const etag = etagOf(key);
  const conditional = c.req.method === "GET" || c.req.method === "HEAD";
  const headers: Record<string, string> = conditional
    ? { etag, "cache-control": "private, no-cache", vary: "authorization, accept-language" }
    : {};
  if (conditional && matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  const cache = answersOf(database);
  let hit = cache.get(key);
  if (!hit) {
    const body = Buffer.from(await read.compute());
    hit = { body, etag, bytes: body.length + key.length * 2 };
    cache.set(key, hit);
  }
  const type = { "content-type": "application/json" };
  // A large answer's encoding depends on the request's Accept-Encoding.
  const varyEncoding = `${headers.vary ?? "authorization, accept-language"}, accept-encoding`;
  // A browser accepts gzip: a large answer goes compressed, compressed once per entry (level 1: the
  // answer is made for the wire, not for an archive).
  if (hit.body.length >= GZIP_FROM_BYTES && acceptsGzip(c.req.header("accept-encoding"))) {
    if (!hit.gzip) {
      hit.gzip = gzipSync(hit.body, { level: 1 });
      cache.grow(key, hit, hit.gzip.length);
    }
    return c.body(hit.gzip as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      ...type,
      "content-encoding": "gzip",
      vary: varyEncoding,
    });
  }
  return c.body(hit.body as Uint8Array<ArrayBuffer>, 200, {
    ...headers,
    ...type,
    ...(hit.body.length >= GZIP_FROM_BYTES && { vary: varyEncoding }),
  });
};
