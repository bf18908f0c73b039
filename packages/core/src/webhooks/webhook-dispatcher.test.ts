import { describe, expect, it } from "vitest";
import { manualClock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import { DEFAULT_WEBHOOK_DELIVERY_POLICY } from "./delivery-policy.js";
import { createWebhookDispatcher } from "./webhook-dispatcher.js";

function countingStorage() {
  const calls: { now: string; leaseUntil: string; limit: number }[] = [];
  const storage = { webhookNotifications: { claimDue: async (now: string, leaseUntil: string, limit: number) => (calls.push({ now, leaseUntil, limit }), []) } } as unknown as Storage;
  return { storage, calls };
}

describe("createWebhookDispatcher", () => {
  it("claims with a lease covering a worker's share of the batch, and stops when nothing is due", async () => {
    const { storage, calls } = countingStorage();
    const clock = manualClock("2026-01-01T00:00:00.000Z");
    const dispatcher = createWebhookDispatcher({ storage, clock, policy: DEFAULT_WEBHOOK_DELIVERY_POLICY, transport: async () => ({ status: 200, headers: {}, body: "", error: null, durationMs: 0 }), concurrency: 4 });
    expect(await dispatcher.runDue()).toEqual({ total: 0, succeeded: 0, retrying: 0, failed: 0 });
    expect(calls).toEqual([{ now: "2026-01-01T00:00:00.000Z", leaseUntil: "2026-01-01T00:00:55.000Z", limit: 16 }]);
  });

  it("keeps its loop running until stopped", async () => {
    const { storage, calls } = countingStorage();
    const dispatcher = createWebhookDispatcher({ storage, clock: manualClock(), policy: DEFAULT_WEBHOOK_DELIVERY_POLICY, transport: async () => ({ status: 200, headers: {}, body: "", error: null, durationMs: 0 }) });
    dispatcher.start(10);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await dispatcher.stop();
    const count = calls.length;
    expect(count).toBeGreaterThan(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.length).toBe(count);
  });
});
