/**
 * A bounded least-recently-used cache over a `Map` (iteration order is insertion order): a hit
 * moves the entry to the end, and inserting past `capacity` evicts the oldest entry.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`cache capacity must be a positive integer, got ${capacity}`);
  }

  /** How many entries are held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The cached value for `key`, building and caching it with `build` on a miss. */
  getOrBuild(key: string, build: () => V): V {
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const value = build();
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    return value;
  }
}
