import {
  type Checkpoint,
  compareCheckpoints,
  type Database,
  type EventStore,
  isTransientDatabaseError,
  START,
} from "@registre/store";
import { interval, merge, Subject, type Subscription } from "rxjs";
import type { RunnerOptions } from "./runner.ts";
import { createWatchdog, within } from "./watchdog.ts";

/** How long stopping waits for the catch-up loops to end their step. */
const STOP_WAIT_MS = 10_000;

/** A catch-up loop the watchdog replaced: what it was doing is dropped, whenever it ends. */
export class Abandoned extends Error {
  override readonly name = "Abandoned";
}

/** What the live loops need of the runner. */
export type LiveFollowing = {
  readonly database: Database;
  readonly store: EventStore;
  /** Every follower of the log: the projectors and the reactors. */
  readonly names: () => Iterable<string>;
  /** Follows one of them until it has read past `target` (`live` false: its loop was replaced). */
  readonly follow: (
    name: string,
    target: Checkpoint,
    deadline: number,
    lazy: boolean,
    live: () => boolean,
  ) => Promise<void>;
  /** A follower's published position. */
  readonly at: (name: string) => Checkpoint | undefined;
  /** Drops what the runner remembers of a follower's row: it is read again at the next step. */
  readonly forget: (name: string) => void;
  /** Writes the read positions not written yet, on stop. */
  readonly flush: () => Promise<void>;
  readonly options: RunnerOptions;
};

/**
 * The live side of the runner: each follower of the log (a projector, a reactor) in a catch-up loop of
 * its own, woken by this store's appends (announced in process with their place), the notifications of
 * other processes, read-your-writes pokes and the polling interval; the backoff while the database is
 * unreachable; the watchdog that replaces a loop stalled.
 */
export const liveLoops = ({ database, store, names, follow, at, forget, flush, options }: LiveFollowing) => {
  const poke$ = new Subject<void>();
  let subscription: Subscription | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let unannounce: (() => void) | undefined;

  // What a woken loop follows the log up to. `wave` counts the triggers. A trigger that knows the
  // place it wakes the loops for (an append of this process's store, announced with its checkpoint)
  // moves `announced`; one that does not (another process's notification, the polling interval, a
  // rebuild) is "blind" and makes the next loop to wake read the log's head — once for every loop
  // woken by it: a head read after trigger n serves every loop that needs to see what came before it.
  let wave = 0;
  let blindWave = 0;
  let announced: Checkpoint = START;
  let headRead: { wave: number; head: Promise<Checkpoint> } | undefined;
  const headAfter = (needed: number): Promise<Checkpoint> => {
    if (headRead && headRead.wave >= needed) return headRead.head;
    const read = { wave, head: store.head() };
    headRead = read;
    read.head.catch(() => {
      if (headRead === read) headRead = undefined;
    });
    return read.head;
  };
  /** The place a loop woken now must reach: every announced append, and the head as of the last blind trigger. */
  const targetNow = async (): Promise<Checkpoint> => {
    const known = announced;
    if (blindWave === 0) return known;
    const head = await headAfter(blindWave);
    return compareCheckpoints(head, known) > 0 ? head : known;
  };

  // Each follower follows the log in a loop of its own: a command waiting for one read model does
  // not wait for another's batch, nor for a reactor's call to the outside world.
  const loops = new Map<string, { draining?: Promise<void>; again: boolean }>();
  // Between start and stop: only a started runner follows the log by itself.
  let running = false;
  // While the database is unreachable: the next attempt's delay, and its timer.
  let backoffMs = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const databaseLost = (error: unknown) => {
    if (retry || !running) return;
    if (backoffMs === 0) options.onDatabase?.("lost", error);
    const { first, max } = options.retryMs ?? { first: 100, max: 5000 };
    backoffMs = Math.min(backoffMs === 0 ? first : backoffMs * 2, max);
    retry = setTimeout(() => {
      retry = undefined;
      trigger();
    }, backoffMs);
  };

  const triggerOne = (name: string) => {
    const loop = loops.get(name) ?? { again: false };
    loops.set(name, loop);
    if (!running || retry) return;
    if (loop.draining) {
      loop.again = true;
      return;
    }
    const live = () => loops.get(name) === loop;
    loop.draining = (async () => {
      do {
        loop.again = false;
        try {
          const target = await targetNow();
          await follow(name, target, Date.now() + 30_000, true, live);
          if (backoffMs > 0 && !retry) {
            backoffMs = 0;
            options.onDatabase?.("back");
          }
        } catch (error) {
          if (error instanceof Abandoned || !live()) break;
          if (isTransientDatabaseError(error)) {
            databaseLost(error);
            break;
          }
          options.onError?.("runner", error);
        }
      } while (loop.again && running && live());
      loop.draining = undefined;
    })();
  };

  // The watchdog (`watchdog.ts`): a follower stalled has its catch-up loop replaced by a new one.
  const watchdog = createWatchdog({
    names,
    at,
    head: () => store.head(),
    idle: () => retry !== undefined || !running,
    restartLoop: (name) => {
      loops.set(name, { again: false });
      forget(name);
      triggerOne(name);
    },
    ...(options.stallMs !== undefined && { stallMs: options.stallMs }),
    ...(options.watchMs !== undefined && { watchMs: options.watchMs }),
    ...(options.onStall && { onStall: options.onStall }),
  });

  /** Wakes every loop; `at`, when known, is the place of what woke them (no read of the head then). */
  const trigger = (place?: Checkpoint) => {
    wave++;
    if (!place) blindWave = wave;
    else if (compareCheckpoints(place, announced) > 0) announced = place;
    // An append of this process just committed: the database answers again, so the loops go now
    // rather than when the backoff ends (up to 5 s after a restart, the commands' read models waiting).
    if (place && retry) {
      clearTimeout(retry);
      retry = undefined;
    }
    for (const name of names()) triggerOne(name);
  };

  /**
   * A wake-up for `target` (read-your-writes): none when an announced append already woke the loops
   * for it (they are on it, or past it); a blind one otherwise (a place this process did not append).
   */
  const poke = (target?: Checkpoint) => {
    if (target && compareCheckpoints(announced, target) >= 0) return;
    poke$.next();
  };

  /** Follows the live log: a notification, a poke after a command, or the polling interval. */
  const start = async (): Promise<void> => {
    running = true;
    const notified$ = new Subject<void>();
    // This store's own appends come announced, in process, with their checkpoint (`onAppended`):
    // their notification, sent for other processes, would only wake every loop a second time.
    unlisten = await database
      .listen("registre_events", (payload) => {
        if (payload !== store.instance) notified$.next();
      })
      .catch(() => undefined);
    unannounce = store.onAppended((checkpoint) => trigger(checkpoint));
    subscription = merge(notified$, poke$, interval(options.pollMs ?? 1000)).subscribe(() => trigger());
    watchdog.start();
    trigger();
  };

  const stop = async (): Promise<void> => {
    running = false;
    watchdog.stop();
    clearTimeout(retry);
    retry = undefined;
    subscription?.unsubscribe();
    subscription = undefined;
    unannounce?.();
    unannounce = undefined;
    await unlisten?.().catch(() => {});
    unlisten = undefined;
    // A loop stuck on a promise that never settles does not hold the stop for ever.
    await within(Promise.all([...loops.values()].map((loop) => loop.draining)), STOP_WAIT_MS);
    // The read positions not written yet (a restart would only read those stretches again).
    await flush();
  };

  return { start, stop, trigger, poke, stalled: watchdog.stalled };
};
