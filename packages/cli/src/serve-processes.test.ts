import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresAvailability, startLocalPostgres } from "@bollard/storage-postgres/testing";
import { afterAll, describe, expect, it } from "vitest";
import { expectRefused, processAlive as alive, startBollard, type BollardProcess } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-processes-"));
const KEY = "bol_processesprocessesprocessesprocesses01";
const running: BollardProcess[] = [];
afterAll(() => {
  for (const process of running) process.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Two API processes on `db`: concurrent writes without a 503, one that dies is replaced, SIGTERM stops all. */
async function servesFromTwoProcesses(db: string): Promise<void> {
  const keyFile = join(dir, "key");
  writeFileSync(keyFile, KEY);
  const server = startBollard(["serve", "--db", db, "--port", "0", "--processes", "2", "--no-dashboard", "--no-demo", "--api-key-file", keyFile]);
  running.push(server);
  const [line, base] = await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2.*/);
  const pids = /2 API processes \((\d+), (\d+)\)/.exec(line!)!.slice(1).map(Number);
  expect(pids.every(alive)).toBe(true);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/v2${path}`, { method, headers: { authorization: `Token ${KEY}`, "content-type": "application/json" }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const create = (i: number) => call("POST", "/tracking_requests", { data: { attributes: { request_type: "bill_of_lading", request_number: `TEST-PROC-${i}`, scac: "TEST" } } });
  const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => create(i)))).map((r) => r.status);
  expect(statuses.filter((status) => status !== 201)).toEqual([]);
  expect((await call("GET", "/tracking_requests?page[size]=1")).body.meta.total).toBe(60);

  process.kill(pids[0]!, "SIGKILL"); // the primary starts another; the survivor serves meanwhile
  for (const deadline = Date.now() + 30_000; !server.stderr.some((l) => l.includes("API process ended; starting another")); ) {
    if (Date.now() > deadline) throw new Error(`no replacement: ${server.stderr.join(" | ")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await Promise.all(Array.from({ length: 20 }, (_, i) => create(100 + i)))).map((r) => r.status).filter((s) => s !== 201)).toEqual([]);

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(alive(pids[1]!)).toBe(false);
}

describe("bollard serve --processes 2", () => {
  it("on one SQLite file: serves concurrent writes from two API processes without a 503, replaces one that dies, and stops all on SIGTERM", async () => {
    await servesFromTwoProcesses(join(dir, "two.sqlite"));
  }, 120_000);

  it.skipIf(!postgresAvailability().available)("on PostgreSQL: the same", async () => {
    const cluster = await startLocalPostgres();
    try {
      await servesFromTwoProcesses(await cluster.createDatabase());
    } finally {
      await cluster.stop();
    }
  }, 180_000);

  it("refuses --processes where other processes cannot reach the data", async () => {
    await expectRefused(["serve", "--db", ":memory:", "--processes", "2", "--port", "0"], "--processes 2 does not apply with --db :memory:");
    await expectRefused(["serve", "--processes", "0", "--db", join(dir, "x.sqlite"), "--port", "0"], "--processes must be a whole number from 1 to 64");
  }, 60_000);
});
