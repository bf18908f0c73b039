import { describe, expect, it } from "vitest";
import { manualClock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import { createOutboxRetention, withOutboxRetention } from "./outbox-retention.js";
import type { WebhookDispatcher } from "./webhook-dispatcher.js";

/**
 * A storage whose outbox holds `backlog` delivered notifications older than any cutoff, and whose
 * accounts hold `domainEvents` old domain events each.
 */
function outbox(backlog: number, domainEvents: Record<string, number> = {}) {
  const calls: { before: string; limit: number }[] = [];
  const eventCalls: { accountId: string; before: string; limit: number }[] = [];
  let left = backlog;
  const eventsLeft = { ...domainEvents };
  const accounts = Object.keys(domainEvents).map((id) => ({ id }));
  const storage = {
    webhookNotifications: {
      pruneDelivered: async (before: string, limit: number) => {
        calls.push({ before, limit });
        const pruned = Math.min(left, limit);
        left -= pruned;
        return pruned;
      },
    },
    accounts: {
      list: async (page: { number: number; size: number }) => ({ items: accounts.slice((page.number - 1) * page.size, page.number * page.size), total: accounts.length }),
    },
    domainEvents: {
      pruneCreatedBefore: async (accountId: string, before: string, limit: number) => {
        eventCalls.push({ accountId, before, limit });
        const pruned = Math.min(eventsLeft[accountId] ?? 0, limit);
        eventsLeft[accountId] = (eventsLeft[accountId] ?? 0) - pruned;
        return pruned;
      },
    },
  } as unknown as Storage;
  return { storage, calls, eventCalls, left: () => left, eventsLeft: () => eventsLeft };
}

describe("outbox retention", () => {
  it("prunes delivered notifications older than 30 days by default, in batches, until the backlog is gone", async () => {
    const { storage, calls, left } = outbox(1_234);
    const retention = createOutboxRetention({ storage, clock: manualClock("2026-03-31T00:00:00.000Z") });
    expect(await retention.runDue()).toBe(1_234);
    expect(left()).toBe(0);
    expect(calls.map((call) => call.limit)).toStrictEqual([500, 500, 500]);
    expect(new Set(calls.map((call) => call.before))).toStrictEqual(new Set(["2026-03-01T00:00:00.000Z"]));
  });

  it("takes the age and batch size it is given, and bounds one pass", async () => {
    const { storage, calls } = outbox(1_000_000);
    const retention = createOutboxRetention({ storage, clock: manualClock("2026-03-31T00:00:00.000Z"), options: { deliveredMaxAgeMs: 86_400_000, batchSize: 10 } });
    expect(await retention.runDue()).toBe(1_000);
    expect(calls[0]).toStrictEqual({ before: "2026-03-30T00:00:00.000Z", limit: 10 });
    expect(() => createOutboxRetention({ storage, clock: manualClock(), options: { batchSize: 0 } })).toThrow(TypeError);
  });

  it("prunes every account's domain events older than 7 days by default, in batches, bounded per pass", async () => {
    const { storage, eventCalls, eventsLeft } = outbox(0, { a: 1_200, b: 10 });
    const retention = createOutboxRetention({ storage, clock: manualClock("2026-03-31T00:00:00.000Z") });
    expect(await retention.runDue()).toBe(0);
    expect(eventsLeft()).toStrictEqual({ a: 0, b: 0 });
    expect(eventCalls.map((call) => `${call.accountId} ${call.limit}`)).toStrictEqual(["a 500", "a 500", "a 500", "b 500"]);
    expect(new Set(eventCalls.map((call) => call.before))).toStrictEqual(new Set(["2026-03-24T00:00:00.000Z"]));
    // A backlog larger than a pass's 100 batches is worked off over several passes.
    const big = outbox(0, { a: 60_000, b: 5 });
    const small = createOutboxRetention({ storage: big.storage, clock: manualClock("2026-03-31T00:00:00.000Z"), options: { domainEventMaxAgeMs: 86_400_000 } });
    await small.runDue();
    expect(big.eventsLeft()).toStrictEqual({ a: 10_000, b: 5 });
    expect(big.eventCalls[0]!.before).toBe("2026-03-30T00:00:00.000Z");
    await small.runDue();
    expect(big.eventsLeft()).toStrictEqual({ a: 0, b: 0 });
  });

  it("runs beside the delivery worker: start and stop drive both, runDue is delivery alone", async () => {
    const { storage, calls } = outbox(3);
    const events: string[] = [];
    const dispatcher: WebhookDispatcher = {
      runDue: async () => (events.push("deliver"), { total: 0, succeeded: 0, retrying: 0, failed: 0 }),
      start: () => void events.push("start"),
      stop: async () => void events.push("stop"),
    };
    const both = withOutboxRetention(dispatcher, createOutboxRetention({ storage, clock: manualClock() }), { everyMs: 5 });
    await both.runDue();
    expect(calls).toHaveLength(0);
    both.start(250);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await both.stop();
    expect(events).toStrictEqual(["deliver", "start", "stop"]);
    expect(calls.length).toBeGreaterThan(0);
  });
});
