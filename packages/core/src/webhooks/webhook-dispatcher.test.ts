import { describe, expect, it } from "vitest";
import { manualClock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import { makeAccount, makeWebhook, makeWebhookNotification } from "../testing/fixtures.js";
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

describe("a pass whose claim fails", () => {
  it("ends only after every worker has finished, recording what was in flight, then fails with the claim's error", async () => {
    const clock = manualClock("2026-01-01T00:00:00.000Z");
    const account = makeAccount();
    const webhook = makeWebhook(account.id, { url: "https://hooks.example.com/in" });
    const claimed = Array.from({ length: 3 }, () => makeWebhookNotification(account.id, webhook.id, { next_attempt_at: "2026-01-01T00:00:55.000Z" }));
    let claims = 0;
    let settled = false;
    const lateCalls: string[] = [];
    const recorded: string[] = [];
    const note = (name: string) => {
      if (settled) lateCalls.push(name);
    };
    const repositories = {
      webhooks: { get: async () => (note("webhooks.get"), webhook), update: async () => note("webhooks.update") },
      webhookNotifications: {
        claimDue: async () => {
          note("claimDue");
          claims += 1;
          if (claims === 1) return claimed;
          throw new Error("disk I/O error");
        },
        update: async (n: { id: string }) => (note("update"), recorded.push(n.id)),
        insertAttempt: async () => note("insertAttempt"),
        get: async () => null,
      },
    };
    const storage = { ...repositories, transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn(repositories) } as unknown as Storage;
    // Deliveries of different lengths: one worker asks for more while the others still deliver.
    let sent = 0;
    const transport = async () => {
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, sent === 1 ? 5 : 80));
      return { status: 200, headers: {}, body: "", error: null, durationMs: 1 };
    };
    const dispatcher = createWebhookDispatcher({ storage, clock, policy: DEFAULT_WEBHOOK_DELIVERY_POLICY, transport, concurrency: 3, random: () => 0.5 });
    await expect(dispatcher.runDue().finally(() => (settled = true))).rejects.toThrow("disk I/O error");
    expect(recorded.sort()).toEqual(claimed.map((n) => n.id).sort());
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(lateCalls).toEqual([]);
  });
});
