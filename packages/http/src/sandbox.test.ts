import { ACCOUNT_DATA_NOUNS, type Storage, trackerStorage } from "@bollard/core/storage";
import { afterEach, describe, expect, it } from "vitest";
import { SANDBOX_ROUTE_SPECS } from "./openapi/sandbox-route-specs.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { createWebhook, emitMilestones, trackedShipment } from "./testing/webhook-fixtures.js";
import { startTestReceiver, type TestReceiver } from "./testing/webhook-receiver.js";

const START = "2026-11-01T12:00:00.000Z";
const MINUTE = 60_000;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

/** A sandbox harness (clock paused at START) with a local webhook receiver; retries a minute apart. */
async function sandbox(makeStorage: () => Storage = STORAGES[0]![1]): Promise<{ h: Harness; receiver: TestReceiver }> {
  const receiver = await startTestReceiver();
  const h = await createHarness({
    storage: makeStorage(),
    tracker: { sandbox: { start: START, paused: true }, webhooks: { allowPrivateUrls: true, random: () => 0.5, delivery: { firstRetryDelayMs: MINUTE, maxRetryDelayMs: MINUTE } } },
  });
  cleanup.push(() => receiver.close(), () => h.tracker.close());
  return { h, receiver };
}

/** The account's own data exactly as the storage's export port returns it, as one JSON text. */
async function exportText(storage: Storage, accountId: string): Promise<string> {
  const data: Record<string, unknown[]> = {};
  for (const noun of ACCOUNT_DATA_NOUNS) {
    data[noun] = [];
    for (let after: string | null = null; ; ) {
      const batch = await storage.copy.exportBatch(noun, after, 100, { accountId });
      if (!batch) break;
      data[noun]!.push(...batch.records);
      after = batch.after;
    }
  }
  return JSON.stringify(data);
}

const advance = (h: Harness, seconds: number) => h.request("PATCH", "/v2/sandbox/clock", { body: { advance_by_seconds: seconds } });

describe("without --sandbox", () => {
  it("every sandbox route is an unknown route (404), and the SDK's sandbox answers not_found", async () => {
    const h = await createHarness();
    cleanup.push(() => h.tracker.close());
    for (const spec of SANDBOX_ROUTE_SPECS) {
      const path = `/v2${spec.path.replace("{id}", "01a20000-0000-7000-8000-000000000000")}`;
      const res = await h.request(spec.method.toUpperCase(), path, spec.method === "get" || spec.method === "delete" ? {} : { body: {} });
      expect([spec.method, path, res.status, res.body.errors[0].code]).toStrictEqual([spec.method, path, 404, "route_not_found"]);
    }
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.editor));
    expect(() => session.sandbox.clock.get()).toThrow(expect.objectContaining({ code: "not_found" }));
  });
});

