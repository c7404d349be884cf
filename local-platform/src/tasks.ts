/**
 * The platform's background work (acknowledgements processed "shortly after", webhooks delivered and
 * retried), kept apart from the request path: each task is counted, so that a test can wait until the
 * platform is idle, and the platform's close cancels what is still waiting.
 */
export type Tasks = {
  /** Runs `task` after `ms` (never inside the caller's request). */
  later(ms: number, task: () => Promise<void> | void): void;
  /** Resolves when no task waits or runs (tasks started by tasks included). */
  idle(): Promise<void>;
  /** Cancels the tasks still waiting; those running finish. */
  close(): Promise<void>;
};

export const makeTasks = (onError: (error: unknown) => void): Tasks => {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (timers.size > 0 || running.size > 0) return;
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
  };
  return {
    later(ms, task) {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        const run = (async () => {
          try {
            await task();
          } catch (error) {
            onError(error);
          }
        })();
        running.add(run);
        void run.finally(() => {
          running.delete(run);
          settle();
        });
      }, ms);
      timers.add(timer);
    },
    idle() {
      if (timers.size === 0 && running.size === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
      settle();
    },
  };
};
