import { type Checkpoint, compareCheckpoints } from "@registre/store";

/**
 * How long a projector's position may stay still while the log is ahead of it: then its catch-up loop
 * is taken as stuck (a promise that never settled, a wake-up lost) and started again.
 */
export const STALL_MS = 60_000;

/** `promise`, or `undefined` when it has not settled within `ms` (it is then left to itself). */
export const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

export type WatchdogOptions = {
  /** The projectors watched. */
  readonly names: () => Iterable<string>;
  /** A projector's published position. */
  readonly at: (name: string) => Checkpoint | undefined;
  /** The log's head (read from the database: it may never answer). */
  readonly head: () => Promise<Checkpoint>;
  /** Nothing can move now (the database is lost and its backoff runs, or the runner stopped). */
  readonly idle: () => boolean;
  /** Replaces a projector's catch-up loop by a new one, from its row as stored. */
  readonly restartLoop: (name: string) => void;
  readonly stallMs?: number;
  /** How often it looks (a quarter of `stallMs`, 5 s at most, by default). */
  readonly watchMs?: number;
  /** A projector stalled (its loop is started again), or moves again after it had. */
  readonly onStall?: (
    name: string,
    state: "stalled" | "moving",
    detail: { readonly stillMs: number },
  ) => void;
};

/**
 * The projection runner's watchdog. A projector whose published position has not moved for `stallMs`
 * while the log's head is ahead of it and the database answers is stalled: whatever its loop waits for
 * (a promise of a dead connection that never settles, a wake-up that was lost), the loop is replaced by
 * a new one, which reads its row again and goes on from there (the old one, should it ever wake, stops
 * at its next step; checkpoints move by compare-and-set, so nothing is applied twice either way).
 * Health reports a stalled projector until it moves again.
 */
export const createWatchdog = (options: WatchdogOptions) => {
  const stallMs = options.stallMs ?? STALL_MS;
  const watchMs = options.watchMs ?? Math.min(5000, Math.max(10, Math.floor(stallMs / 4)));
  /** Each projector behind the head: the position it has stayed at, and since when (database answering). */
  const still = new Map<string, { checkpoint: Checkpoint | undefined; since: number }>();
  /** The projectors reported stalled, until they move again. */
  const stalled = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let watching = false;

  const moving = (name: string, since: number) => {
    if (!stalled.delete(name)) return;
    options.onStall?.(name, "moving", { stillMs: Date.now() - since });
  };

  const watch = async () => {
    if (watching || timer === undefined) return;
    watching = true;
    try {
      // While the database is unreachable nothing can move: the backoff is on it, and the stillness
      // is counted from when it answers again.
      const head = options.idle()
        ? undefined
        : await within(options.head(), Math.max(stallMs, 1000)).catch(() => undefined);
      const now = Date.now();
      if (!head || options.idle()) {
        for (const seen of still.values()) seen.since = now;
        return;
      }
      for (const name of options.names()) {
        const at = options.at(name);
        const seen = still.get(name);
        if (at && compareCheckpoints(at, head) >= 0) {
          still.delete(name);
          moving(name, seen?.since ?? now);
          continue;
        }
        if (!seen || (at && (!seen.checkpoint || compareCheckpoints(at, seen.checkpoint) !== 0))) {
          if (seen) moving(name, seen.since);
          still.set(name, { checkpoint: at, since: now });
          continue;
        }
        if (now - seen.since < stallMs) continue;
        if (!stalled.has(name)) {
          stalled.add(name);
          options.onStall?.(name, "stalled", { stillMs: now - seen.since });
        }
        options.restartLoop(name);
        // The new loop has as long to move before it is replaced in turn.
        seen.since = now;
      }
    } finally {
      watching = false;
    }
  };

  return {
    start: () => {
      timer = setInterval(() => void watch(), watchMs);
      timer.unref?.();
    },
    stop: () => {
      clearInterval(timer);
      timer = undefined;
      still.clear();
      stalled.clear();
    },
    stalled: (name: string) => stalled.has(name),
  };
};
