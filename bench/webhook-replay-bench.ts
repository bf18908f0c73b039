import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, uuidv7, type WebhookNotification } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { type BenchResult, median, percentile } from "./measure.js";
import { BOLLARD_READY, bollardCommand, healthz, startServer, stopServers } from "./wrk.js";
import { trackerStorage } from "@bollard/core/storage";

const NOTIFICATIONS = Number(process.env.BENCH_REPLAY_NOTIFICATIONS ?? 10_000);
const PROBE_EVERY_MS = 20;
const POLL_EVERY_MS = 100;
const DAY_MS = 86_400_000;

/**
 * Issue "bound webhook replay": 10,000 delivered notifications (example payloads of a day ago) in a
 * SQLite file, replayed through a real `bollard serve` (API process, background thread, the
 * defaults) to a local receiver on core 1. `/healthz` is timed every 20 ms on a connection of its
 * own from the replay's POST until every notification was delivered again (target p99 < 100 ms),
 * and on its own for the part where the replay puts the window back in the outbox; the POST's
 * latency, and how long requeuing and delivering took, are reported beside it.
 */
export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-replay-bench-"));
  const filename = join(dir, "replay.sqlite");
  const receiver = await startServer(["taskset", "-c", "1", process.execPath, "bench/webhook-receiver.mjs"], /port (\d+)/);
  try {
    const seeded = await seed(filename, `http://127.0.0.1:${receiver.port}/hooks`);
    const server = await startServer(bollardCommand(filename, ["--allow-private-webhooks"]), BOLLARD_READY);
    try {
      return await replayUnderProbe(server.port, seeded);
    } finally {
      await stopServers([server]);
    }
  } finally {
    await stopServers([receiver]);
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Seeded {
  apiKey: string;
  webhookId: string;
  since: string;
  payloadBytes: number;
}

/** An account, its webhook to the receiver and `NOTIFICATIONS` delivered notifications of it, written before the server starts. */
async function seed(filename: string, url: string): Promise<Seeded> {
  const tracker = await createTracker({ storage: sqliteStorage({ filename }), webhooks: { allowPrivateUrls: true } });
  try {
    const { account } = await tracker.accounts.ensure("Replay Bench");
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
    const session = tracker.session(await tracker.accounts.authenticate(apiKey));
    const webhook = await session.webhooks.create({ url, events: ["container.transport.vessel_arrived"] });
    const example = await session.webhookNotifications.example("container.transport.vessel_arrived");
    const now = Date.now();
    const createdAt = new Date(now - DAY_MS).toISOString();
    const rows: WebhookNotification[] = [];
    for (let i = 0; i < NOTIFICATIONS; i++) {
      const id = uuidv7();
      const data = { ...example.data, id, attributes: { ...example.data.attributes, id }, relationships: { ...example.data.relationships, webhook: { data: { type: "webhook", id: webhook.id } } } };
      rows.push({
        id, account_id: account.id, webhook_id: webhook.id, event: "container.transport.vessel_arrived", delivery_status: "succeeded",
        reference_object_type: "transport_event", reference_object_id: uuidv7(), payload: JSON.stringify({ ...example, data }), attempts: 1,
        next_attempt_at: null, last_attempt_at: createdAt, last_response_status: 200, created_at: createdAt, updated_at: createdAt,
      });
    }
    for (let i = 0; i < rows.length; i += 1_000) await trackerStorage(tracker).transaction((tx) => tx.webhookNotifications.insertMany(rows.slice(i, i + 1_000)));
    return { apiKey, webhookId: webhook.id, since: new Date(now - 2 * DAY_MS).toISOString(), payloadBytes: rows[0]!.payload.length };
  } finally {
    await tracker.close();
  }
}

/** `/healthz` every 20 ms until stopped: each check's start (ms since `origin`) and duration. */
function probeHealthz(port: number, origin: number): { stop(): Promise<{ at: number; ms: number }[]> } {
  const checks: { at: number; ms: number }[] = [];
  let probing = true;
  const loop = (async () => {
    while (probing) {
      const at = performance.now() - origin;
      checks.push({ at, ms: await healthz(port) });
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      probing = false;
      await loop;
      return checks;
    },
  };
}

const figures = (times: readonly number[]) => ({ p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times), count: times.length });

async function replayUnderProbe(port: number, seeded: Seeded): Promise<BenchResult[]> {
  const headers = { authorization: `Token ${seeded.apiKey}`, "content-type": "application/json" };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const json = (await response.json()) as any;
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  for (let i = 0; i < 50; i++) await healthz(port);
  // A replay of an empty window first (done at once): the timed POST is not the route's first.
  await api("POST", `/v2/webhooks/${seeded.webhookId}/replay`, { since: new Date(Date.parse(seeded.since) - DAY_MS).toISOString(), until: seeded.since });
  // An ordinary write on the same server, for scale: the replay's POST is one small transaction too.
  const writes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await api("PATCH", `/v2/webhooks/${seeded.webhookId}`, { data: { attributes: { active: true } } });
    writes.push(performance.now() - started);
  }
  const origin = performance.now();
  const probe = probeHealthz(port, origin);
  let stopped = false;
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const posted = performance.now() - origin;
    const replay = (await api("POST", `/v2/webhooks/${seeded.webhookId}/replay`, { since: seeded.since })).data;
    const postMs = performance.now() - origin - posted;
    if (replay.attributes.total !== NOTIFICATIONS) throw new Error(`the replay counted ${replay.attributes.total} notifications, not ${NOTIFICATIONS}`);
    let progress = replay.attributes;
    while (progress.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      progress = (await api("GET", `/v2/webhooks/${seeded.webhookId}/replays/${replay.id}`)).data.attributes;
    }
    const requeued = performance.now() - origin;
    if (progress.status !== "done" || progress.queued !== NOTIFICATIONS) throw new Error(`the replay ended ${JSON.stringify(progress)}`);
    const pendingPath = `/v2/webhook_notifications?filter[webhook_id]=${seeded.webhookId}&filter[delivery_status]=pending&page[size]=1`;
    while ((await api("GET", pendingPath)).meta.total > 0) await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
    const delivered = performance.now() - origin;
    stopped = true;
    const probed = await probe.stop();

    const during = probed.filter((check) => check.at >= posted).map((check) => check.ms);
    const whileRequeued = probed.filter((check) => check.at >= posted && check.at <= requeued).map((check) => check.ms);
    const before = probed.filter((check) => check.at < posted).map((check) => check.ms);
    const all = figures(during);
    const queueing = figures(whileRequeued);
    const size = `${NOTIFICATIONS.toLocaleString("en-US")} notifications of ${(seeded.payloadBytes / 1024).toFixed(1)} KiB`;
    const results: BenchResult[] = [
      {
        name: `/healthz every ${PROBE_EVERY_MS} ms while ${size} are replayed (POST until every one is delivered again): p99`,
        value: all.p99,
        unit: "ms",
        target: { value: 100, lowerIsBetter: true },
        notes: `p50 ${all.p50.toFixed(1)} ms, max ${all.max.toFixed(1)} ms, ${all.count} checks; idle before: p99 ${percentile(before, 99).toFixed(1)} ms`,
      },
      {
        name: `/healthz while the replay puts them back in the outbox (POST until done): p99`,
        value: queueing.p99,
        unit: "ms",
        target: { value: 100, lowerIsBetter: true },
        notes: `p50 ${queueing.p50.toFixed(1)} ms, max ${queueing.max.toFixed(1)} ms, ${queueing.count} checks`,
      },
      { name: `POST /v2/webhooks/{id}/replay of ${size}: 202 in`, value: postMs, unit: "ms", target: { value: 100, lowerIsBetter: true }, baseline: { name: "PATCH /v2/webhooks/{id}, median of 7", value: median(writes) }, notes: "after one replay of an empty window" },
      {
        name: `replay of ${size}: done (every one back in the outbox) after`,
        value: (requeued - posted) / 1000,
        unit: "s",
        notes: `every one delivered again after ${((delivered - posted) / 1000).toFixed(1)} s (${(NOTIFICATIONS / ((delivered - posted) / 1000)).toFixed(0)} notifications/s)`,
      },
    ];
    for (const result of results) console.error(`  ${result.name}: ${result.value.toFixed(1)} ${result.unit} ${result.notes ?? ""}`);
    return results;
  } finally {
    if (!stopped) await probe.stop().catch(() => undefined);
  }
}
