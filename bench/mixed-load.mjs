// The load generator of the mixed benchmark: a closed loop of N keep-alive connections, each sending
// its next request once the last one answered, for a number of seconds. Every request's latency is
// recorded as it was measured, from the request's write to its response's last byte.
//
// Why not wrk: wrk "corrects" its latency figures for coordinated omission. After the run it adds,
// for every request slower than a connection's mean interval between requests, synthetic samples
// at that latency minus one interval, minus two, and so on (`stats_correct` in wrk.c). In a closed
// loop where a third of the requests are writes that wait for the database's one writer, those
// synthetic samples outnumber the real slow ones, so wrk's p90 and p99 describe no request that was
// made (measured: against a server answering 70% of requests at once and 30% after 200 ms, wrk
// printed p50 74 ms; the requests' own p50 was 0.2 ms).
//
// Usage: node mixed-load.mjs CONFIG.json, where the file holds { port, connections, seconds,
// warmupSeconds?, apiKey, runId, shipmentIds, containerIds, trackingRequestIds, only? } (`only`: one
// kind of the mix alone; `--kinds` instead of a file prints the kinds). The load runs for
// `warmupSeconds` (default 0) and then `seconds`; requests sent during the warm-up are answered but
// counted apart, as `warmup`. Prints one line of JSON: the answered requests per second, the latency
// figures of all requests (one unanswered in 10 s counts at 10 s), then of reads, of writes, and of
// the warm-up's requests.
import { request, Agent } from "node:http";
import { readFileSync } from "node:fs";

// `--kinds` prints the mix's kinds and shares as JSON ([[name, percent], …]) and exits.
const config = process.argv[2] === "--kinds" ? {} : JSON.parse(readFileSync(process.argv[2], "utf8"));
const TIMEOUT_MS = 10_000;
const agent = new Agent({ keepAlive: true, maxSockets: config.connections });
const headers = { authorization: `Token ${config.apiKey}`, "content-type": "application/vnd.api+json" };
const pick = (ids) => ids[Math.floor(Math.random() * ids.length)];
const tag = () => `t${1 + Math.floor(Math.random() * 9)}`;
let created = 0;

/**
 * The mix of issue 21, by kind: each kind's share of the requests (in percent) and how to make one,
 * as [method, path, body?]. With `config.only` set to a kind's name, every request is of that kind
 * (`bench mixed-costs` measures them one at a time).
 */
const MIX = [
  ["shipment list with containers", 25, () => ["GET", "/v2/shipments?include=containers"]],
  ["shipment by id with containers", 20, () => ["GET", `/v2/shipments/${pick(config.shipmentIds)}?include=containers`]],
  ["container transport events", 15, () => ["GET", `/v2/containers/${pick(config.containerIds)}/transport_events`]],
  ["tracking request list", 10, () => ["GET", "/v2/tracking_requests"]],
  ["shipment tag edit", 10, () => ["PATCH", `/v2/shipments/${pick(config.shipmentIds)}`, { data: { type: "shipment", attributes: { tags: [tag()] } } }]],
  ["custom field upsert", 10, () => ["POST", `/v2/shipments/${pick(config.shipmentIds)}/custom_fields`, { data: { type: "custom_field", attributes: { api_slug: "declared_value", value: String(1 + Math.floor(Math.random() * 100_000)) } } }]],
  ["tracking request edit", 5, () => ["PATCH", `/v2/tracking_requests/${pick(config.trackingRequestIds)}`, { data: { type: "tracking_request", attributes: { shipment_tags: [tag()] } } }]],
  [
    "new tracking request",
    5,
    () => {
      created += 1;
      return ["POST", "/v2/tracking_requests", { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: `TEST-MIX-${config.runId}-${created}`, scac: "TEST" } } }];
    },
  ],
];
if (process.argv[2] === "--kinds") {
  console.log(JSON.stringify(MIX.map(([name, share]) => [name, share])));
  process.exit(0);
}
const kinds = config.only === undefined ? MIX : MIX.filter(([name]) => name === config.only);
if (kinds.length === 0) throw new Error(`no request kind named ${config.only}`);
const totalShare = kinds.reduce((sum, [, share]) => sum + share, 0);

/** The next request of the mix, as [method, path, body?]. */
function next() {
  let r = Math.random() * totalShare;
  for (const [, share, make] of kinds) if ((r -= share) < 0) return make();
  return kinds[kinds.length - 1][2]();
}

const reads = [];
const writes = [];
/** Latencies of the requests sent during the warm-up, apart from the figures. */
const warmup = [];
let errors = 0;
/** Requests answered (whatever their status): the throughput counts these, not the timed-out ones. */
let answered = 0;

/**
 * Sends one request and records its latency. Errors are counted: a status of 400 or more, a socket
 * error, no answer within {@link TIMEOUT_MS} (recorded at that latency, the least it would have taken).
 */
function once() {
  const [method, path, body] = next();
  const text = body && JSON.stringify(body);
  return new Promise((resolve) => {
    const started = performance.now();
    const warming = started < measureFrom;
    const record = (latency) => (warming ? warmup : method === "GET" ? reads : writes).push(latency);
    const req = request({ host: "127.0.0.1", port: config.port, method, path, agent, headers: text ? { ...headers, "content-length": Buffer.byteLength(text) } : headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => {
        record(performance.now() - started);
        if (!warming) answered += 1;
        if (res.statusCode >= 400) errors += 1;
        resolve();
      });
    });
    req.setTimeout(TIMEOUT_MS, () => {
      record(TIMEOUT_MS);
      req.destroy(new Error("timeout"));
    });
    req.on("error", () => {
      errors += 1;
      resolve();
    });
    req.end(text);
  });
}

/** p50, p90, p99 and max of a list of latencies (nearest rank), in milliseconds. */
function figures(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : Number.NaN);
  return { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1] : Number.NaN };
}

const measureFrom = performance.now() + (config.warmupSeconds ?? 0) * 1000;
const stopAt = measureFrom + config.seconds * 1000;
await Promise.all(
  Array.from({ length: config.connections }, async () => {
    while (performance.now() < stopAt) await once();
  }),
);
const seconds = (performance.now() - measureFrom) / 1000;
agent.destroy();
const all = figures([...reads, ...writes]);
console.log(JSON.stringify({ ...all, rps: answered / seconds, errors, reads: figures(reads), writes: figures(writes), warmup: figures(warmup) }));
