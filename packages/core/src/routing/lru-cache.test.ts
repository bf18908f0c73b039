import { describe, expect, it } from "vitest";
import { LruCache } from "./lru-cache.js";

describe("LruCache", () => {
  it("builds once per key and evicts the least recently used entry past its capacity", () => {
    const cache = new LruCache<number>(2);
    let builds = 0;
    const build = (value: number) => () => {
      builds += 1;
      return value;
    };
    expect(cache.getOrBuild("a", build(1))).toBe(1);
    expect(cache.getOrBuild("b", build(2))).toBe(2);
    expect(cache.getOrBuild("a", build(99))).toBe(1);
    cache.getOrBuild("c", build(3));
    expect(builds).toBe(3);
    expect(cache.size).toBe(2);
    // "a" was used after "b", so "b" went: "a" comes from the cache, "b" is built again.
    cache.getOrBuild("a", build(99));
    expect(builds).toBe(3);
    expect(cache.getOrBuild("b", build(20))).toBe(20);
    expect(builds).toBe(4);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
