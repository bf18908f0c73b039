import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectRefused, runBollard, startBollard, type BollardProcess } from "./testing/bollard-process.js";
import { settledResponseCacheHits } from "./testing/response-cache-hits.js";

/*
 * The response cache of `bollard serve` on a SQLite file: repeated GETs come from memory (the
 * debug log and /metrics say so), a write made by any process on the file shows in the next GET,
 * whichever API process answers it, and a write to another account leaves the cached answers be.
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

async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !done(); ) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("bollard serve's response cache", () => {
  it("answers a repeated GET from memory, counts it, and follows writes; --response-cache-mb 0 turns it off", async () => {
    const db = join(dir, "one.sqlite");
    // No background: its refreshes of the demo data would change the account's answers between two GETs.
    const { server, get, patch, metrics } = await serve(db, ["--log-level", "debug", "--metrics-port", "0", "--background", "off"]);
    const first = await get("/shipments?include=containers");
    await get("/shipments?include=containers");
    expect(await settledResponseCacheHits([metrics!], 1, "/v2/shipments")).toBe(1);
    // The debug log marks the hits (its lines are written a little after the response).
    await until(() => server.stderr.some((line) => line.includes('"cache":"hit"') && line.includes('"route":"/v2/shipments"')));

    const id = first.data[0].id as string;
    await patch(`/shipments/${id}`, { tags: ["cache test"] });
    expect((await get("/shipments?include=containers")).data[0].attributes.tags).toStrictEqual(["cache test"]);
    await get("/shipments?include=containers");
    expect(await settledResponseCacheHits([metrics!], 2, "/v2/shipments")).toBe(2);
    // Another process writes the file. `bollard keys create` adds another account: this account's answer is kept.
    expect((await runBollard(["keys", "create", "--db", db, "--account", "Other"])).code).toBe(0);
    await get("/shipments?include=containers");
    expect(await settledResponseCacheHits([metrics!], 3, "/v2/shipments")).toBe(3);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const off = await serve(db, ["--response-cache-mb", "0", "--metrics-port", "0"]);
    for (let i = 0; i < 5; i++) await off.get("/shipments");
    expect(await settledResponseCacheHits([off.metrics!], 0)).toBe(0);
    off.server.child.kill("SIGTERM");
    expect(await off.server.exited).toBe(0);
    await expectRefused(["serve", "--db", db, "--port", "0", "--response-cache-mb", "-1"], "--response-cache-mb must be a whole number of MiB from 0 (off) to 65536");
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
