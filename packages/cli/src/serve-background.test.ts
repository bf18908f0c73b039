import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestReceiver } from "@bollard/http/testing";
import { afterAll, describe, expect, it } from "vitest";
import { expectRefused, runBollard, startBollard, type BollardProcess } from "./testing/bollard-process.js";

/*
 * Where the background loops run. By default `bollard serve` runs them in a worker thread over its
 * own connection; `--background off` leaves them to `bollard worker`, a process of its own sharing
 * the database.
 */

const dir = mkdtempSync(join(tmpdir(), "bollard-background-"));
const running: BollardProcess[] = [];
afterAll(() => {
  for (const process of running) process.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function trackOne(db: string, serveArgs: string[]) {
  const key = (await runBollard(["keys", "create", "--db", db, "--account", "Background", "--create"])).stdout[0]!;
  const server = startBollard(["serve", "--db", db, "--port", "0", "--no-dashboard", "--allow-private-webhooks", ...serveArgs]);
  running.push(server);
  const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/v2${path}`, { method, headers: { authorization: `Token ${key}`, "content-type": "application/json" }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return (await response.json()) as any;
  };
  const delivered: string[] = [];
  const receiver = await startTestReceiver((request) => (delivered.push(String(request.headers["webhook-id"])), 200));
  await api("POST", "/webhooks", { data: { attributes: { url: receiver.url, events: ["tracking_request.succeeded"] } } });
  const created = await api("POST", "/tracking_requests", { data: { attributes: { request_type: "bill_of_lading", request_number: "TEST-BACKGROUND-1", scac: "TEST" } } });
  const status = async () => (await api("GET", `/tracking_requests/${created.data.id}`)).data.attributes.status as string;
  const until = async (done: () => Promise<boolean> | boolean, what: string) => {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server stderr: ${server.stderr.slice(-5).join(" | ")}`);
      await sleep(100);
    }
  };
  return { server, receiver, delivered, status, until };
}

describe("background work", () => {
  it("runs in serve's worker thread by default: the request is refreshed and its webhook delivered", async () => {
    const { server, receiver, delivered, status, until } = await trackOne(join(dir, "thread.sqlite"), []);
    await until(async () => (await status()) === "created", "the refresh");
    await until(() => delivered.length === 1, "the webhook");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.stderr.join("\n")).not.toContain('"level":"error"');
    await receiver.close();
  }, 120_000);

  it("with --background off, serve does none of it; bollard worker on the same SQLite file does", async () => {
    const db = join(dir, "worker.sqlite");
    const { server, receiver, delivered, status, until } = await trackOne(db, ["--background", "off"]);
    expect(server.stdout.find((line) => line.includes("listening on"))).toContain("background work: off (run bollard worker)");
    await sleep(3_000); // three refresh ticks and twelve webhook ticks, had the loops run here
    expect(await status()).toBe("pending");
    expect(delivered).toEqual([]);

    const worker = startBollard(["worker", "--db", db, "--allow-private-webhooks"]);
    running.push(worker);
    await worker.waitFor(/^Bollard worker refreshing and delivering webhooks for /);
    await until(async () => (await status()) === "created", "the worker's refresh");
    await until(() => delivered.length === 1, "the worker's webhook");
    for (const process of [worker, server]) {
      process.child.kill("SIGTERM");
      expect(await process.exited).toBe(0);
    }
    await receiver.close();
  }, 120_000);

  it("refuses a mode that cannot work, in one line", async () => {
    await expectRefused(["serve", "--db", ":memory:", "--background", "thread", "--port", "0"], "--background thread does not apply with --db :memory:");
    await expectRefused(["serve", "--sandbox", "--background", "off", "--db", join(dir, "s.sqlite"), "--port", "0"], "--background off does not apply with --sandbox");
    await expectRefused(["serve", "--background", "elsewhere", "--db", join(dir, "u.sqlite"), "--port", "0"], "--background must be one of thread, inline, off");
    await expectRefused(["worker", "--db", ":memory:"], "not :memory:");
  }, 120_000);
});
