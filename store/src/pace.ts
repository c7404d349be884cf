/**
 * Cooperative pacing for long loops on the event loop (issue 21): `await pace()` in a loop gives the
 * loop a turn (`setImmediate`, after I/O) once the work has run `sliceMs` since its last turn, so that
 * one organisation's import or a projection's large batch never holds every other request for more
 * than a slice. Cheap when there is nothing to give: one clock read.
 */
export const pacer = (sliceMs = 10): (() => Promise<void>) => {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
};

/** `items` in consecutive slices of at most `size`, each yielded after the loop had its turn when due. */
export async function* paced<T>(items: readonly T[], size: number, sliceMs = 10): AsyncGenerator<T[]> {
  const pace = pacer(sliceMs);
  for (let i = 0; i < items.length; i += size) {
    await pace();
    yield items.slice(i, i + size);
  }
}
