import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, manualClock } from "@bollard/core";
import { createHttpApp, startServer } from "@bollard/http";
import { bulkImportFile } from "@bollard/http/testing";
import { trackerStorage } from "@bollard/core/storage";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { makeShipments } from "./bench-data.js";
import { median, type BenchResult } from "./measure.js";
import { BOLLARD_READY, bollardCommand, startServer as startBollard, stopServers } from "./wrk.js";

/** Containers of the exported database (the issue's figure). */
const EXPORT_CONTAINERS = Number(process.env.BENCH_EXPORT_CONTAINERS ?? 100_000);
/** Where it is kept between runs (built when missing). */
const EXPORT_DB = new URL(`../.bench/containers-${EXPORT_CONTAINERS}.sqlite`, import.meta.url).pathname;

/** The resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** The export database (one account, "Bench", of 3-container shipments) and an API key of it. */
async function exportDatabase(): Promise<string> {
  mkdirSync(new URL("../.bench/", import.meta.url), { recursive: true });
  const fresh = !existsSync(EXPORT_DB);
  const tracker = await createTracker({ storage: sqliteStorage({ filename: EXPORT_DB }) });
  const { account } = await tracker.accounts.ensure("Bench");
  if (fresh) {
    const { shipments, containers } = makeShipments(account.id, Math.ceil(EXPORT_CONTAINERS / 3));
    for (let i = 0; i < shipments.length; i += 5_000) {
      await trackerStorage(tracker).transaction(async (tx) => {
        for (const shipment of shipments.slice(i, i + 5_000)) await tx.shipments.insert(shipment);
        for (const container of containers.slice(i * 3, (i + 5_000) * 3)) await tx.containers.insert(container);
      });
    }
  }
  const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "viewer" });
  await tracker.close();
  return apiKey;
}

/** Reads a response to its end, sampling `pid`'s RSS every 50 ms; resolves with the bytes, rows and the peak RSS. */
async function drain(response: Response, pid: number): Promise<{ bytes: number; rows: number; peak: number }> {
  let peak = rss(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
  let bytes = 0;
  let rows = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) rows++;
    }
  } finally {
    clearInterval(sampler);
  }
  return { bytes, rows, peak: Math.max(peak, rss(pid)) };
}

/**
 * `pnpm bench bulk` (export): 100,000 containers streamed as CSV by a `bollard serve` process on a
 * SQLite file; the figure is how much the server's RSS grows while it streams (target under 100 MB),
 * against the same containers read as JSON:API list pages of 100 by one client.
 */
async function exportFigure(): Promise<BenchResult> {
  const apiKey = await exportDatabase();
  const server = await startBollard(bollardCommand(EXPORT_DB, ["--no-demo", "--no-dashboard", "--background", "off", "--response-cache-mb", "0"]), BOLLARD_READY);
  const pid = server.child.pid!;
  const headers = { authorization: `Token ${apiKey}` };
  const base = `http://127.0.0.1:${server.port}/v2`;
  try {
    await (await fetch(`${base}/containers?page[size]=1`, { headers })).arrayBuffer();
    const before = rss(pid);
    const started = performance.now();
    const csv = await drain(await fetch(`${base}/containers/export?format=csv`, { headers }), pid);
    const seconds = (performance.now() - started) / 1000;
    const pagedBefore = rss(pid);
    let pagedPeak = pagedBefore;
    for (let page = 1; page * 100 <= EXPORT_CONTAINERS + 99; page++) {
      const response = await fetch(`${base}/containers?page[size]=100&page[number]=${page}`, { headers });
      await response.arrayBuffer();
      if (page % 50 === 0) pagedPeak = Math.max(pagedPeak, rss(pid));
    }
    const mb = (n: number) => n / 1024 / 1024;
    return {
      name: `export of ${(csv.rows - 1).toLocaleString("en-US")} containers as CSV, server RSS growth while streaming`,
      value: mb(csv.peak - before),
      unit: "MB",
      baseline: { name: "RSS growth over the same rows read as list pages of 100", value: mb(pagedPeak - pagedBefore) },
      target: { value: 100, lowerIsBetter: true },
      notes: `${mb(csv.bytes).toFixed(1)} MB of CSV in ${seconds.toFixed(1)} s; RSS ${mb(before).toFixed(0)} → peak ${mb(csv.peak).toFixed(0)} MB`,
    };
  } finally {
    await stopServers([server]);
  }
}

/** Rows of the imported file (the issue's figure). */
const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const RUNS = 3;
/** Rows of the one-POST-per-row baseline that are timed. */
const BASELINE_ROWS = 1_000;

/** A server on a new SQLite file with one editor key, over a real socket. */
async function server(dir: string, name: string) {
  const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, `${name}.sqlite`) }), clock: manualClock("2026-11-01T12:00:00Z") });
  const { account } = await tracker.accounts.ensure("Importer");
  const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
  const running = await startServer(createHttpApp(tracker), { port: 0, turns: tracker.turns });
  return {
    base: `http://127.0.0.1:${running.port}/v2`,
    headers: { authorization: `Token ${apiKey}` },
    async close() {
      await running.close();
      await tracker.close();
    },
  };
}

/**
 * `pnpm bench bulk`: a 10,000-row CSV of tracking requests (3% bad rows, 2% repeats, mixed-case
 * headers) imported over HTTP into a new SQLite file, from the upload to the job's completion
 * (median of three; target under 10 s), against the baseline a user's script would be: the same
 * rows sent one `POST /v2/tracking_requests` at a time (the first 1,000 timed and scaled to the file).
 */
export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-bulk-"));
  const { csv } = bulkImportFile(ROWS);
  try {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = await server(dir, `bulk-${i}`);
      const started = performance.now();
      const sent = (await (await fetch(`${s.base}/tracking_requests/bulk`, { method: "POST", headers: { ...s.headers, "content-type": "text/csv" }, body: csv })).json()) as { data: { id: string } };
      for (;;) {
        const job = (await (await fetch(`${s.base}/bulk_jobs/${sent.data.id}`, { headers: s.headers })).json()) as { data: { attributes: { status: string } } };
        if (job.data.attributes.status === "completed") break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      times.push((performance.now() - started) / 1000);
      await s.close();
    }
    // The baseline: one create per row, in order (bad rows answer 422, repeats 422 duplicate), timed
    // over the first BASELINE_ROWS rows and scaled to the file (the creates cost the same throughout).
    const s = await server(dir, "one-by-one");
    const started = performance.now();
    const lines = csv.trim().split("\n").slice(1);
    for (const line of lines.slice(0, BASELINE_ROWS)) {
      const [number, scac] = line.split(",");
      await fetch(`${s.base}/tracking_requests`, {
        method: "POST",
        headers: { ...s.headers, "content-type": "application/json" },
        body: JSON.stringify({ data: { type: "tracking_request", attributes: { request_type: "container", request_number: number, scac } } }),
      }).then((response) => response.arrayBuffer());
    }
    const oneByOne = ((performance.now() - started) / 1000) * (lines.length / Math.min(BASELINE_ROWS, lines.length));
    await s.close();
    const seconds = median(times);
    return [
      await exportFigure(),
      {
        name: `bulk import of ${ROWS.toLocaleString("en-US")} CSV rows, SQLite, upload to completed`,
        value: seconds,
        unit: "s",
        baseline: { name: `the same rows one POST at a time (the first ${BASELINE_ROWS.toLocaleString("en-US")} timed, scaled)`, value: oneByOne },
        target: { value: 10, lowerIsBetter: true },
        notes: `runs ${times.map((t) => t.toFixed(2)).join(", ")} s`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
