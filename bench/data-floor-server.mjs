// The data floor of the list-read benchmark: node:http answering each benchmarked request by
// reading the same rows as Bollard with raw better-sqlite3 prepared statements and writing the
// stored JSON text as it is (the read model's kept texts for shipments and containers, their
// record's `doc` where none is kept yet; `doc` for transport events and tracking requests), spliced
// into a JSON:API document with the page's total. No framework, no auth, no parsing. Usage: node
// data-floor-server.mjs DB
import { createServer } from "node:http";
import Database from "better-sqlite3";

const db = new Database(process.argv[2], { readonly: true });
db.pragma("cache_size = -65536");
db.pragma("mmap_size = 2147418112");
const accountId = db.prepare("select id from accounts where company_name = 'Bench'").pluck().get();
const PAGE = 30;

// A shipment's or container's kept text ("attributes\nrelationships"), joined by its key.
const kept = (table, type) => `coalesce((select text from kept_texts k where k.account_id = ${table}.account_id and k.key = '${type}:' || ${table}.id), ${table}.doc || char(10) || '{}') as text`;
const shipment = db.prepare(`select id, ${kept("shipments", "shipment")} from shipments where id = ? and account_id = ?`).raw();
const containersOf = db.prepare(`select id, ${kept("containers", "container")} from containers where account_id = ? and shipment_id = ? order by created_at, id`).raw();
const shipmentPage = db.prepare(`select id, ${kept("shipments", "shipment")} from shipments where account_id = ? order by created_at desc, id desc limit ${PAGE}`).raw();
const shipmentCount = db.prepare("select count(*) from shipments where account_id = ?").pluck();
const containersOfMany = db.prepare(`select id, ${kept("containers", "container")}, shipment_id from containers where account_id = ? and shipment_id in (select value from json_each(?)) order by +created_at, +id`).raw(); // `+`: sort the few rows found rather than walk the account's containers in order
const containerPage = db.prepare(`select id, ${kept("containers", "container")} from containers where account_id = ? order by created_at desc, id desc limit ${PAGE}`).raw();
const containerCount = db.prepare("select count(*) from containers where account_id = ?").pluck();
const eventPage = db.prepare(`select id, doc from transport_events where +account_id = ? and container_id = ? order by sort_ts, created_at, id limit ${PAGE}`).raw();
const eventCount = db.prepare("select count(*) from transport_events where +account_id = ? and container_id = ?").pluck();
const requestPage = db.prepare(`select id, doc from tracking_requests where account_id = ? order by created_at desc, id desc limit ${PAGE}`).raw();
const requestCount = db.prepare("select count(*) from tracking_requests where account_id = ?").pluck();

const resource = (type, [id, text], extra = "") => {
  const split = text.indexOf("\n");
  const attributes = text.slice(0, split);
  const relationships = text.slice(split + 1);
  return `{"id":"${id}","type":"${type}","attributes":${attributes},"relationships":${extra ? `${relationships.slice(0, -1)}${relationships.length > 2 ? "," : ""}${extra}}` : relationships}}`;
};
const containerLinkage = (rows) => `"containers":{"data":[${rows.map((row) => `{"type":"container","id":"${row[0]}"}`).join(",")}]}`;
const meta = (total) => `"meta":{"size":${PAGE},"total":${total}}`;

function answer(path) {
  let match;
  if ((match = /^\/v2\/shipments\/([0-9a-f-]{36})$/.exec(path))) {
    const row = shipment.get(match[1], accountId);
    if (!row) return null;
    const containers = containersOf.all(accountId, row[0]);
    return `{"data":${resource("shipment", row, containerLinkage(containers))},"included":[${containers.map((c) => resource("container", c)).join(",")}]}`;
  }
  if (path === "/v2/shipments") {
    const rows = shipmentPage.all(accountId);
    const containers = containersOfMany.all(accountId, JSON.stringify(rows.map((row) => row[0])));
    const byShipment = new Map();
    for (const c of containers) byShipment.set(c[2], [...(byShipment.get(c[2]) ?? []), c]);
    const data = rows.map((row) => resource("shipment", row, containerLinkage(byShipment.get(row[0]) ?? [])));
    return `{"data":[${data.join(",")}],"included":[${containers.map((c) => resource("container", c)).join(",")}],${meta(shipmentCount.get(accountId))}}`;
  }
  if (path === "/v2/containers") {
    return `{"data":[${containerPage.all(accountId).map((row) => resource("container", row)).join(",")}],${meta(containerCount.get(accountId))}}`;
  }
  if ((match = /^\/v2\/containers\/([0-9a-f-]{36})\/transport_events$/.exec(path))) {
    const rows = eventPage.all(accountId, match[1]);
    return `{"data":[${rows.map(([id, doc]) => `{"id":"${id}","type":"transport_event","attributes":${doc}}`).join(",")}],${meta(eventCount.get(accountId, match[1]))}}`;
  }
  if (path === "/v2/tracking_requests") {
    return `{"data":[${requestPage.all(accountId).map(([id, doc]) => `{"id":"${id}","type":"tracking_request","attributes":${doc}}`).join(",")}],${meta(requestCount.get(accountId))}}`;
  }
  return null;
}

const server = createServer((req, res) => {
  const query = req.url.indexOf("?");
  const body = answer(query === -1 ? req.url : req.url.slice(0, query));
  if (body === null) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/vnd.api+json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`port ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
