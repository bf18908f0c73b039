import { describe, expect, it } from "vitest";
import { createRng, hashSeed, seededUuid } from "./random.js";

const draw = (seed: number): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: 20 }, () => rng.next());
};

describe("createRng", () => {
  it("repeats its sequence for a seed and differs between seeds", () => {
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it("keeps every helper in range", () => {
    const rng = createRng(42);
    for (let i = 0; i < 2000; i += 1) {
      const n = rng.next();
      expect(n >= 0 && n < 1).toBe(true);
      const k = rng.int(3, 5);
      expect([3, 4, 5]).toContain(k);
      const f = rng.float(-2, 2);
      expect(f >= -2 && f < 2).toBe(true);
    }
  });

  it("reaches both ends of an integer range", () => {
    const rng = createRng(3);
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("picks, shuffles and flips coins deterministically", () => {
    const a = createRng(9);
    const b = createRng(9);
    const items = ["a", "b", "c", "d", "e"];
    expect(a.pick(items)).toBe(b.pick(items));
    const shuffled = a.shuffle(items);
    expect(shuffled).toEqual(b.shuffle(items));
    expect([...shuffled].sort()).toEqual(items);
    expect(items).toEqual(["a", "b", "c", "d", "e"]);
    expect(a.chance(0.5)).toBe(b.chance(0.5));
    expect(() => a.pick([])).toThrow(RangeError);
  });

  it("forks an independent generator", () => {
    const parent = createRng(5);
    const child = parent.fork();
    const again = createRng(5).fork();
    expect(child.next()).toBe(again.next());
  });
});

describe("seededUuid", () => {
  it("mints version 4 UUIDs with the RFC variant, the same for the same seed", () => {
    const ids = Array.from({ length: 50 }, (_, i) => seededUuid(createRng(i)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seededUuid(createRng(7))).toBe(seededUuid(createRng(7)));
  });
});

describe("hashSeed", () => {
  it("is stable and depends on both the text and the seed", () => {
    expect(hashSeed("account-a", 1)).toBe(hashSeed("account-a", 1));
    expect(hashSeed("account-a", 1)).not.toBe(hashSeed("account-b", 1));
    expect(hashSeed("account-a", 1)).not.toBe(hashSeed("account-a", 2));
  });
});
