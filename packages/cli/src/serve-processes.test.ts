import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/** The primary's count of `POST /v2/tracking_requests` answered 201, from its `/metrics`. */
async function createdCount(metrics: string): Promise<number> {
  const text = await (await fetch(metrics)).text();
  const line = text.split("\n").find((l) => l.startsWith("bollard_http_requests_total{") && l.includes('route="/v2/tracking_requests"') && l.includes('method="POST"') && l.includes('status="201"'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/**
 * Two API processes on `db`: concurrent writes without a 503, counted in the primary's metrics, one
 * that dies is replaced, SIGTERM stops all.
 */
async function servesFromTwoProcesses(db: string): Promise<void> {
  const keyFile = join(dir, "key");
  writeFileSync(keyFile, KEY);
  const server = startBollard(["serve", "--db", db, "--port", "0", "--processes", "2", "--no-dashboard", "--no-demo", "--api-key-file", keyFile, "--metrics-port", "0"]);
  running.push(server);
  const [line, base] = await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2.*/);
  const pids = /2 API processes \((\d+), (\d+)\)/.exec(line!)!.slice(1).map(Number);
  const metrics = /metrics on (http:\/\/[^ ,)]+)/.exec(line!)![1]!;
  expect(pids.every(alive)).toBe(true);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/v2${path}`, { method, headers: { authorization: `Token ${KEY}`, "content-type": "application/json" }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const create = (i: number) => call("POST", "/tracking_requests", { data: { attributes: { request_type: "bill_of_lading", request_number: `TEST-PROC-${i}`, scac: "TEST" } } });
  const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => create(i)))).map((r) => r.status);
  expect(statuses.filter((status) => status !== 201)).toEqual([]);
  expect((await call("GET", "/tracking_requests?page[size]=1")).body.meta.total).toBe(60);
  // Both API processes report their requests to the primary's /metrics, in batches.
  for (const deadline = Date.now() + 10_000; (await createdCount(metrics)) < 60; ) {
    if (Date.now() > deadline) throw new Error(`metrics count ${await createdCount(metrics)} of 60 created`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await createdCount(metrics)).toBe(60);

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

  it("by default on a SQLite file: one API process serves, this one accepts for it", async () => {
    writeFileSync(join(dir, "key1"), KEY);
    const server = startBollard(["serve", "--db", join(dir, "one.sqlite"), "--port", "0", "--no-dashboard", "--no-demo", "--api-key-file", join(dir, "key1")]);
    running.push(server);
    const [line, base] = await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2.*/);
    const [pid] = /1 API process \((\d+)\)/.exec(line!)!.slice(1).map(Number);
    expect(pid).not.toBe(server.child.pid);
    const response = await fetch(`${base}/v2/tracking_requests`, { headers: { authorization: `Token ${KEY}` } });
    expect(response.status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(alive(pid!)).toBe(false);
  }, 60_000);

  it("stops cleanly on a Ctrl-C that reaches it and its API processes while they start", async () => {
    const db = join(dir, "interrupted.sqlite");
    const server = startBollard(["serve", "--db", db, "--port", "0", "--no-dashboard", "--no-demo"]);
    running.push(server);
    // The database appears once the primary opens it, its stop signals watched by then; its API
    // process started earlier and is most likely still loading. A terminal's Ctrl-C reaches both.
    while (!existsSync(db)) await new Promise((resolve) => setTimeout(resolve, 20));
    const children = execFileSync("pgrep", ["-P", String(server.child.pid)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
    expect(children.length).toBeGreaterThan(0);
    for (const pid of [server.child.pid!, ...children]) process.kill(pid, "SIGINT");
    expect(await server.exited).toBe(0);
    expect(server.stderr.join("\n")).not.toMatch(/"level":"error"|before it listened/);
    for (const pid of children) expect(alive(pid)).toBe(false);
  }, 60_000);

  it("with --processes 0: this process serves the API itself", async () => {
    writeFileSync(join(dir, "key0"), KEY);
    const server = startBollard(["serve", "--db", join(dir, "zero.sqlite"), "--port", "0", "--processes", "0", "--no-dashboard", "--no-demo", "--api-key-file", join(dir, "key0")]);
    running.push(server);
    const [line, base] = await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2.*/);
    expect(line).not.toMatch(/API process/);
    const response = await fetch(`${base}/v2/tracking_requests`, { headers: { authorization: `Token ${KEY}` } });
    expect(response.status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 60_000);

  it("refuses --processes where other processes cannot reach the data, and out of range", async () => {
    await expectRefused(["serve", "--db", ":memory:", "--processes", "2", "--port", "0"], "--processes 2 does not apply with --db :memory:");
    await expectRefused(["serve", "--db", ":memory:", "--processes", "1", "--port", "0"], "--processes 1 does not apply with --db :memory:");
    await expectRefused(["serve", "--processes", "65", "--db", join(dir, "x.sqlite"), "--port", "0"], "--processes must be a whole number from 0 (this process serves the API) to 64");
  }, 60_000);
});
