import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { type BenchResult, median, percentile } from "./measure.js";
import { DEMO_SHIPMENTS, openDemoDatabase } from "./demo-bench-db.js";
import { BOLLARD_READY, bollardCommand, healthz, requireWrk, startServer, stopServers, wrk, wrkInBackground } from "./wrk.js";

const SECONDS = Number(process.env.BENCH_DCSA_SECONDS ?? 10);
/** How long the baseline's DCSA pages are timed (each took seconds before the feed). */
const BASELINE_REQUESTS = 3;

/**
 * Issue 52's event reads on the demo database (`DEMO_SHIPMENTS` shipments; every transport and raw
 * event in its account's feed): `GET /dcsa/v2/events?limit=100` and `GET /v2/events?page[size]=100`
 * at random cursors of the feed, one connection (latency, target p99 < 50 ms), and `/healthz`
 * timed while 8 connections read DCSA pages (target p99 < 100 ms). Twice: with the feed in the
 * order the demo loader wrote it (each shipment's events together), and with its positions shuffled
 * (each page meets as many shipments as it has events: the worst order for a DCSA page, which
 * writes every event from its shipment's records). With `--baseline DIR` the baseline's first DCSA
 * page and `/healthz` beside it are timed too. The response cache is off: every answer is computed.
 */
