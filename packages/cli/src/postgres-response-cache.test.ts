import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresAvailability, startLocalPostgres } from "@bollard/storage-postgres/testing";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard, type BollardProcess } from "./testing/bollard-process.js";
import { settledResponseCacheHits } from "./testing/response-cache-hits.js";

/*
 * The response cache of two `bollard serve` processes on one PostgreSQL database: each keeps
 * answers in its own memory, and a write through one is seen by the very next GET through the
 * other (read-after-write across servers), 3,000 times over (BOLLARD_CACHE_CHECKS for more), while a write in another account
 * leaves the kept answers in place.
 */

const availability = postgresAvailability();
const dir = mkdtempSync(join(tmpdir(), "bollard-pg-cache-"));
const KEY = "bol_pgresponsecachepgresponsecachepgres0001";
const keyFile = join(dir, "key");
writeFileSync(keyFile, KEY);
const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  rmSync(dir, { recursive: true, force: true });
});

/** Read-after-write checks in all, spread over WORKERS shipments written and read at once. */
const CHECKS = Number(process.env.BOLLARD_CACHE_CHECKS ?? 3_000);
const WORKERS = 8;

describe.skipIf(!availability.available)("the response cache of two bollard servers on one PostgreSQL database", () => {
  it(`never serves an answer the other server's write made stale (${CHECKS} reads after writes), and keeps answers another account's writes leave alone`, async () => {
    const cluster = await startLocalPostgres();
    cleanup.push(() => cluster.stop());
    const db = await cluster.createDatabase();
    const serve = (): BollardProcess => {
      const server = startBollard(["serve", "--db", db, "--port", "0", "--no-dashboard", "--api-key-file", keyFile, "--metrics-port", "0", "--background", "off"]);
      cleanup.push(() => void server.child.kill("SIGKILL"));
      return server;
    };
    const listening = /listening on (http:\/\/[^ ]+)\/v2(?:.*metrics on (http:\/\/[^ ]+\/metrics))?/;
    const first = serve();
    const [, baseA, metricsA] = await first.waitFor(listening);
    // The second starts once the first has seeded the demo account its key belongs to.
    const second = serve();
    const [, baseB, metricsB] = await second.waitFor(listening);
    const other = (await runBollard(["keys", "create", "--db", db, "--account", "Other"])).stdout[0]!;

    const call = async (base: string, method: string, path: string, body?: unknown, key = KEY) => {
      const response = await fetch(`${base}/v2${path}`, { method, headers: { authorization: `Token ${key}`, "content-type": "application/json" }, ...(body !== undefined && { body: JSON.stringify(body) }) });
      expect(response.status, `${method} ${path}`).toBe(200);
      return (await response.json()) as any;
    };
    const ids = ((await call(baseA!, "GET", `/shipments?page[size]=${WORKERS}`)).data as { id: string }[]).map((shipment) => shipment.id);
    expect(ids).toHaveLength(WORKERS);

    let stale = 0;
    let checks = 0;
    const hitsBefore = await settledResponseCacheHits([metricsA!, metricsB!], 0);
    await Promise.all(
      ids.map(async (id, worker) => {
        for (let round = 0; checks < CHECKS; round++) {
          // Writes alternate between the servers; each read goes to the other one, which kept the answer before the write.
          const [writer, reader] = round % 2 === 0 ? [baseA!, baseB!] : [baseB!, baseA!];
          const path = round % 3 === 0 ? `/shipments/${id}?include=containers` : `/shipments/${id}`;
          // Twice, so the second is answered from the reader's cache (unless another worker wrote in between): the write must make that answer go.
          await call(reader, "GET", path);
          await call(reader, "GET", path);
          const tag = `w${worker}r${round}`;
          await call(writer, "PATCH", `/shipments/${id}`, { data: { attributes: { tags: [tag] } } });
          const read = await call(reader, "GET", path);
          checks += 1;
          if (JSON.stringify(read.data.attributes.tags) !== JSON.stringify([tag])) stale += 1;
        }
      }),
    );
    expect(checks).toBeGreaterThanOrEqual(CHECKS);
    expect(stale).toBe(0);

    // The cache answered (the second GET before each write), and another account's write leaves this account's answers in place, on both servers.
    const path = `/shipments/${ids[0]}`;
    for (const base of [baseA!, baseB!]) await call(base, "GET", path);
    // Not every second GET is a hit: the other workers' writes to the same account change its version in between.
    const kept = await settledResponseCacheHits([metricsA!, metricsB!], hitsBefore + CHECKS / 4);
    console.log(`postgres response cache: ${checks} reads after writes over two servers, ${stale} stale, ${kept - hitsBefore} answered from a cache`);
    expect(kept - hitsBefore).toBeGreaterThanOrEqual(CHECKS / 4);
    const created = await fetch(`${baseA}/v2/tracking_requests`, {
      method: "POST",
      headers: { authorization: `Token ${other}`, "content-type": "application/json" },
      body: JSON.stringify({ data: { attributes: { request_type: "bill_of_lading", request_number: "TEST-OTHER-1", scac: "TEST" } } }),
    });
    expect(created.status).toBe(201);
    for (const base of [baseA!, baseB!]) await call(base, "GET", path);
    expect(await settledResponseCacheHits([metricsA!, metricsB!], kept + 2)).toBe(kept + 2);

    for (const server of [first, second]) server.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);
  }, 600_000);
});
