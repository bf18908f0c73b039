import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBollard, type BollardProcess } from "./testing/bollard-process.js";
import { readPrometheusText, sampleValue, type PrometheusScrape } from "./testing/prometheus-text.js";

/*
 * What an operator meets around the API of a running `bollard serve`: the index at `/`, the
 * interactive API page at `/docs`, and Prometheus metrics on their own port, all over real sockets.
 */

let server: BollardProcess;
let base = "";
let metricsUrl = "";
let key = "";

beforeAll(async () => {
  server = startBollard(["serve", "--db", ":memory:", "--port", "0", "--metrics-port", "0"]);
  const [, api, metrics] = await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2 .*metrics on (http:\/\/[^ ]+\/metrics)/);
  base = api!;
  metricsUrl = metrics!;
  key = server.stdout.find((line) => line.startsWith("bol_"))!;
}, 120_000);

afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
});

async function scrape(): Promise<PrometheusScrape> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return readPrometheusText(await response.text());
}

describe("around the API of bollard serve", { timeout: 60_000 }, () => {
  it("names its version and addresses at / for API clients, and gives browsers the dashboard there", async () => {
    const json = await fetch(`${base}/`, { headers: { accept: "application/json" } });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({
      name: "bollard",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      links: { dashboard: "/", api: "/v2", openapi: "/v2/openapi.json", docs: "/docs", health: "/healthz", metrics: metricsUrl },
    });
    const page = await fetch(`${base}/`, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<script type="module"[^>]* src="\/app\/assets\//);
  });

  it("serves /docs from its own files only, each of which answers, over its own OpenAPI document", async () => {
    const page = await fetch(`${base}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThanOrEqual(3);
    for (const reference of references) {
      expect(reference, "nothing is fetched from another host").toMatch(/^\/docs\//);
      const asset = await fetch(`${base}${reference}`);
      expect(asset.status, reference).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, reference).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${base}/docs/init.js`)).text();
    expect(init).toContain('url: "/v2/openapi.json"');
    expect(init).toContain("validatorUrl: null");
    const document = await fetch(`${base}/v2/openapi.json`);
    expect(document.status).toBe(200);
    expect((await document.json()) as { openapi: string }).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    expect((await fetch(`${base}/docs/../../etc/passwd`)).status).toBe(404);
  });

  it("counts requests by route pattern and status, reads gauges from the database, and runs the loops", async () => {
    const before = await scrape();
    const auth = { authorization: `Token ${key}` };
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/v2/shipments?page[size]=1`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${base}/v2/shipments/no-such-id`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${base}/v2/shipments`)).status).toBe(401);
    const created = await fetch(`${base}/v2/tracking_requests`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "METRICS0001", scac: "MAEU" } } }),
    });
    expect(created.status).toBe(201);
    const after = await scrape();

    const moved = (labels: Record<string, string>) => sampleValue(after, "bollard_http_requests_total", labels) - sampleValue(before, "bollard_http_requests_total", labels);
    expect(moved({ route: "/v2/shipments", method: "GET", status: "200" })).toBe(3);
    expect(moved({ route: "/v2/shipments/:id", method: "GET", status: "404" })).toBe(1);
    expect(moved({ method: "GET", status: "401" })).toBe(1);
    expect(moved({ route: "/v2/tracking_requests", method: "POST", status: "201" })).toBe(1);
    expect(sampleValue(after, "bollard_http_request_duration_seconds_count", { route: "/v2/shipments", method: "GET" })).toBeGreaterThanOrEqual(3);

    const requests = (families: PrometheusScrape) => ["pending", "created", "awaiting_manifest", "failed", "tracking_stopped"].reduce((sum, status) => sum + sampleValue(families, "bollard_tracking_requests", { status }), 0);
    expect(requests(after) - requests(before)).toBe(1);
    expect(after.types.get("bollard_webhook_notifications_pending")).toBe("gauge");
    expect(sampleValue(after, "bollard_process_resident_memory_bytes")).toBeGreaterThan(0);
    // The webhook worker runs every 250 ms and the refresh loop every second.
    const passes = async (loop: string) => sampleValue(await scrape(), "bollard_background_passes_total", { loop });
    await expect.poll(() => passes("webhooks"), { timeout: 10_000 }).toBeGreaterThan(sampleValue(before, "bollard_background_passes_total", { loop: "webhooks" }));
    await expect.poll(() => passes("refresh"), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it("serves only /metrics on the metrics port, and keeps metrics off the API port", async () => {
    const metricsBase = metricsUrl.replace(/\/metrics$/, "");
    expect((await fetch(`${metricsBase}/v2/shipments`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });
});
