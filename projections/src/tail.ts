import { type Checkpoint, compareCheckpoints, type EventStore, type ReadBatch, START } from "@registre/store";

/** A batch read from an earlier place, seen from `from`: the events past it; never a checkpoint before it. */
const after = (batch: ReadBatch, from: Checkpoint): ReadBatch => {
  if (compareCheckpoints(batch.checkpoint, from) <= 0)
    return { events: [], checkpoint: from, full: batch.full };
  const events = batch.events.filter(
    (e) => compareCheckpoints({ txId: e.txId, position: e.position }, from) > 0,
  );
  return { events, checkpoint: batch.checkpoint, full: batch.full };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the live loops share: the log's tail, and the pause of loops held back by an open transaction. */
export const sharedReads = (store: EventStore, batchSize: number) => {
  // The log's tail, every type, read once for the caught-up loops that ask for it at the same moment
  // (woken by the same trigger, they ask one after the other): from the earliest place any of them
  // is at, each keeping the events past its own place and of its own types.
  let waiting: { from: Checkpoint; resolve: (b: ReadBatch) => void; reject: (e: unknown) => void }[] = [];
  const readTail = (from: Checkpoint): Promise<ReadBatch> =>
    new Promise<ReadBatch>((resolve, reject) => {
      waiting.push({ from, resolve, reject });
      if (waiting.length === 1) setImmediate(flushTail);
    });
  const flushTail = () => {
    const readers = waiting;
    waiting = [];
    let earliest = readers[0]?.from ?? START;
    for (const r of readers) if (compareCheckpoints(r.from, earliest) < 0) earliest = r.from;
    store.readAll(earliest, { limit: batchSize }).then(
      (batch) => {
        for (const r of readers) r.resolve(after(batch, r.from));
      },
      (error: unknown) => {
        for (const r of readers) r.reject(error);
      },
    );
  };

  // Loops held back by an open transaction try again together, so that they share their reads.
  let tick: Promise<void> | undefined;
  const retryTick = (): Promise<void> =>
    (tick ??= sleep(10).then(() => {
      tick = undefined;
    }));

  return { readTail, retryTick };
};
