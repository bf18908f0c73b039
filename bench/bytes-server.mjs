// The bytes baseline of the list-read benchmark: node:http answering each benchmarked request
// with the bytes Bollard answered for one sample of it (read from DIR/<kind>.json), chosen by the
// request's path. Usage: node bytes-server.mjs DIR
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
const load = (kind) => readFileSync(join(dir, `${kind}.json`));
const bodies = { shipment: load("shipment"), shipments: load("shipments"), containers: load("containers"), transport_events: load("transport_events"), tracking_requests: load("tracking_requests") };

function kindOf(path) {
  if (path === "/v2/shipments") return "shipments";
  if (path === "/v2/containers") return "containers";
  if (path === "/v2/tracking_requests") return "tracking_requests";
  if (/^\/v2\/containers\/[0-9a-f-]{36}\/transport_events$/.test(path)) return "transport_events";
  if (/^\/v2\/shipments\/[0-9a-f-]{36}$/.test(path)) return "shipment";
  return undefined;
}

const server = createServer((req, res) => {
  const query = req.url.indexOf("?");
  const body = bodies[kindOf(query === -1 ? req.url : req.url.slice(0, query))];
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "application/vnd.api+json", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`port ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
