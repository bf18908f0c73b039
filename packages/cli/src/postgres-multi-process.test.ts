import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { startTestReceiver } from "@bollard/http/testing";
import { postgresAvailability, startLocalPostgres, type LocalPostgres } from "@bollard/storage-postgres/testing";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard, type BollardProcess } from "./testing/bollard-process.js";

// Two `bollard serve` processes on one PostgreSQL database, one of them SIGKILLed midway: every
// tracking request becomes a shipment, every shipment keeps being refreshed (the dead process's
// claims are taken over when their lease ends), every notification is delivered, and the
// duplicates that at-least-once delivery allows are counted.

const availability = postgresAvailability();
const BEFORE_KILL = 24;
const AFTER_KILL = 8;
const SPEED = 600; // an hour of tracker time is 6 s; a 5-minute refresh lease runs out in 0.5 s
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(200);
  }
}

describe.skipIf(!availability.available)("two bollard servers on one PostgreSQL database", () => {
  it("share refreshes and webhook deliveries, and lose no work when one is SIGKILLed", async () => {
    const cluster: LocalPostgres = await startLocalPostgres();
    cleanup.push(() => cluster.stop());
    const db = await cluster.createDatabase();
    const accepted = new Map<string, number>();
    const succeededBy = new Map<string, Set<string>>(); // tracking request id → notification ids
    const receiver = await startTestReceiver((request) => {
      // One request in five fails, so retries (scheduled by one process, made by either) are exercised.
      if (Math.random() < 0.2) return 503;
      const id = String(request.headers["webhook-id"]);
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      const { data } = JSON.parse(request.body) as { data: { attributes: { event: string }; relationships: { reference_object: { data: { id: string } } } } };
      if (data.attributes.event === "tracking_request.succeeded") {
        const requestId = data.relationships.reference_object.data.id;
        succeededBy.set(requestId, new Set([...(succeededBy.get(requestId) ?? []), id]));
      }
      return 200;
    });
    cleanup.push(() => receiver.close());

    const key = (await runBollard(["keys", "create", "--db", db, "--account", "Shared"])).stdout[0]!;
    const origin = new Date().toISOString();
    const clockNow = () => new Date(Date.parse(origin) + (Date.now() - Date.parse(origin)) * SPEED).toISOString();
    const serve = ["serve", "--port", "0", "--allow-private-webhooks", "--clock-speed", String(SPEED), "--clock-origin", origin];
    // One selects the database with --db, the other with BOLLARD_DB.
    const first: BollardProcess = startBollard([...serve, "--db", db]);
    const second: BollardProcess = startBollard(serve, { BOLLARD_DB: db });
    for (const server of [first, second]) cleanup.push(() => void server.child.kill("SIGKILL"));
    const listening = /listening on (http:\/\/[^ ]+)\/v2/;
    const [matchA, matchB] = await Promise.all([first.waitFor(listening), second.waitFor(listening)]);
    const baseA = matchA[1]!;
    const baseB = matchB[1]!;
    const headers = { authorization: `Token ${key}`, "content-type": "application/json" };
    const api = async (base: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/v2${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as any) };
    };
    const track = async (base: string, i: number) => {
      const number = `TEST-MULTI-${String(i).padStart(3, "0")}`;
      const created = await api(base, "POST", "/tracking_requests", { data: { attributes: { request_type: "bill_of_lading", request_number: number, scac: "TEST" } } });
      expect(created.status).toBe(201);
      return created.body.data.id as string;
    };
    const listAll = async (base: string, path: string) => {
      const items: any[] = [];
      for (let page = 1; ; page++) {
        const listed = await api(base, "GET", `${path}${path.includes("?") ? "&" : "?"}page[size]=100&page[number]=${page}`);
        items.push(...listed.body.data);
        if (!listed.body.links.next) return items;
      }
    };

    expect((await api(baseA, "POST", "/webhooks", { data: { attributes: { url: receiver.url, events: WebhookEventNameSchema.options } } })).status).toBe(201);
    const requestIds: string[] = [];
    for (let i = 0; i < BEFORE_KILL; i++) requestIds.push(await track(i % 2 === 0 ? baseA : baseB, i));
    // Both servers read what the other wrote.
    expect((await api(baseB, "GET", `/tracking_requests/${requestIds[0]}`)).status).toBe(200);
    expect((await api(baseA, "GET", `/tracking_requests/${requestIds[1]}`)).status).toBe(200);

    // Kill the first server in the middle of the work: some shipments found, notifications in flight.
    await waitUntil("half the first tracking requests succeeded", async () => succeededBy.size >= BEFORE_KILL / 2);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    const killedAt = clockNow();
    for (let i = BEFORE_KILL; i < BEFORE_KILL + AFTER_KILL; i++) requestIds.push(await track(baseB, i));

    // Every request becomes a shipment, and every tracked shipment is refreshed again after the kill.
    await waitUntil("every tracking request succeeded", async () => {
      const requests = await listAll(baseB, "/tracking_requests");
      return requests.length === requestIds.length && requests.every((r) => r.attributes.status === "created" || r.attributes.status === "tracking_stopped");
    });
    await waitUntil("every tracked shipment was refreshed after the kill", async () => {
      const shipments = await listAll(baseB, "/shipments");
      return shipments.length === requestIds.length && shipments.every((s) => s.attributes.line_tracking_stopped_at !== null || s.attributes.line_tracking_last_attempted_at > killedAt);
    });

    // Stop tracking so no new notifications appear, then wait for the outbox to drain.
    for (const shipment of await listAll(baseB, "/shipments")) await api(baseB, "PATCH", `/shipments/${shipment.id}/stop_tracking`);
    await waitUntil("the outbox drained", async () => (await api(baseB, "GET", "/webhook_notifications?filter[delivery_status]=pending&page[size]=1")).body.meta.total === 0);
    const notifications = await listAll(baseB, "/webhook_notifications");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    const statuses = new Map<string, number>();
    for (const n of notifications) statuses.set(n.attributes.delivery_status, (statuses.get(n.attributes.delivery_status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ succeeded: notifications.length });
    expect(notifications.filter((n) => !accepted.has(n.id)).map((n) => n.id)).toEqual([]);
    expect([...succeededBy.keys()].sort()).toEqual([...requestIds].sort());
    const duplicateDeliveries = [...accepted.values()].reduce((sum, count) => sum + count - 1, 0);
    const duplicateSucceeded = [...succeededBy.values()].reduce((sum, ids) => sum + ids.size - 1, 0);
    expect(duplicateSucceeded).toBe(0);
    console.log(
      `two-process test: ${requestIds.length} tracking requests, ${notifications.length} notifications, ${receiver.received.length} webhook requests; ` +
        `1 SIGKILL; lost: 0; duplicate deliveries: ${duplicateDeliveries}; duplicate first refreshes: ${duplicateSucceeded}`,
    );
  }, 600_000);
});
