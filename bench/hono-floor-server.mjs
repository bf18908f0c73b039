// The framework floor of the http-read benchmark: Hono on @hono/node-server answering every
// request with the same document bytes (no auth, no storage). Usage: node hono-floor-server.mjs DOC
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const body = readFileSync(process.argv[2], "utf8");
const app = new Hono();
app.get("/v2/shipments/:id", (c) => c.body(body, 200, { "content-type": "application/vnd.api+json" }));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`port ${info.port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
