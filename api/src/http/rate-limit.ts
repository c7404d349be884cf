export type RateLimiterOptions = {
  /** Attempts a key may make inside `windowMs`; the one that reaches `max` locks the key. */
  max: number;
  /** Length of the sliding window over which attempts are counted. */
  windowMs: number;
  /** How long a key stays locked once it reached `max`. */
  lockMs: number;
  /** Keys kept at most; past it the least recently used are forgotten. */
  maxKeys?: number;
  now?: () => number;
};

export type RateLimitDecision = {
  allowed: boolean;
  /** 0 when allowed; otherwise how long until the key is unlocked (for `Retry-After`). */
  retryAfterMs: number;
};

export type RateLimiter = {
  /** Counts one attempt for the key (before trying it) and says whether it may go ahead. */
  hit(key: string): RateLimitDecision;
  /** Forgets the key: its attempts and its lock (after a successful login or renewal). */
  reset(key: string): void;
  /** Keys held in memory (expired ones are pruned as time goes by). */
  size(): number;
};

type Entry = {
  /** Times of the attempts still inside the window, oldest first; never more than `max`. */
  attempts: number[];
  /** Locked until this time (exclusive); 0 when not locked. */
  lockedUntil: number;
};

const positiveInteger = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`rate limiter: ${name} must be a positive integer, got ${value}`);
  }
};

/**
 * An in-memory limiter for login and password renewal, keyed `email:<address>` and `ip:<address>`.
 * Each attempt is counted with `hit` before it is tried; the `max`-th attempt inside a sliding
 * window of `windowMs` is still allowed (it may succeed and `reset` the key), and locks the key for
 * `lockMs` from then: later hits are refused with the time left, and do not extend the lock. When
 * the lock ends the key starts afresh. Expired keys are swept at most once per `windowMs`, and a hard
 * cap of `maxKeys` evicts the least recently used, so memory stays bounded under a flood of keys.
 * One process only: several API processes would each count on their own.
 */
export const createRateLimiter = (options: RateLimiterOptions): RateLimiter => {
  const { max, windowMs, lockMs, maxKeys = 100_000, now = Date.now } = options;
  positiveInteger("max", max);
  positiveInteger("windowMs", windowMs);
  positiveInteger("lockMs", lockMs);
  positiveInteger("maxKeys", maxKeys);

  const entries = new Map<string, Entry>();
  let lastSweep = now();

  const isExpired = (entry: Entry, at: number): boolean =>
    entry.lockedUntil <= at && (entry.attempts.at(-1) ?? Number.NEGATIVE_INFINITY) <= at - windowMs;

  const sweep = (at: number): void => {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, entry] of entries) {
      if (isExpired(entry, at)) entries.delete(key);
    }
  };

  const hit = (key: string): RateLimitDecision => {
    const at = now();
    sweep(at);
    const entry = entries.get(key) ?? { attempts: [], lockedUntil: 0 };
    // Re-inserted on every hit: the map's order is then least recently used first.
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxKeys) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }

    if (entry.lockedUntil > at) return { allowed: false, retryAfterMs: entry.lockedUntil - at };
    entry.lockedUntil = 0;
    entry.attempts = entry.attempts.filter((time) => time > at - windowMs);
    entry.attempts.push(at);
    if (entry.attempts.length >= max) {
      entry.lockedUntil = at + lockMs;
      entry.attempts = [];
    }
    return { allowed: true, retryAfterMs: 0 };
  };

  return {
    hit,
    reset: (key) => {
      entries.delete(key);
    },
    size: () => entries.size,
  };
};
