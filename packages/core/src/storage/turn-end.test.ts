import { describe, expect, it } from "vitest";
import { createTurnScheduler } from "./turn-end.js";

/** Resolves after `n` promise reactions, as a SQLite group commit does its work between awaits. */
async function reactions(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

/** Resolves in the turn after the next one: whatever the next turn's end does is done by then. */
const twoTurns = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

describe("a turn scheduler's endOfTurn and atEndOfTurn", () => {
  it("release the turn's responses, then run its jobs, then release the responses the jobs made ready, before the next turn", async () => {
    const { atEndOfTurn, endOfTurn } = createTurnScheduler();
    const order: string[] = [];
    const nextTurn = new Promise<void>((resolve) => setImmediate(() => setImmediate(() => (order.push("next turn"), resolve()))));
    void endOfTurn().then(() => order.push("read 1 leaves"));
    atEndOfTurn(() => {
      order.push("group starts");
      void (async () => {
        await reactions(20);
        order.push("group committed");
        await Promise.all(["write 1", "write 2"].map(async (write) => (await reactions(3), await endOfTurn(), order.push(`${write} leaves`))));
      })();
    });
    void endOfTurn().then(() => order.push("read 2 leaves"));
    await nextTurn;
    expect(order).toEqual(["read 1 leaves", "read 2 leaves", "group starts", "group committed", "write 1 leaves", "write 2 leaves", "next turn"]);
  });

  it("run the jobs of a turn once, in the order given; a job given while they run waits for the next turn", async () => {
    const { atEndOfTurn } = createTurnScheduler();
    const order: string[] = [];
    atEndOfTurn(() => {
      order.push("a");
      atEndOfTurn(() => order.push("c (next turn)"));
    });
    atEndOfTurn(() => order.push("b"));
    await new Promise<void>((resolve) => setImmediate(() => (order.push("turn ended"), resolve())));
    await twoTurns();
    expect(order).toEqual(["a", "b", "turn ended", "c (next turn)"]);
  });

  it("release everyone who waits in one turn at once, and start again the turn after", async () => {
    const { endOfTurn } = createTurnScheduler();
    const first = endOfTurn();
    expect(endOfTurn()).toBe(first);
    await first;
    const second = endOfTurn();
    expect(second).not.toBe(first);
    await second;
  });

  it("keep each scheduler's turn ends its own: each releases its own waiters and runs its own jobs", async () => {
    const [a, b] = [createTurnScheduler(), createTurnScheduler()];
    const order: string[] = [];
    a.atEndOfTurn(() => order.push("a job"));
    void b.endOfTurn().then(() => order.push("b response"));
    void a.endOfTurn().then(() => order.push("a response"));
    await twoTurns();
    // a's end of turn was asked for first (by its job): its response, then its job; then b's end.
    expect(order).toEqual(["a response", "a job", "b response"]);
    expect(a.endOfTurn()).not.toBe(b.endOfTurn());
  });
});
