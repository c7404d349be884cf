/**
 * Runs works of the same key one after the other in this process (a reactor's batch may be given to two
 * of the runner's loops at once: the second reads the first's record and does nothing); another key's
 * work does not wait. A failed work does not stop the next one of its key.
 */
export const oneAtATime = () => {
  const inFlight = new Map<string, Promise<void>>();
  return async (key: string, work: () => Promise<void>): Promise<void> => {
    const next = (inFlight.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    inFlight.set(key, next);
    try {
      await next;
    } finally {
      if (inFlight.get(key) === next) inFlight.delete(key);
    }
  };
};
