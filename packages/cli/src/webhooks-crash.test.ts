import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { startTestReceiver } from "@bollard/http/testing";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard, type BollardProcess } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-webhook-crash-"));
const REQUESTS = 40;
const KILLS = 2;
// Retries are minutes apart; at ×600 a minute of tracker time is 0.1 s.
const SERVE = (db: string) => ["serve", "--db", db, "--port", "0", "--allow-private-webhooks", "--clock-speed", "600"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  rmSync(dir, { recursive: true, force: true });
});

describe("webhook delivery across crashes", () => {
  it("delivers every notification at least once to a receiver failing 30% of requests, through two SIGKILLs", async () => {
    const accepted = new Map<string, number>();
    const receiver = await startTestReceiver((request, response) => {
      const roll = Math.random();
      if (roll < 0.1) return (response.socket?.destroy(), null);
      if (roll < 0.3) return 503;
      const id = String(request.headers["webhook-id"]);
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      return 200;
    });
    cleanup.push(() => receiver.close());
    const db = join(dir, "webhooks.sqlite");
    const key = (await runBollard(["keys", "create", "--db", db, "--account", "Hooks", "--create"])).stdout[0]!;
    const headers = { authorization: `Token ${key}`, "content-type": "application/json" };

    let server: BollardProcess = startBollard(SERVE(db));
    cleanup.push(() => void server.child.kill("SIGKILL"));
    let base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/v2${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as any) };
    };
    expect((await api("POST", "/webhooks", { data: { attributes: { url: receiver.url, events: WebhookEventNameSchema.options } } })).status).toBe(201);
    for (let i = 0; i < REQUESTS; i++) {
      const number = `TEST-CRASH-${String(i).padStart(3, "0")}`;
      expect((await api("POST", "/tracking_requests", { data: { attributes: { request_type: "bill_of_lading", request_number: number, scac: "TEST" } } })).status).toBe(201);
    }

    for (let kill = 1; kill <= KILLS; kill++) {
      while (accepted.size < 150 * kill) await sleep(20);
      server.child.kill("SIGKILL");
      await server.exited;
      server = startBollard(SERVE(db));
      base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
    }

    // Stop every shipment so no new notifications appear, then wait for the outbox to drain.
    for (let page = 1; ; page++) {
      const shipments = await api("GET", `/shipments?page[size]=100&page[number]=${page}`);
      for (const shipment of shipments.body.data) await api("PATCH", `/shipments/${shipment.id}/stop_tracking`);
      if (!shipments.body.links.next) break;
    }
    const deadline = Date.now() + 120_000;
    while ((await api("GET", "/webhook_notifications?filter[delivery_status]=pending&page[size]=1")).body.meta.total > 0) {
      if (Date.now() > deadline) throw new Error("the outbox did not drain in 2 minutes");
      await sleep(250);
    }

    const ids: string[] = [];
    const statuses = new Map<string, number>();
    for (let page = 1; ; page++) {
      const listed = await api("GET", `/webhook_notifications?page[size]=100&page[number]=${page}`);
      for (const notification of listed.body.data) {
        ids.push(notification.id);
        statuses.set(notification.attributes.delivery_status, (statuses.get(notification.attributes.delivery_status) ?? 0) + 1);
      }
      if (!listed.body.links.next) break;
    }
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    expect(ids.length).toBeGreaterThan(300);
    expect(Object.fromEntries(statuses)).toEqual({ succeeded: ids.length });
    const missing = ids.filter((id) => !accepted.has(id));
    expect(missing).toEqual([]);
    const duplicates = [...accepted.values()].reduce((sum, count) => sum + count - 1, 0);
    console.log(`webhook crash test: ${ids.length} notifications, ${receiver.received.length} requests, ${KILLS} SIGKILLs, none lost, ${duplicates} delivered more than once`);
  }, 240_000);
});
