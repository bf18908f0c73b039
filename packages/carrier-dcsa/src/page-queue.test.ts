import { describe, expect, it } from "vitest";
import { createPageQueue } from "./page-queue.js";

describe("a page queue", () => {
  it("runs at most its concurrency of pages at once, in the order asked, and goes on after a failure", async () => {
    const queue = createPageQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const page = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(n);
      running -= 1;
      if (n === 3) throw new Error("page 3 failed");
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => queue.run(page(n))));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "failed"))).toEqual([1, 2, "failed", 4, 5, 6]);
    expect(() => createPageQueue(0)).toThrow(RangeError);
  });
});
