/**
 * A seeded pseudo-random number generator: the same seed always yields the same sequence, on
 * every platform, so demo data is reproducible. Not for anything security related.
 */
export interface Rng {
  /** The next float in `[0, 1)`. */
  next(): number;
  /** An integer in `[min, max]`, both inclusive. */
  int(min: number, max: number): number;
  /** A float in `[min, max)`. */
  float(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A shuffled copy of `items` (Fisher-Yates); the input is left as it is. */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent generator seeded from this one, so later draws here do not shift its sequence. */
  fork(): Rng;
}

/**
 * Mixes a string into a 32-bit seed (FNV-1a), e.g. to derive per-account id sequences.
 *
 * @example hashSeed("0190a1b2-…", 1) // a stable unsigned 32-bit integer
 */
export function hashSeed(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * Creates a seeded generator (sfc32, seeded through splitmix32 so nearby seeds diverge at once).
 *
 * @example
 * const rng = createRng(1);
 * rng.int(1, 6); // always the same roll for seed 1
 */
export function createRng(seed: number): Rng {
  let state = Math.trunc(seed) >>> 0;
  const splitmix = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = 1;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  // Discard the first outputs: sfc32 needs a few rounds to mix a fresh state.
  for (let i = 0; i < 12; i += 1) next();

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: (items) => {
      if (items.length === 0) throw new RangeError("pick() needs a non-empty array");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    fork: () => createRng(Math.floor(next() * 4294967296)),
  };
  return rng;
}

/**
 * A random-looking RFC 9562 version 4 UUID drawn from `rng`, so a seed always yields the same ids.
 *
 * @example seededUuid(createRng(7)) // same string on every run
 */
export function seededUuid(rng: Rng): string {
  const bytes: number[] = [];
  for (let i = 0; i < 16; i += 1) bytes.push(Math.floor(rng.next() * 256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
