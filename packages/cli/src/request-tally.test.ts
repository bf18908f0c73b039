import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { LATENCY_BUCKETS, RequestTally } from "./request-tally.js";
import { readPrometheusText, sampleValue, type PrometheusSample } from "./testing/prometheus-text.js";

const ENTRIES = [
  { route: "/v2/shipments/:id", method: "GET", status: 200, ms: 0.4, cache: "hit" },
  { route: "/v2/shipments/:id", method: "GET", status: 200, ms: 3.2 },
  { route: "/v2/shipments/:id", method: "GET", status: 404, ms: 1 },
  { route: "/v2/shipments", method: "GET", status: 200, ms: 2_600 },
  { route: "/v2/shipments", method: "GET", status: 200, ms: 25, cache: "hit" },
  { route: "/v2/tracking_requests", method: "POST", status: 201, ms: 12.5 },
  { route: "/v2/tracking_requests", method: "POST", status: 503 },
  { method: "GET", status: 404, ms: 0.2 },
  { route: 'a "quoted" \\ route\nwith a newline', method: "GET", status: 200, ms: 7 },
];

/** The same requests counted the way prom-client counts them (as the server did before the tally). */
async function promClientText(entries: readonly Record<string, unknown>[]): Promise<string> {
  const registry = new Registry();
  const requests = new Counter({ name: "bollard_http_requests_total", help: "h", labelNames: ["route", "method", "status"], registers: [registry] });
  const latency = new Histogram({ name: "bollard_http_request_duration_seconds", help: "h", labelNames: ["route", "method"], buckets: [...LATENCY_BUCKETS], registers: [registry] });
  const hits = new Counter({ name: "bollard_http_response_cache_hits_total", help: "h", labelNames: ["route"], registers: [registry] });
  for (const entry of entries) {
    const route = String(entry.route ?? "unmatched");
    const method = String(entry.method);
    requests.inc({ route, method, status: String(entry.status) });
    if (typeof entry.ms === "number") latency.observe({ route, method }, entry.ms / 1000);
    if (entry.cache === "hit") hits.inc({ route });
  }
  return registry.metrics();
}

/** Samples in one order, to compare two scrapes. */
const sorted = (samples: PrometheusSample[]) => samples.map((s) => JSON.stringify([s.name, Object.entries(s.labels).sort(), s.value])).sort();

describe("RequestTally", () => {
  it("writes the same samples prom-client's counters and histogram would", async () => {
    const tally = new RequestTally();
    for (const entry of ENTRIES) tally.add(entry);
    const ours = readPrometheusText(tally.text());
    const theirs = readPrometheusText(await promClientText(ENTRIES));
    expect(ours.types).toEqual(theirs.types);
    expect(sorted(ours.samples)).toEqual(sorted(theirs.samples));
    expect(sampleValue(ours, "bollard_http_requests_total", { route: "unmatched", status: "404" })).toBe(1);
    expect(sampleValue(ours, "bollard_http_request_duration_seconds_bucket", { route: "/v2/shipments", le: "2.5" })).toBe(1);
    expect(sampleValue(ours, "bollard_http_request_duration_seconds_bucket", { route: "/v2/shipments", le: "+Inf" })).toBe(2);
  });

  it("counts what API processes send as if it had counted it itself", async () => {
    const [first, second, primary] = [new RequestTally(), new RequestTally(), new RequestTally()];
    ENTRIES.forEach((entry, i) => (i % 2 ? first : second).add(entry));
    primary.merge(first.take());
    primary.merge(second.take());
    primary.merge(second.take()); // taken already: nothing more
    expect(sorted(readPrometheusText(primary.text()).samples)).toEqual(sorted(readPrometheusText(await promClientText(ENTRIES)).samples));
    expect(readPrometheusText(first.text()).samples).toEqual([]);
  });

  it("sends plain data that survives the JSON of the IPC channel", () => {
    const tally = new RequestTally();
    for (const entry of ENTRIES) tally.add(entry);
    const rows = tally.take();
    expect(JSON.parse(JSON.stringify(rows))).toEqual(rows);
  });
});