describe("the sandbox clock", () => {
  it("reports, advances only forward, changes speed and pauses; viewers may only look", async () => {
    const { h } = await sandbox();
    const clock = await h.request("GET", "/v2/sandbox/clock");
    expect(clock.status).toBe(200);
    expect(clock.body.data).toStrictEqual({ id: "clock", type: "sandbox_clock", attributes: { now: "2026-11-01T12:00:00Z", speed: 1, paused: true } });

    const moved = await advance(h, 86_400);
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes.now).toBe("2026-11-02T12:00:00Z");
    expect(moved.body.meta.advance).toMatchObject({ from: "2026-11-01T12:00:00Z", to: "2026-11-02T12:00:00Z" });
    expect(h.tracker.clock.now().toISOString()).toBe("2026-11-02T12:00:00.000Z");

    // Two moves at once run one after the other: both count.
    const both = await Promise.all([advance(h, 3_600), advance(h, 3_600)]);
    expect(both.map((r) => r.status)).toStrictEqual([200, 200]);
    expect(h.tracker.clock.now().toISOString()).toBe("2026-11-02T14:00:00.000Z");

    const back = await h.request("PATCH", "/v2/sandbox/clock", { body: { now: START } });
    expect(back.status).toBe(422);
    expect(back.body.errors[0]).toMatchObject({ code: "invalid", source: { pointer: "/now" } });
    for (const body of [{}, { speed: 0 }, { advance_by_seconds: -1 }, { advance_by_seconds: 1, now: "2027-01-01T00:00:00Z" }, { now: "tomorrow" }, { rewind: true }]) {
      expect((await h.request("PATCH", "/v2/sandbox/clock", { body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await h.request("PATCH", "/v2/sandbox/clock", { key: h.keys.viewer, body: { paused: false } })).status).toBe(403);
    expect((await h.request("GET", "/v2/sandbox/clock", { key: h.keys.viewer })).status).toBe(200);

    const resumed = await h.request("PATCH", "/v2/sandbox/clock", { body: { data: { type: "sandbox_clock", attributes: { speed: 3600, paused: false } } } });
    expect(resumed.body.data.attributes).toMatchObject({ speed: 3600, paused: false });
    expect(resumed.body.meta.advance).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.tracker.clock.now().getTime()).toBeGreaterThan(Date.parse("2026-11-02T14:00:30Z"));
  });
});

describe.each(STORAGES)("sandbox faults and data on %s storage", (_name, makeStorage) => {
  it("a carrier fault makes a tracking request retry, then succeed once the fault is used up", async () => {
    const { h } = await sandbox(makeStorage);
    const fault = await h.request("POST", "/v2/sandbox/faults", { body: { target: "carrier", effect: "fail", scac: "test", request_number: "TEST-TR-SUCCEEDED", times: 2 } });
    expect(fault.status).toBe(201);
    expect(fault.body.data.attributes).toMatchObject({ target: "carrier", effect: "fail", scac: "TEST", request_number: "TEST-TR-SUCCEEDED", times: 2, remaining: 2, hits: 0 });
    const created = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" } } } });
    expect(created.status).toBe(201);

    const moved = await advance(h, 3_600);
    expect(moved.body.meta.advance.refreshed).toBeGreaterThanOrEqual(3);
    const request = await h.request("GET", `/v2/tracking_requests/${created.body.data.id}`);
    expect(request.body.data.attributes).toMatchObject({ status: "created", failed_reason: null });
    expect(request.body.data.relationships.tracked_object.data).toMatchObject({ type: "shipment" });
    const used = await h.request("GET", `/v2/sandbox/faults/${fault.body.data.id}`);
    expect(used.body.data.attributes).toMatchObject({ remaining: 0, hits: 2 });
  });

  it("a webhook fault gives failed attempts, then a success that reaches the receiver once", async () => {
    const { h, receiver } = await sandbox(makeStorage);
    await createWebhook(h, receiver.url, ["container.transport.full_out"]);
    const fault = await h.request("POST", "/v2/sandbox/faults", { body: { target: "webhook", effect: "status", status_code: 500, url: receiver.url, times: 2 } });
    expect(fault.status).toBe(201);
    await emitMilestones(h, 1);

    await advance(h, 3_600);
    const list = await h.request("GET", "/v2/webhook_notifications");
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].attributes.delivery_status).toBe("succeeded");
    const notification = await h.request("GET", `/v2/webhook_notifications/${list.body.data[0].id}`);
    const attempts = notification.body.included.filter((r: { type: string }) => r.type === "webhook_notification_log");
    expect(attempts.map((a: { attributes: { status_code: number } }) => a.attributes.status_code)).toStrictEqual([500, 500, 200]);
    expect(receiver.received).toHaveLength(1);
    expect((await h.request("GET", `/v2/sandbox/faults/${fault.body.data.id}`)).body.data.attributes.hits).toBe(2);
  });

  it("reset and restore round-trip the account's data byte for byte; keys and other accounts stay", async () => {
    const { h } = await sandbox(makeStorage);
    const { acme, globex } = h.accounts;
    const original = await exportText(trackerStorage(h.tracker), acme.id);
    const others = await exportText(trackerStorage(h.tracker), globex.id);
    const snapshot = await h.request("POST", "/v2/sandbox/snapshots");
    expect(snapshot.status).toBe(201);
    expect(snapshot.body.data.attributes.record_counts.shipments).toBe(12);

    const { shipmentId } = trackedShipment(h);
    expect((await h.request("PATCH", `/v2/shipments/${shipmentId}`, { body: { data: { attributes: { tags: ["changed"] } } } })).status).toBe(200);
    await h.request("POST", "/v2/tracking_requests", { body: { data: { attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-ROLLOVER", scac: "TEST" } } } });
    await advance(h, 86_400);
    expect(await exportText(trackerStorage(h.tracker), acme.id)).not.toBe(original);

    const restored = await h.request("POST", `/v2/sandbox/snapshots/${snapshot.body.data.id}/restore`);
    expect(restored.status).toBe(200);
    expect(await exportText(trackerStorage(h.tracker), acme.id)).toBe(original);

    const reset = await h.request("POST", "/v2/sandbox/reset");
    expect(reset.status).toBe(200);
    expect(reset.body.meta.deleted).toBeGreaterThan(12);
    expect((await h.request("GET", "/v2/shipments")).body.meta.total).toBe(0);
    expect(await exportText(trackerStorage(h.tracker), globex.id)).toBe(others);

    await h.request("POST", `/v2/sandbox/snapshots/${snapshot.body.data.id}/restore`);
    expect(await exportText(trackerStorage(h.tracker), acme.id)).toBe(original);
    expect((await h.request("GET", "/v2/sandbox/snapshots")).body.data.map((s: { id: string }) => s.id)).toStrictEqual([snapshot.body.data.id]);
    // Another account neither sees nor restores it.
    expect((await h.request("GET", "/v2/sandbox/snapshots", { key: h.keys.other })).body.data).toStrictEqual([]);
    expect((await h.request("POST", `/v2/sandbox/snapshots/${snapshot.body.data.id}/restore`, { key: h.keys.other })).status).toBe(404);
  });

  it("the SDK restores the snapshot it returned or its id; anything else is a 422, an unknown id a 404", async () => {
    const { h } = await sandbox(makeStorage);
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.editor));
    const original = await exportText(trackerStorage(h.tracker), h.accounts.acme.id);
    const snapshot = await session.sandbox.snapshots.create();

    await session.sandbox.reset();
    expect(await session.sandbox.snapshots.restore(snapshot)).toMatchObject({ restored: Object.values(snapshot.record_counts).reduce((sum, n) => sum + n, 0) });
    expect(await exportText(trackerStorage(h.tracker), h.accounts.acme.id)).toBe(original);

    await session.sandbox.reset();
    const [listed] = (await session.sandbox.snapshots.list()).data;
    await session.sandbox.snapshots.restore(listed!);
    expect(await exportText(trackerStorage(h.tracker), h.accounts.acme.id)).toBe(original);

    await session.sandbox.reset();
    await session.sandbox.snapshots.restore(snapshot.id);
    expect(await exportText(trackerStorage(h.tracker), h.accounts.acme.id)).toBe(original);

    await expect(session.sandbox.snapshots.restore({} as never)).rejects.toMatchObject({ code: "invalid", status: 422, path: ["snapshot"] });
    await expect(session.sandbox.snapshots.restore(null as never)).rejects.toMatchObject({ code: "invalid", status: 422 });
    const unknown = { ...snapshot, id: "01a20000-0000-7000-8000-000000000000" };
    await expect(session.sandbox.snapshots.restore(unknown)).rejects.toMatchObject({ code: "not_found", detail: "No snapshot 01a20000-0000-7000-8000-000000000000" });
  });
});

describe("sandbox faults", () => {
  it("are validated with a pointer per problem, listed per account with pagination, and deleted", async () => {
    const { h } = await sandbox();
    const problems: [object, string][] = [
      [{ target: "carrier", effect: "fail" }, "/scac"],
      [{ target: "carrier", effect: "status", scac: "MAEU" }, "/effect"],
      [{ target: "webhook", effect: "status", url: "https://example.com/hook" }, "/status_code"],
      [{ target: "webhook", effect: "delay", url: "https://example.com/hook", delay_ms: 120_000 }, "/delay_ms"],
      [{ target: "webhook", effect: "timeout", url: "not a url" }, "/url"],
      [{ target: "disk", effect: "full" }, "/target"],
      [{ target: "carrier", effect: "fail", scac: "MAEU", times: 0 }, "/times"],
    ];
    for (const [body, pointer] of problems) {
      const res = await h.request("POST", "/v2/sandbox/faults", { body });
      expect([res.status, res.body.errors[0].source], JSON.stringify(body)).toStrictEqual([422, { pointer }]);
    }
    const ids: string[] = [];
    for (const scac of ["MAEU", "HLCU", "CMDU"]) ids.push((await h.request("POST", "/v2/sandbox/faults", { body: { target: "carrier", effect: "timeout", scac } })).body.data.id);
    const page = await h.request("GET", "/v2/sandbox/faults?page[size]=2&page[number]=2");
    expect(page.body.data.map((f: { id: string }) => f.id)).toStrictEqual([ids[2]]);
    expect(page.body.meta).toMatchObject({ size: 1, total: 3 });
    expect((await h.request("GET", "/v2/sandbox/faults", { key: h.keys.other })).body.meta.total).toBe(0);
    expect((await h.request("DELETE", `/v2/sandbox/faults/${ids[0]}`, { key: h.keys.other })).status).toBe(404);
    expect((await h.request("DELETE", `/v2/sandbox/faults/${ids[0]}`)).status).toBe(204);
    expect((await h.request("GET", `/v2/sandbox/faults/${ids[0]}`)).status).toBe(404);
    expect((await h.request("POST", "/v2/sandbox/faults", { key: h.keys.viewer, body: { target: "carrier", effect: "fail", scac: "MAEU" } })).status).toBe(403);
  });
});
