/** A map's keys go to 64 × 64 buckets by a hash: a change copies two 64-slot arrays and the buckets it touches. */
const WIDTH = 64;

/** FNV-1a of a string: its bucket's place in the two levels. */
const placeOf = (key: string): readonly [number, number] => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  const h = hash >>> 0;
  return [(h >>> 6) % WIDTH, h % WIDTH];
};

type Bucket<V> = ReadonlyMap<string, V>;
type Level<V> = readonly (Bucket<V> | undefined)[];

/**
 * An immutable map from strings, changed by copying only what a change touches: its keys are spread
 * over a fixed number of buckets by a hash, so `with` and `without` copy the bucket slots and the
 * buckets of the keys they change, never the whole map. States folded from a long stream (the lettering
 * of a busy account holds tens of thousands of lines) stay immutable values without each event copying
 * all that came before: copying them made folding such a stream quadratic (5,000 sets took 12 s).
 */
export class PersistentMap<V> {
  private constructor(
    private readonly levels: readonly (Level<V> | undefined)[],
    /** How many keys it holds. */
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(new Array<Level<V> | undefined>(WIDTH).fill(undefined), 0);
  }

  static of<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    return PersistentMap.empty<V>().with(entries);
  }

  private bucket(key: string): Bucket<V> | undefined {
    const [top, low] = placeOf(key);
    return this.levels[top]?.[low];
  }

  get(key: string): V | undefined {
    return this.bucket(key)?.get(key);
  }

  has(key: string): boolean {
    return this.bucket(key)?.has(key) ?? false;
  }

  /**
   * A copy that `change` may write: the top level and, on first touch, a key's second level and
   * bucket are copied; what it does not touch stays shared with this map.
   */
  private change(apply: (writable: (key: string) => Map<string, V> | undefined) => number): PersistentMap<V> {
    const levels = [...this.levels];
    const copiedLevels = new Set<number>();
    const copiedBuckets = new Set<number>();
    const delta = apply((key) => {
      const [top, low] = placeOf(key);
      if (!copiedLevels.has(top)) {
        levels[top] = levels[top] ? [...(levels[top] as Level<V>)] : new Array(WIDTH).fill(undefined);
        copiedLevels.add(top);
      }
      const level = levels[top] as (Bucket<V> | undefined)[];
      const id = top * WIDTH + low;
      if (!copiedBuckets.has(id)) {
        level[low] = new Map(level[low]);
        copiedBuckets.add(id);
      }
      return level[low] as Map<string, V>;
    });
    return copiedBuckets.size === 0 ? this : new PersistentMap(levels, this.size + delta);
  }

  /** This map with `entries` set (a key already there takes the new value). */
  with(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    return this.change((writable) => {
      let added = 0;
      for (const [key, value] of entries) {
        const bucket = writable(key) as Map<string, V>;
        if (!bucket.has(key)) added++;
        bucket.set(key, value);
      }
      return added;
    });
  }

  /** This map without `keys` (those it does not hold are passed over). */
  without(keys: Iterable<string>): PersistentMap<V> {
    const present = [...keys].filter((key) => this.has(key));
    if (present.length === 0) return this;
    return this.change((writable) => {
      let removed = 0;
      for (const key of present) if ((writable(key) as Map<string, V>).delete(key)) removed++;
      return -removed;
    });
  }

  *entries(): IterableIterator<[string, V]> {
    for (const level of this.levels)
      if (level) for (const bucket of level) if (bucket) yield* bucket.entries();
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  /** Its entries as a plain object (for a test or a message), keys in no particular order. */
  toObject(): Record<string, V> {
    return Object.fromEntries(this.entries());
  }
}