export async function run(): Promise<BenchResult[]> {
  requireWrk();
  const dir = mkdtempSync(join(tmpdir(), "bollard-dcsa-bench-"));
  const results: BenchResult[] = [];
  const measured = (result: BenchResult) => {
    console.error(`  ${result.name}: ${result.value.toFixed(1)} ${result.unit} ${result.notes ?? ""}`);
    results.push(result);
  };
  try {
    const db = await openDemoDatabase(join(dir, "bench.sqlite"));
    const counts = eventCounts(db.filename);
    const size = `${DEMO_SHIPMENTS.toLocaleString("en-US")} shipments, ${counts.containers.toLocaleString("en-US")} containers, ${counts.events.toLocaleString("en-US")} events`;
    console.error(`dcsa-events: ${size}`);
    for (const order of ["as written", "shuffled"] as const) {
      if (order === "shuffled") shufflePositions(db.filename);
      const server = await startServer(bollardCommand(db.filename, ["--response-cache-mb", "0", "--background", "off"]), BOLLARD_READY);
      try {
        const headers = { authorization: `Token ${db.apiKey}` };
        const feed = await cursors(server.port, headers, "/v2/events?page[size]=100", (body, response) => (body as { meta: { cursor: string; has_more: boolean } }).meta.has_more ? (body as { meta: { cursor: string } }).meta.cursor : null);
        const dcsa = await cursors(server.port, headers, "/dcsa/v2/events?limit=100", (_body, response) => response.headers.get("next-page-cursor"));
        for (const [route, path, list] of [
          ["GET /dcsa/v2/events?limit=100", "/dcsa/v2/events?limit=100&cursor=", dcsa],
          ["GET /v2/events?page[size]=100", "/v2/events?page[size]=100&page[after]=", feed],
        ] as const) {
          writeFileSync(join(dir, "pages.lua"), pagesScript(path, list, db.apiKey));
          const runs = [0, 1, 2].map(() => wrk(server.port, join(dir, "pages.lua"), { connections: 1, seconds: SECONDS }));
          const p99 = median(runs.map((r) => r.p99));
          measured({ name: `${route} at random cursors (${list.length} pages), feed ${order}, ${size}: p99`, value: p99, unit: "ms", target: { value: 50, lowerIsBetter: true }, notes: `p50 ${median(runs.map((r) => r.p50)).toFixed(1)} ms, ${median(runs.map((r) => r.rps)).toFixed(0)} pages/s` });
        }
        writeFileSync(join(dir, "pages.lua"), pagesScript("/dcsa/v2/events?limit=100&cursor=", dcsa, db.apiKey));
        const health = await healthzUnderLoad(server.port, async () => (await wrkInBackground(server.port, join(dir, "pages.lua"), { connections: 8, seconds: SECONDS })).rps);
        measured({ name: `/healthz while 8 connections read DCSA pages, feed ${order}: p99`, value: health.p99, unit: "ms", target: { value: 100, lowerIsBetter: true }, notes: `p50 ${health.p50.toFixed(1)} ms, max ${health.max.toFixed(1)} ms, ${health.count} checks; DCSA pages ${health.loadRps.toFixed(0)}/s` });
      } finally {
        await stopServers([server]);
      }
    }
    const baselineTree = process.env.BENCH_BASELINE;
    if (baselineTree) for (const result of await baseline(baselineTree, join(dir, "baseline.sqlite"))) measured(result);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** How many containers and events (transport and raw) the database holds. */
function eventCounts(filename: string): { containers: number; events: number } {
  const sqlite = new Database(filename, { readonly: true });
  try {
    const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { containers: count("containers"), events: count("transport_events") + count("raw_events") };
  } finally {
    sqlite.close();
  }
}

/** Gives every event a new position at random (a stand-in for a feed written by many small refreshes). */
function shufflePositions(filename: string): void {
  const sqlite = new Database(filename);
  try {
    sqlite.exec(`
      create temp table shuffled as select kind, id, row_number() over (partition by account_id order by random()) as position
        from (select 0 as kind, id, account_id from transport_events union all select 1, id, account_id from raw_events);
      create index temp.shuffled_id on shuffled (kind, id);
      update transport_events set feed_seq = (select position from shuffled where kind = 0 and shuffled.id = transport_events.id);
      update raw_events set feed_seq = (select position from shuffled where kind = 1 and shuffled.id = raw_events.id);
      drop table shuffled;
    `);
  } finally {
    sqlite.close();
  }
}

/** Walks a paged route to its end and returns every cursor it handed out. */
async function cursors(port: number, headers: Record<string, string>, first: string, next: (body: unknown, response: Response) => string | null): Promise<string[]> {
  const found: string[] = [];
  let path = first;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    const body = (await response.json()) as unknown;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
    const cursor = next(body, response);
    if (cursor === null) return found;
    found.push(cursor);
    path = `${first}&${first.startsWith("/dcsa") ? "cursor" : "page[after]"}=${encodeURIComponent(cursor)}`;
  }
}

function pagesScript(path: string, cursors: readonly string[], apiKey: string): string {
  return `local cursors = {${cursors.map((c) => `"${encodeURIComponent(c)}"`).join(",")}}
wrk.headers["Authorization"] = "Token ${apiKey}"
request = function()
  return wrk.format("GET", "${path}" .. cursors[math.random(#cursors)])
end
`;
}

/** Times `/healthz` every 20 ms while `load` runs, and returns the figures with what `load` resolves to (its pages per second). */
async function healthzUnderLoad(port: number, load: () => Promise<number>): Promise<{ p50: number; p99: number; max: number; count: number; loadRps: number }> {
  const times: number[] = [];
  let loading = true;
  const probing = (async () => {
    while (loading) {
      times.push(await healthz(port));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const loadRps = await load();
  loading = false;
  await probing;
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times), count: times.length, loadRps };
}

/**
 * Builds the demo database with `tree`'s own code (a database today's code migrated is one an
 * older version refuses), the same dataset `openDemoDatabase` builds, and returns an editor key.
 */
function buildWithTree(tree: string, filename: string): string {
  const script = `
    import { createTracker, generateDemoDataset } from "@bollard/core";
    import { sqliteStorage } from "@bollard/storage-sqlite";
    const tracker = await createTracker({ storage: sqliteStorage({ filename: ${JSON.stringify(filename)} }) });
    const { account } = await tracker.accounts.ensure("Bench");
    await tracker.accounts.loadDemo(generateDemoDataset({ seed: 7, accountId: account.id, now: new Date("2026-11-01T00:00:00Z"), shipments: ${DEMO_SHIPMENTS} }));
    console.log((await tracker.accounts.issueKey(account.id, { role: "editor" })).apiKey);
    await tracker.close();`;
  const built = spawnSync(process.execPath, ["--conditions=bollard-source", "--import", "tsx", "--input-type=module", "-e", script], { cwd: join(tree, "bench"), encoding: "utf8" });
  if (built.status !== 0) throw new Error(`building the baseline's database failed: ${built.stderr}`);
  return built.stdout.trim().split("\n").at(-1)!;
}

/** The baseline tree (before the feed): its first DCSA page alone, and `/healthz` while 8 clients read it. */
async function baseline(tree: string, filename: string): Promise<BenchResult[]> {
  const apiKey = buildWithTree(tree, filename);
  const server = await startServer(bollardCommand(filename, ["--response-cache-mb", "0", "--background", "off"], tree), BOLLARD_READY);
  const page = async () => {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${server.port}/dcsa/v2/events?limit=100`, { headers: { authorization: `Token ${apiKey}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the baseline answered ${response.status}`);
    return performance.now() - started;
  };
  try {
    const alone: number[] = [];
    for (let i = 0; i < BASELINE_REQUESTS; i++) alone.push(await page());
    const health = await healthzUnderLoad(server.port, async () => {
      const started = performance.now();
      const counts = await Promise.all(Array.from({ length: 8 }, async () => {
        let n = 0;
        while (performance.now() - started < SECONDS * 1000) (await page(), n++);
        return n;
      }));
      return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
    });
    return [
      { name: `baseline (${tree}): GET /dcsa/v2/events?limit=100, first page`, value: median(alone), unit: "ms", notes: `median of ${BASELINE_REQUESTS}` },
      { name: `baseline (${tree}): /healthz while 8 clients read DCSA pages: p99`, value: health.p99, unit: "ms", notes: `p50 ${health.p50.toFixed(1)} ms, max ${health.max.toFixed(1)} ms, ${health.count} checks; DCSA pages ${health.loadRps.toFixed(2)}/s` },
    ];
  } finally {
    await stopServers([server]);
  }
}
