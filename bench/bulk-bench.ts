import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, manualClock } from "@bollard/core";
import { createHttpApp, startServer } from "@bollard/http";
import { bulkImportFile } from "@bollard/http/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { median, type BenchResult } from "./measure.js";

/** Rows of the imported file (the issue's figure). */
const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const RUNS = 3;

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
 * rows sent one `POST /v2/tracking_requests` at a time.
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
    // The baseline: one create per row, in order (bad rows answer 422, repeats 422 duplicate).
    const s = await server(dir, "one-by-one");
    const started = performance.now();
    for (const line of csv.trim().split("\n").slice(1)) {
      const [number, scac] = line.split(",");
      await fetch(`${s.base}/tracking_requests`, {
        method: "POST",
        headers: { ...s.headers, "content-type": "application/json" },
        body: JSON.stringify({ data: { type: "tracking_request", attributes: { request_type: "container", request_number: number, scac } } }),
      }).then((response) => response.arrayBuffer());
    }
    const oneByOne = (performance.now() - started) / 1000;
    await s.close();
    const seconds = median(times);
    return [
      {
        name: `bulk import of ${ROWS.toLocaleString("en-US")} CSV rows, SQLite, upload to completed`,
        value: seconds,
        unit: "s",
        baseline: { name: "the same rows one POST at a time", value: oneByOne },
        target: { value: 10, lowerIsBetter: true },
        notes: `runs ${times.map((t) => t.toFixed(2)).join(", ")} s`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
