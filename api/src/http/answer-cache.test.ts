import { describe, expect, it } from "vitest";
import { acceptsGzip, answerCache, canonical } from "./answer-cache.ts";

const kept = (body: string) => ({ body: Buffer.from(body), etag: '"x"', bytes: body.length });

describe("the answers cache", () => {
  it("drops the least recently used answers past its size in bytes", () => {
    const cache = answerCache(40);
    cache.set("a", kept("aaaaaaaaaa"));
    cache.set("b", kept("bbbbbbbbbb"));
    cache.set("c", kept("cccccccccc"));
    expect(cache.get("a")?.body.toString()).toBe("aaaaaaaaaa");
    cache.set("d", kept("dddddddddd"));
    cache.set("e", kept("eeeeeeeeee"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.body.toString()).toBe("aaaaaaaaaa");
    expect(cache.bytes).toBeLessThanOrEqual(40);
    expect(cache.size).toBe(4);
  });

  it("keeps no answer larger than a quarter of its size", () => {
    const cache = answerCache(40);
    cache.set("big", kept("x".repeat(11)));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("counts an entry's compressed copy in its size, not an entry it dropped", () => {
    const cache = answerCache(40);
    const a = kept("aaaaaaaaaa");
    cache.set("a", a);
    cache.grow("a", a, 4);
    expect(cache.bytes).toBe(14);
    cache.grow("z", kept("zz"), 4);
    expect(cache.bytes).toBe(14);
  });

  it("reads Accept-Encoding as browsers send it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("keys a query by its content, whatever the order of its keys", () => {
    expect(canonical({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      canonical({ a: { d: [2, { e: 0, f: 1 }] }, b: 1 }),
    );
    expect(canonical({ a: 1 })).not.toBe(canonical({ a: "1" }));
  });
});
