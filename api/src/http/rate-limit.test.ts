import { describe, expect, it } from "vitest";
import { createRateLimiter, type RateLimiterOptions } from "./rate-limit.ts";

const minute = 60_000;

/** A limiter on a clock the test moves by hand. */
const limiterAt = (options: Omit<RateLimiterOptions, "now">) => {
  let time = 1_000_000;
  const limiter = createRateLimiter({ ...options, now: () => time });
  return {
    limiter,
    advance: (ms: number) => {
      time += ms;
    },
  };
};

const allowed = { allowed: true, retryAfterMs: 0 };

describe("createRateLimiter", () => {
  it("allows max attempts inside the window, then refuses until the lock ends", () => {
    const { limiter, advance } = limiterAt({ max: 3, windowMs: 15 * minute, lockMs: 10 * minute });
    expect(limiter.hit("email:jean@example.fr")).toEqual(allowed);
    advance(minute);
    expect(limiter.hit("email:jean@example.fr")).toEqual(allowed);
    advance(minute);
    // The third attempt may still be tried (it may succeed); it locks the key from now.
    expect(limiter.hit("email:jean@example.fr")).toEqual(allowed);
    advance(1);
    expect(limiter.hit("email:jean@example.fr")).toEqual({ allowed: false, retryAfterMs: 10 * minute - 1 });
    advance(4 * minute);
    // Refused hits do not extend the lock.
    expect(limiter.hit("email:jean@example.fr")).toEqual({ allowed: false, retryAfterMs: 6 * minute - 1 });
    advance(6 * minute - 2);
    expect(limiter.hit("email:jean@example.fr")).toEqual({ allowed: false, retryAfterMs: 1 });
    advance(1);
    expect(limiter.hit("email:jean@example.fr")).toEqual(allowed);
  });

  it("starts afresh when the lock ends", () => {
    const { limiter, advance } = limiterAt({ max: 2, windowMs: 15 * minute, lockMs: 5 * minute });
    limiter.hit("k");
    limiter.hit("k");
    expect(limiter.hit("k").allowed).toBe(false);
    advance(5 * minute);
    expect(limiter.hit("k")).toEqual(allowed);
    expect(limiter.hit("k")).toEqual(allowed);
    expect(limiter.hit("k")).toEqual({ allowed: false, retryAfterMs: 5 * minute });
  });

  it("counts over a sliding window: attempts older than windowMs no longer count", () => {
    const { limiter, advance } = limiterAt({ max: 3, windowMs: 10 * minute, lockMs: 30 * minute });
    limiter.hit("k");
    advance(6 * minute);
    limiter.hit("k");
    advance(4 * minute);
    // The first attempt is now exactly windowMs old: out of the window, so this is the second.
    expect(limiter.hit("k")).toEqual(allowed);
    advance(1);
    // Third inside the window (at +6, +10, +10:00.001): allowed, and it locks.
    expect(limiter.hit("k")).toEqual(allowed);
    expect(limiter.hit("k")).toEqual({ allowed: false, retryAfterMs: 30 * minute });
  });

  it("never locks a key whose attempts are spread wider than the window", () => {
    const { limiter, advance } = limiterAt({ max: 3, windowMs: 10 * minute, lockMs: 30 * minute });
    for (let i = 0; i < 20; i++) {
      expect(limiter.hit("k")).toEqual(allowed);
      advance(5 * minute + 1);
    }
  });

  it("keeps keys apart", () => {
    const { limiter } = limiterAt({ max: 2, windowMs: minute, lockMs: minute });
    limiter.hit("email:jean@example.fr");
    limiter.hit("email:jean@example.fr");
    expect(limiter.hit("email:jean@example.fr").allowed).toBe(false);
    expect(limiter.hit("email:paul@example.fr")).toEqual(allowed);
    expect(limiter.hit("ip:192.0.2.1")).toEqual(allowed);
  });

  it("reset forgets the attempts and lifts the lock", () => {
    const { limiter } = limiterAt({ max: 3, windowMs: minute, lockMs: minute });
    limiter.hit("k");
    limiter.hit("k");
    limiter.reset("k");
    expect(limiter.hit("k")).toEqual(allowed);
    expect(limiter.hit("k")).toEqual(allowed);
    expect(limiter.hit("k")).toEqual(allowed);
    expect(limiter.hit("k").allowed).toBe(false);
    limiter.reset("k");
    expect(limiter.hit("k")).toEqual(allowed);
    limiter.reset("never seen");
    expect(limiter.size()).toBe(1);
  });

  it("prunes keys whose window and lock have passed", () => {
    const { limiter, advance } = limiterAt({ max: 2, windowMs: 10 * minute, lockMs: 30 * minute });
    for (let i = 0; i < 50; i++) limiter.hit(`ip:192.0.2.${i}`);
    limiter.hit("locked");
    limiter.hit("locked");
    expect(limiter.size()).toBe(51);
    advance(10 * minute);
    limiter.hit("fresh");
    // The 50 one-attempt keys are out of their window; the locked key is kept while locked.
    expect(limiter.size()).toBe(2);
    expect(limiter.hit("locked").allowed).toBe(false);
    advance(20 * minute);
    limiter.hit("fresh");
    expect(limiter.size()).toBe(1);
  });

  it("sweeps at most once per window", () => {
    const { limiter, advance } = limiterAt({ max: 5, windowMs: 10 * minute, lockMs: minute });
    limiter.hit("a");
    advance(5 * minute);
    limiter.hit("b");
    advance(5 * minute);
    // A window since the limiter was made: the sweep drops "a", and "b" is still inside its window.
    limiter.hit("c");
    expect(limiter.size()).toBe(2);
    advance(5 * minute + 1);
    // "b" has expired, but the last sweep was less than a window ago: it stays for now.
    limiter.hit("d");
    expect(limiter.size()).toBe(3);
    advance(5 * minute - 1);
    // The next sweep drops "b" and "c".
    limiter.hit("e");
    expect(limiter.size()).toBe(2);
  });

  it("holds at most maxKeys, forgetting the least recently used", () => {
    const { limiter } = limiterAt({ max: 2, windowMs: minute, lockMs: minute, maxKeys: 3 });
    limiter.hit("a");
    limiter.hit("a");
    limiter.hit("b");
    limiter.hit("c");
    // "a" is locked; touching it makes "b" the least recently used.
    expect(limiter.hit("a").allowed).toBe(false);
    limiter.hit("d");
    expect(limiter.size()).toBe(3);
    expect(limiter.hit("a").allowed).toBe(false);
    // "b" was forgotten: it counts from zero again (a second hit would otherwise lock it).
    expect(limiter.hit("b")).toEqual(allowed);
    expect(limiter.hit("b")).toEqual(allowed);
    expect(limiter.hit("b").allowed).toBe(false);
    expect(limiter.size()).toBe(3);
  });

  it("refuses options that would make no sense", () => {
    expect(() => createRateLimiter({ max: 0, windowMs: minute, lockMs: minute })).toThrow(RangeError);
    expect(() => createRateLimiter({ max: 5, windowMs: -1, lockMs: minute })).toThrow(RangeError);
    expect(() => createRateLimiter({ max: 5, windowMs: minute, lockMs: Number.NaN })).toThrow(RangeError);
    expect(() => createRateLimiter({ max: 5, windowMs: minute, lockMs: minute, maxKeys: 0 })).toThrow(
      RangeError,
    );
  });

  it("uses the system clock by default", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: minute, lockMs: minute });
    expect(limiter.hit("k")).toEqual(allowed);
    const refused = limiter.hit("k");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(minute - 1_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(minute);
  });
});
