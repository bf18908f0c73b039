import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WEBHOOK_EVENT_CATEGORIES } from "@bollard/core";
import { median, type BenchResult } from "./measure.js";
import { refreshTracker } from "./refresh-tracker.js";
import { trackerStorage } from "@bollard/core/storage";

const SHIPMENTS = Number(process.env.BENCH_REFRESH_WEBHOOK_SHIPMENTS ?? 1_000);
const RUNS = 3;
const EVERY_EVENT = WEBHOOK_EVENT_CATEGORIES.flatMap((category) => category.events.map((event) => event.name));

/** One refresh cycle creating {@link SHIPMENTS} shipments on a new SQLite file, with or without a webhook on every event. */
async function cycle(withWebhook: boolean): Promise<{ seconds: number; notifications: number; payloadBytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-refresh-webhooks-"));
  try {
    const { tracker, clock, accountId } = await refreshTracker(dir, SHIPMENTS);
    if (withWebhook) {
      const now = clock.now().toISOString();
      const webhook = { id: "0190f0f0-0000-7000-8000-000000000001", account_id: accountId, url: "https://hooks.example.com/bollard", active: true, events: EVERY_EVENT, secret: "bench-secret", headers: null, free_time_ending_days: 3, demurrage_cost_threshold: null, min_eta_change_hours: 0, min_lfd_change_hours: 0, consecutive_failures: 0, created_at: now, updated_at: now };
      await trackerStorage(tracker).webhooks.insert(webhook);
    }
    const started = performance.now();
    await tracker.refresh.runDue();
    const seconds = (performance.now() - started) / 1000;
    const { items, total } = await trackerStorage(tracker).webhookNotifications.list(accountId, { page: { number: 1, size: 500 } });
    const payloadBytes = items.length === 0 ? 0 : items.reduce((sum, n) => sum + Buffer.byteLength(n.payload), 0) / items.length;
    await tracker.close();
    return { seconds, notifications: total, payloadBytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the webhook outbox costs the refresh loop: a refresh cycle creating 1,000 shipments (SQLite,
 * simulated carrier) with a webhook subscribed to every event, against the same cycle with no
 * webhook, interleaved, median of 3. Every domain event then queues a notification whose JSON body
 * (the event with its shipment, container and places) is built and stored in the transaction that
 * records the change, so this is also the time the refresh holds the write lock for webhooks.
 */
export async function run(): Promise<BenchResult[]> {
  const withWebhook: number[] = [];
  const without: number[] = [];
  let last = { notifications: 0, payloadBytes: 0 };
  for (let i = 0; i < RUNS; i++) {
    without.push((await cycle(false)).seconds);
    const run = await cycle(true);
    withWebhook.push(run.seconds);
    last = run;
  }
  return [
    {
      name: `refresh cycle creating ${SHIPMENTS.toLocaleString("en-US")} shipments with a webhook on every event (SQLite)`,
      value: median(withWebhook),
      unit: "s",
      baseline: { name: "the same cycle, no webhook", value: median(without) },
      notes: `${last.notifications.toLocaleString("en-US")} notifications queued, ${Math.round(last.payloadBytes).toLocaleString("en-US")} bytes of JSON each on average`,
    },
  ];
}
