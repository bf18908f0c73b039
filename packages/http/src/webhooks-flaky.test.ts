import { afterAll, describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { createWebhook, emitMilestones } from "./testing/webhook-fixtures.js";
import { startTestReceiver } from "./testing/webhook-receiver.js";
import { trackerStorage } from "@bollard/core/storage";

/** A small seeded PRNG (mulberry32), so a failing run can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOTIFICATIONS = 300;
const SEED = Number(process.env.WEBHOOK_FLAKY_SEED ?? 30);
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe.each(STORAGES)("a receiver that fails 30%% of requests at random (%s storage)", (storageName, makeStorage) => {
  it(`still gets every notification at least once (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const accepted = new Map<string, number>();
    let failures = 0;
    const receiver = await startTestReceiver((request, response) => {
      const roll = random();
      if (roll < 0.1) {
        failures += 1;
        response.socket?.destroy(); // the connection drops without an answer
        return null;
      }
      if (roll < 0.3) {
        failures += 1;
        return 500;
      }
      const id = String(request.headers["webhook-id"]);
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      return 200;
    });
    const h = await createHarness({ storage: makeStorage(), tracker: { webhooks: { allowPrivateUrls: true } } });
    closers.push(() => receiver.close(), () => h.tracker.close());
    await createWebhook(h, receiver.url, ["container.transport.full_out"]);
    for (let i = 0; i < NOTIFICATIONS / 100; i++) await emitMilestones(h, 100, i);

    let passes = 0;
    for (; passes < 40; passes++) {
      await h.tracker.webhooks.runDue();
      const pending = (await trackerStorage(h.tracker).webhookNotifications.list(h.accounts.acme.id, { page: { number: 1, size: 1000 }, deliveryStatus: "pending" })).items;
      if (pending.length === 0) break;
      // Retries are jittered: jump to the latest one due, so each pass is one retry round.
      h.clock.set(pending.map((n) => n.next_attempt_at!).sort().at(-1)!);
    }
    const all = await trackerStorage(h.tracker).webhookNotifications.list(h.accounts.acme.id, { page: { number: 1, size: 1000 } });
    expect(all.total).toBe(NOTIFICATIONS);
    expect(all.items.every((n) => n.delivery_status === "succeeded")).toBe(true);
    for (const notification of all.items) expect(accepted.get(notification.id), notification.id).toBeGreaterThanOrEqual(1);
    const duplicates = [...accepted.values()].reduce((sum, count) => sum + count - 1, 0);
    console.log(`flaky receiver (${storageName}): ${NOTIFICATIONS} notifications, ${receiver.received.length} requests, ${failures} failed, ${duplicates} duplicates, ${passes + 1} passes`);
    expect(failures).toBeGreaterThan(NOTIFICATIONS * 0.2);
  }, 60_000);
});
