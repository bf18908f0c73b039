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
const EXPORT_DB = new URL(`../.bench/export-${EXPORT_CONTAINERS}.sqlite`, import.meta.url).pathname;

/**
 * The resident memory of a process, in bytes (Linux): `RssAnon`, the memory it allocated itself
 * (heap, SQLite's page cache), or `VmRSS`, which also counts the pages of files it maps — SQLite
 * maps the database file (`mmap_size`), so every page an export reads shows there as the kernel's
 * shared, reclaimable page cache.
 */
function rss(pid: number, field: "RssAnon" | "VmRSS" = "RssAnon"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith(`${field}:`))!;
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** The export database (one account, "Bench", of 3-container shipments; exactly `EXPORT_CONTAINERS` containers) and a viewer and an editor key of it. */
async function exportDatabase(): Promise<{ viewer: string; editor: string }> {
  mkdirSync(new URL("../.bench/", import.meta.url), { recursive: true });
  const fresh = !existsSync(EXPORT_DB);
  const tracker = await createTracker({ storage: sqliteStorage({ filename: EXPORT_DB }) });
  const { account } = await tracker.accounts.ensure("Bench");
  if (fresh) {
    const made = makeShipments(account.id, Math.ceil(EXPORT_CONTAINERS / 3));
    const { shipments } = made;
    const containers = made.containers.slice(0, EXPORT_CONTAINERS);
    for (let i = 0; i < shipments.length; i += 5_000) {
      await trackerStorage(tracker).transaction(async (tx) => {
        for (const shipment of shipments.slice(i, i + 5_000)) await tx.shipments.insert(shipment);
        for (const container of containers.slice(i * 3, (i + 5_000) * 3)) await tx.containers.insert(container);
      });
    }
  }
  const viewer = (await tracker.accounts.issueKey(account.id, { role: "viewer" })).apiKey;
  const editor = (await tracker.accounts.issueKey(account.id, { role: "editor" })).apiKey;
  await tracker.close();
  return { viewer, editor };
}

/** Reads a response to its end, sampling `pid`'s RSS every 50 ms; resolves with its text, rows and the peak RSS. */
async function drain(response: Response, pid: number): Promise<{ bytes: number; text: string; rows: number; peak: number; peakMapped: number }> {
  let peak = rss(pid);
  let peakMapped = rss(pid, "VmRSS");
  const sample = () => {
    peak = Math.max(peak, rss(pid));
    peakMapped = Math.max(peakMapped, rss(pid, "VmRSS"));
  };
  const sampler = setInterval(sample, 50);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let rows = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) rows++;
    }
  } finally {
    clearInterval(sampler);
  }
  sample();
  return { bytes, text: Buffer.concat(chunks).toString("utf8"), rows, peak, peakMapped };
}

/**
 * `pnpm bench bulk` (export): 100,000 containers streamed as CSV by a `bollard serve` process (serving
 * the API itself: `--processes 0`, so its RSS is the one that streams) on a
 * SQLite file; the figure is how much the server's own resident memory (`RssAnon`; see {@link rss})
 * grows while it streams (target under 100 MB),
 * against the same containers read as JSON:API list pages of 100 by one client. Then the round trip:
 * the same CSV sent back to `POST /v2/containers/bulk_update` must change nothing (every row
 * `unchanged`; target 0 rows updated or invalid).
 */
async function exportFigures(): Promise<BenchResult[]> {
  const keys = await exportDatabase();
  const mb = (n: number) => n / 1024 / 1024;
  const runs: { growth: number; note: string }[] = [];
  let baseline = 0;
  let roundTripResult: BenchResult | undefined;
  // Each run on a server of its own (a heap that grew in one run would hide the next one's growth).
  for (let run = 0; run < RUNS; run++) {
    const server = await startBollard(bollardCommand(EXPORT_DB, ["--no-demo", "--no-dashboard", "--background", "off", "--response-cache-mb", "0", "--processes", "0"]), BOLLARD_READY);
    const pid = server.child.pid!;
    const headers = { authorization: `Token ${keys.viewer}` };
    const base = `http://127.0.0.1:${server.port}/v2`;
    try {
      await (await fetch(`${base}/containers?page[size]=1`, { headers })).arrayBuffer();
      const before = rss(pid);
      const beforeMapped = rss(pid, "VmRSS");
      const started = performance.now();
      const csv = await drain(await fetch(`${base}/containers/export?format=csv`, { headers }), pid);
      const seconds = (performance.now() - started) / 1000;
      runs.push({
        growth: mb(csv.peak - before),
        note: `${(csv.rows - 1).toLocaleString("en-US")} rows, ${mb(csv.bytes).toFixed(1)} MB of CSV in ${seconds.toFixed(1)} s, RssAnon ${mb(before).toFixed(0)} → ${mb(csv.peak).toFixed(0)} MB, VmRSS (with the mapped database file) ${mb(beforeMapped).toFixed(0)} → ${mb(csv.peakMapped).toFixed(0)} MB`,
      });
      if (run < RUNS - 1) continue;
      const pagedBefore = rss(pid);
      let pagedPeak = pagedBefore;
      for (let page = 1; page * 100 <= EXPORT_CONTAINERS + 99; page++) {
        const response = await fetch(`${base}/containers?page[size]=100&page[number]=${page}`, { headers });
        await response.arrayBuffer();
        if (page % 50 === 0) pagedPeak = Math.max(pagedPeak, rss(pid));
      }
      baseline = mb(pagedPeak - pagedBefore);
      roundTripResult = await roundTrip(base, keys.editor, csv.text);
    } finally {
      await stopServers([server]);
    }
  }
  return [
    {
      name: `export of ${EXPORT_CONTAINERS.toLocaleString("en-US")} containers as CSV, growth of the server's own memory (RssAnon) while streaming`,
      value: median(runs.map((run) => run.growth)),
      unit: "MB",
      baseline: { name: "growth over the same rows read as list pages of 100", value: baseline },
      target: { value: 100, lowerIsBetter: true },
      notes: `median of ${RUNS} servers: ${runs.map((run) => run.note).join("; ")}`,
    },
    roundTripResult!,
  ];
}

/** The exported CSV sent back as container updates: how many rows it changed or refused (target 0), and how long it took. */
async function roundTrip(base: string, editorKey: string, csv: string): Promise<BenchResult> {
  const headers = { authorization: `Token ${editorKey}` };
  const started = performance.now();
  const sent = await fetch(`${base}/containers/bulk_update`, { method: "POST", headers: { ...headers, "content-type": "text/csv" }, body: csv });
  const job = ((await sent.json()) as { data: { id: string; attributes: { row_count: number } } }).data;
  if (sent.status !== 202) throw new Error(`bulk_update answered ${sent.status}: ${JSON.stringify(job).slice(0, 300)}`);
  let counts: Record<string, number>;
  for (;;) {
    const read = (await (await fetch(`${base}/bulk_jobs/${job.id}`, { headers })).json()) as { data: { attributes: { status: string; counts: Record<string, number> } } };
    counts = read.data.attributes.counts;
    if (read.data.attributes.status === "completed") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    name: `the ${job.attributes.row_count.toLocaleString("en-US")}-row export sent back as container bulk updates, rows changed or refused`,
    value: (counts.updated ?? 0) + (counts.invalid ?? 0),
    unit: "rows",
    target: { value: 0, lowerIsBetter: true },
    notes: `${(counts.unchanged ?? 0).toLocaleString("en-US")} unchanged, ${counts.updated} updated, ${counts.invalid} invalid, in ${seconds.toFixed(1)} s from upload to completed`,
  };
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
      ...(await exportFigures()),
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
