import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker } from "@bollard/core";
import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-shutdown-"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanup: (() => unknown)[] = [];
afterAll(() => {
  for (const step of cleanup.reverse()) step();
  rmSync(dir, { recursive: true, force: true });
});

/** A webhook receiver that accepts connections and never answers. */
async function silentReceiver(): Promise<{ url: string; connections: () => number; close: () => void }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe("bollard serve shutdown", () => {
  it("exits within --shutdown-timeout with a backlog of deliveries to a receiver that never answers, and keeps the backlog for the next start", async () => {
    const receiver = await silentReceiver();
    cleanup.push(receiver.close);
    const db = join(dir, "backlog.sqlite");
    const key = (await runBollard(["keys", "create", "--db", db, "--account", "Hooks", "--create"])).stdout[0]!;
    const headers = { authorization: `Token ${key}`, "content-type": "application/json" };
    // ×3600: an hour of tracker time a second, so the refresh loop produces a backlog quickly.
    const server = startBollard(["serve", "--db", db, "--port", "0", "--allow-private-webhooks", "--clock-speed", "3600", "--shutdown-timeout", "3"]);
    cleanup.push(() => server.child.kill("SIGKILL"));
    const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/v2${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return (await response.json()) as any;
    };
    await api("POST", "/webhooks", { data: { attributes: { url: receiver.url, events: WebhookEventNameSchema.options } } });
    for (let i = 0; i < 10; i++) {
      await api("POST", "/tracking_requests", { data: { attributes: { request_type: "bill_of_lading", request_number: `TEST-SHUTDOWN-${i}`, scac: "TEST" } } });
    }
    // Wait for a backlog: deliveries hang in flight, more are queued behind them.
    let pending = 0;
    for (let waited = 0; (pending < 40 || receiver.connections() === 0) && waited < 30_000; waited += 200) {
      await sleep(200);
      pending = (await api("GET", "/webhook_notifications?filter[delivery_status]=pending&page[size]=1")).meta.total;
    }
    expect(pending).toBeGreaterThanOrEqual(40);
    expect(receiver.connections()).toBeGreaterThan(0);

    const stopping = performance.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const seconds = (performance.now() - stopping) / 1000;
    console.log(`shutdown: ${pending}+ notifications pending, exited in ${seconds.toFixed(2)} s with --shutdown-timeout 3`);
    // The deadline plus room for a busy machine (9.8 s once beside two busy cores): a shutdown that
    // waited for the backlog would wait out 10 s delivery timeouts one batch after another.
    expect(seconds).toBeLessThan(3 + 10);
    expect(server.stderr.join("\n")).toContain('"msg":"stopped"');

    // The backlog is still there for the next start, with no attempt counted for the deliveries cut short.
    const tracker = await createTracker({ storage: sqliteStorage({ filename: db }) });
    const session = tracker.session(await tracker.accounts.authenticate(key));
    const left = await session.webhookNotifications.list({ deliveryStatus: "pending", page: { size: 100 } });
    await tracker.close();
    expect(left.total).toBeGreaterThanOrEqual(pending);
    expect(left.data.every((notification) => notification.attempts === 0)).toBe(true);
  }, 90_000);
});
