import { describe, expect, it } from "vitest";
import { manualClock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import { createOutboxRetention, withOutboxRetention } from "./outbox-retention.js";
import type { WebhookDispatcher } from "./webhook-dispatcher.js";

/** A storage whose outbox holds `backlog` delivered notifications older than any cutoff. */
function outbox(backlog: number) {
  const calls: { before: string; limit: number }[] = [];
  let left = backlog;
  const storage = {
    webhookNotifications: {
      pruneDelivered: async (before: string, limit: number) => {
        calls.push({ before, limit });
        const pruned = Math.min(left, limit);
        left -= pruned;
        return pruned;
      },
    },
  } as unknown as Storage;
  return { storage, calls, left: () => left };
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
