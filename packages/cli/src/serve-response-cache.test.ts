import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard, type BollardProcess } from "./testing/bollard-process.js";
import { readPrometheusText, sampleValue } from "./testing/prometheus-text.js";

/*
 * The response cache of `bollard serve` on a SQLite file: repeated GETs come from memory (the
 * debug log and /metrics say so), and a write made by any process on the file shows in the next
 * GET, whichever API process answers it.
 */

const dir = mkdtempSync(join(tmpdir(), "bollard-response-cache-"));
const KEY = "bol_responsecacheresponsecacheresponse0001";
const keyFile = join(dir, "key");
writeFileSync(keyFile, KEY);
const running: BollardProcess[] = [];
afterAll(() => {
  for (const process of running) process.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function serve(db: string, args: string[]) {
  const server = startBollard(["serve", "--db", db, "--port", "0", "--no-dashboard", "--api-key-file", keyFile, ...args]);
  running.push(server);
  const [, base, metrics] = await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2(?:.*metrics on (http:\/\/[^ ]+\/metrics))?/);
  const get = async (path: string) => {
    const response = await fetch(`${base}/v2${path}`, { headers: { authorization: `Token ${KEY}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as any;
  };
  const patch = async (path: string, attributes: unknown) => {
    const response = await fetch(`${base}/v2${path}`, { method: "PATCH", headers: { authorization: `Token ${KEY}`, "content-type": "application/json" }, body: JSON.stringify({ data: { attributes } }) });
    expect(response.status).toBe(200);
  };
  return { server, get, patch, metrics };
}

const hits = (server: BollardProcess) => server.stderr.filter((line) => line.includes('"cache":"hit"')).length;

describe("bollard serve's response cache", () => {
  it("answers a repeated GET from memory, counts it, and follows writes; --response-cache-mb 0 turns it off", async () => {
    const db = join(dir, "one.sqlite");
    const { server, get, patch, metrics } = await serve(db, ["--log-level", "debug", "--metrics-port", "0"]);
    const first = await get("/shipments?include=containers");
    expect(await get("/shipments?include=containers")).toStrictEqual(first);
    expect(hits(server)).toBe(1);
    const scrape = readPrometheusText(await (await fetch(metrics!)).text());
    expect(sampleValue(scrape, "bollard_http_response_cache_hits_total", { route: "/v2/shipments" })).toBe(1);

    const id = first.data[0].id as string;
    await patch(`/shipments/${id}`, { tags: ["cache test"] });
    expect((await get("/shipments?include=containers")).data[0].attributes.tags).toStrictEqual(["cache test"]);
    // Another process writes the file: `bollard keys create` adds an account, which the shipment list does not show,
    // but the next GET is built again all the same (any commit empties the cache).
    expect((await runBollard(["keys", "create", "--db", db, "--account", "Other"])).code).toBe(0);
    const before = hits(server);
    await get("/shipments?include=containers");
    expect(hits(server)).toBe(before);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const off = await serve(db, ["--log-level", "debug", "--response-cache-mb", "0"]);
    await off.get("/shipments");
    await off.get("/shipments");
    expect(hits(off.server)).toBe(0);
    off.server.child.kill("SIGTERM");
    expect(await off.server.exited).toBe(0);
    const bad = await runBollard(["serve", "--db", db, "--port", "0", "--response-cache-mb", "-1"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.join("\n")).toContain("--response-cache-mb must be a whole number of MiB from 0 (off) to 65536");
  }, 120_000);

  it("with --processes 2, a write through one API process shows in the next GET from either", async () => {
    const { server, get, patch } = await serve(join(dir, "two.sqlite"), ["--processes", "2"]);
    const id = (await get("/shipments")).data[0].id as string;
    // Enough GETs that both processes keep the list.
    for (let i = 0; i < 20; i++) await get(`/shipments/${id}`);
    for (let round = 1; round <= 3; round++) {
      await patch(`/shipments/${id}`, { tags: [`round ${round}`] });
      const seen = await Promise.all(Array.from({ length: 10 }, async () => (await get(`/shipments/${id}`)).data.attributes.tags));
      expect(seen).toStrictEqual(Array.from({ length: 10 }, () => [`round ${round}`]));
    }
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});
