import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BackgroundPass, Tracker } from "@bollard/core";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { RequestTally, type TalliedRequest, type TallyRow } from "./request-tally.js";

/** The most accounts a scrape counts tracking requests and notifications of. */
const COUNTED_ACCOUNTS = 1_000;
/** The most due tracking requests a scrape counts. */
const COUNTED_DUE = 10_000;

/** Prometheus metrics of one server: recorders for requests and passes, and the text format. */
export interface ServerMetrics {
  /** Counts one HTTP request of the API (from its log entry). */
  request(entry: TalliedRequest): void;
  /** Counts the requests an API process tallied. */
  requests(rows: readonly TallyRow[]): void;
  /** Counts one background pass. */
  pass(pass: BackgroundPass): void;
  /** Counts an error a background loop could not handle. */
  backgroundError(loop: string): void;
  /** The metrics in Prometheus text format, with the database gauges read now. */
  text(): Promise<string>;
  /** The content type of {@link ServerMetrics.text}. */
  readonly contentType: string;
}

/**
 * Creates the metrics of a server over its tracker (once it is open): request counts and latencies by route and
 * status, response cache hits by route, refresh and delivery passes by outcome, storage errors, the process's own, and gauges
 * read from the database at each scrape (tracking requests by status, pending notifications,
 * tracking requests due).
 */
export function createServerMetrics(trackerOf: () => Tracker | undefined): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "bollard_" });
  // Requests are counted apart from prom-client, which costs microseconds per request (see RequestTally).
  const tally = new RequestTally();
  const storageErrors = new Counter({ name: "bollard_storage_errors_total", help: "Requests answered 503 because the database did not answer, and background passes that failed", labelNames: ["where"], registers: [registry] });
  const passes = new Counter({ name: "bollard_background_passes_total", help: "Completed passes of the refresh loop and the webhook worker", labelNames: ["loop"], registers: [registry] });
  const passSeconds = new Histogram({ name: "bollard_background_pass_duration_seconds", help: "Duration of background passes", labelNames: ["loop"], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60], registers: [registry] });
  const refreshed = new Counter({ name: "bollard_refresh_outcomes_total", help: "Tracking requests refreshed, by outcome", labelNames: ["outcome"], registers: [registry] });
  const deliveries = new Counter({ name: "bollard_webhook_deliveries_total", help: "Webhook delivery attempts, by outcome", labelNames: ["outcome"], registers: [registry] });
  const byStatus = new Gauge({ name: "bollard_tracking_requests", help: "Tracking requests by status (read at scrape time)", labelNames: ["status"], registers: [registry] });
  const pending = new Gauge({ name: "bollard_webhook_notifications_pending", help: "Webhook notifications waiting for delivery (read at scrape time)", registers: [registry] });
  const due = new Gauge({ name: "bollard_refresh_due", help: `Tracking requests due for a refresh now (read at scrape time; counted up to ${COUNTED_DUE})`, registers: [registry] });

  async function readGauges(): Promise<void> {
    const tracker = trackerOf();
    if (!tracker) return;
    const counts = await tracker.countWork({ accounts: COUNTED_ACCOUNTS, due: COUNTED_DUE });
    for (const [status, total] of Object.entries(counts.trackingRequests)) byStatus.set({ status }, total);
    pending.set(counts.webhookNotificationsPending);
    due.set(counts.refreshDue);
  }

  return {
    contentType: registry.contentType,
    request(entry) {
      tally.add(entry);
      if (entry.status === 503) storageErrors.inc({ where: "request" });
    },
    requests(rows) {
      tally.merge(rows);
      for (const row of rows) if (row.status === "503") storageErrors.inc({ where: "request" }, row.count);
    },
    pass(pass) {
      passes.inc({ loop: pass.loop });
      passSeconds.observe({ loop: pass.loop }, pass.durationMs / 1000);
      if (pass.loop === "refresh") {
        for (const [outcome, count] of Object.entries(pass.summary)) if (outcome !== "total" && count > 0) refreshed.inc({ outcome }, count);
      } else {
        for (const outcome of ["succeeded", "retrying", "failed"] as const) if (pass.summary[outcome] > 0) deliveries.inc({ outcome }, pass.summary[outcome]);
      }
    },
    backgroundError(loop) {
      storageErrors.inc({ where: loop });
    },
    async text() {
      await readGauges();
      return (await registry.metrics()) + tally.text();
    },
  };
}

/** A listener serving `GET /metrics` only, apart from the API. */
export interface MetricsListener {
  /** `host:port` it listens on. */
  readonly address: string;
  /** Stops it. */
  close(): Promise<void>;
}

/** Serves the metrics at `/metrics` on their own host and port (the API's auth does not cover them). */
export async function listenForMetrics(metrics: ServerMetrics, port: number, host: string): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== "/metrics") return void response.writeHead(404, { "content-type": "text/plain" }).end("Only GET /metrics is served here\n");
    metrics.text().then(
      (text) => response.writeHead(200, { "content-type": metrics.contentType }).end(text),
      (error: unknown) => response.writeHead(503, { "content-type": "text/plain" }).end(`The database did not answer: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const info = server.address() as AddressInfo;
  return {
    address: `${info.family === "IPv6" ? `[${info.address}]` : info.address}:${info.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
