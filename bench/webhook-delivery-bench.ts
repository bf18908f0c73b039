import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, manualClock, nodeHttpTransport, type Storage, type WebhookNotification, uuidv7 } from "@bollard/core";
import { deliveryHeaders } from "@bollard/core/testing";
import { memoryStorage } from "@bollard/storage-memory";
import { sqliteStorage } from "@bollard/storage-sqlite";
import type { BenchResult } from "./measure.js";
import { trackerStorage } from "@bollard/core/storage";

const NOTIFICATIONS = Number(process.env.BENCH_WEBHOOK_NOTIFICATIONS ?? 10_000);
const STORAGE = process.env.BENCH_WEBHOOK_STORAGE ?? "sqlite";
const CONCURRENCY = 16;

/**
 * Delivery throughput from the outbox to a local receiver (node:http answering 204): 10,000 queued
 * notifications drained by `tracker.webhooks.runDue()` (claim, sign, POST, record the attempt), next
 * to the same signed POSTs sent by the same transport at the same concurrency without storage.
 */
export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-webhooks-"));
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const storage: Storage = STORAGE === "memory" ? memoryStorage() : sqliteStorage({ filename: join(dir, "webhooks.sqlite") });
    const clock = manualClock("2026-06-01T00:00:00Z");
    const tracker = await createTracker({ storage, clock, webhooks: { allowPrivateUrls: true } });
    const { account } = await tracker.accounts.ensure("Webhooks");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
    const webhook = await session.webhooks.create({ url, events: ["container.transport.vessel_arrived"] });
    const example = await session.webhookNotifications.example("container.transport.vessel_arrived");
    const now = clock.now().toISOString();
    const bodies: string[] = [];
    const rows: WebhookNotification[] = [];
    for (let i = 0; i < NOTIFICATIONS; i++) {
      const id = uuidv7();
      const data = { ...example.data, id, attributes: { ...example.data.attributes, id }, relationships: { ...example.data.relationships, webhook: { data: { type: "webhook", id: webhook.id } } } };
      const payload = JSON.stringify({ ...example, data });
      bodies.push(payload);
      rows.push({
        id, account_id: account.id, webhook_id: webhook.id, event: "container.transport.vessel_arrived", delivery_status: "pending",
        reference_object_type: "transport_event", reference_object_id: uuidv7(), payload, attempts: 0, next_attempt_at: now,
        last_attempt_at: null, last_response_status: null, created_at: now, updated_at: now,
      });
    }
    for (let i = 0; i < rows.length; i += 1_000) await trackerStorage(tracker).transaction((tx) => tx.webhookNotifications.insertMany(rows.slice(i, i + 1_000)));

    const started = performance.now();
    const summary = await tracker.webhooks.runDue();
    const seconds = (performance.now() - started) / 1000;
    await tracker.close();

    const transport = nodeHttpTransport({ allowPrivateUrls: true });
    let next = 0;
    const baselineStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const headers = deliveryHeaders({ id: rows[next - 1]!.id, body, secret: webhook.secret, timestampSeconds: Math.floor(Date.now() / 1000) });
          await transport({ url, headers, body, timeoutMs: 10_000 });
        }
      }),
    );
    const baseline = NOTIFICATIONS / ((performance.now() - baselineStarted) / 1000);
    return [
      {
        name: `webhook delivery from the outbox to a local receiver (${STORAGE}, ${NOTIFICATIONS.toLocaleString("en-US")} notifications)`,
        value: summary.succeeded / seconds,
        unit: "notifications/s",
        baseline: { name: "signed POSTs without storage", value: baseline },
        target: { value: 1_000 },
        notes: `${summary.succeeded} delivered, ${summary.retrying + summary.failed} not, payload ${(bodies[0]!.length / 1024).toFixed(1)} KiB`,
      },
    ];
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
