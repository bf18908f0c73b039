import { createTracker, manualClock, type Tracker } from "@bollard/core";
import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "./app.js";
import { startServer, type RunningServer } from "./server.js";
import { startTestReceiver, type TestReceiver } from "./testing/webhook-receiver.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP = 6 * HOUR;
const HORIZON = 130 * DAY;

/** The scenario numbers of the simulated carrier (scac TEST) this test tracks. */
const SCENARIOS = [
  "TEST-TR-SUCCEEDED", "TEST-TR-FAILED", "TEST-TR-AWAITING-MANIFEST", "TEST-TR-ROLLOVER", "TEST-TR-CUSTOMS-HOLD", "TEST-TR-RAIL",
  "TEST-TR-FEEDER", "TEST-TR-DELIVERED", "TEST-TR-LFD-CHANGES", "TEST-TR-POD-TERMINAL-CHANGE", "TEST-TR-RAIL-LFD-CHANGES",
] as const;

/** Events a webhook may subscribe to that Bollard cannot produce, with the reason. */
const NEVER_PRODUCED: Readonly<Record<string, string>> = {
  "document.extracted": "Bollard processes no documents",
  "document.extraction_failed": "Bollard processes no documents",
};

/** The date each `*.changed` event carries in `value`, read from the container as served. */
const CHANGED_FIELDS: Readonly<Record<string, (container: any) => string | null>> = {
  "container.pickup_lfd.changed": (c) => c.attributes.pickup_lfd,
  "container.pickup_lfd_line.changed": (c) => c.attributes.import_deadlines.pickup_lfd_line,
  "container.pickup_lfd_terminal.changed": (c) => c.attributes.import_deadlines.pickup_lfd_terminal,
  "container.pickup_lfd_rail.changed": (c) => c.attributes.import_deadlines.pickup_lfd_rail,
  "container.pickup_appointment.changed": (c) => c.attributes.pickup_appointment_at,
};

const WIRE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

interface Notification {
  event: string;
  scenario: string;
  body: any;
}

let tracker: Tracker;
let server: RunningServer;
let receiver: TestReceiver;
let base: string;
let key: string;
const notifications: Notification[] = [];

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Token ${key}`, ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The scenario a notification belongs to: its tracking request's number, or its shipment's bill of lading. */
function scenarioOf(body: any): string {
  const included: any[] = body.included;
  const request = included.find((r) => r.type === "tracking_request");
  if (request) return request.attributes.request_number;
  const shipment = included.find((r) => r.type === "shipment");
  return shipment?.attributes.bill_of_lading_number ?? "(unknown)";
}

describe("every webhook event a subscription offers is produced by a scenario", () => {
  beforeAll(async () => {
    const clock = manualClock("2026-11-01T12:00:00Z");
    tracker = await createTracker({ storage: memoryStorage(), clock, webhooks: { allowPrivateUrls: true } });
    const account = await tracker.accounts.create("Coverage Freight");
    key = (await tracker.accounts.issueKey(account.id, { role: "editor" })).apiKey;
    receiver = await startTestReceiver();
    server = await startServer(createHttpApp(tracker), { port: 0 });
    base = `http://127.0.0.1:${server.port}`;

    const webhook = await api("POST", "/v2/webhooks", { data: { type: "webhook", attributes: { url: receiver.url, active: true, events: WebhookEventNameSchema.options } } });
    expect(webhook.status).toBe(201);
    // Rules for the demurrage and detention alerts: a combined charge from discharge to the empty's
    // return (bound by the reported last free days) and detention with no free day.
    const rule = (attributes: Record<string, unknown>) => api("POST", "/v2/tariffs", { data: { type: "tariff", attributes: { valid_from: "2020-01-01", rates: [{ from_day: 1, to_day: null, rate: "100.00", currency: "USD" }], ...attributes } } });
    expect((await rule({ name: "Combined", charge_type: "combined", free_time_starts: "discharge", charge_ends: "empty_return", free_days: 3 })).status).toBe(201);
    expect((await rule({ name: "Detention", charge_type: "detention", free_time_starts: "full_out", charge_ends: "empty_return", free_days: 0 })).status).toBe(201);
    for (const number of SCENARIOS) {
      const created = await api("POST", "/v2/tracking_requests", { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: number, scac: "TEST" } } });
      expect(created.status, number).toBe(201);
    }
    // Each step is one refresh of every tracked shipment; notifications go out once a simulated day.
    for (let elapsed = 0; elapsed <= HORIZON; elapsed += STEP) {
      await tracker.refresh.runDue();
      await tracker.demurrageAlerts.runDue();
      await tracker.exceptions.runDue();
      if (elapsed % DAY === 0) await tracker.webhooks.runDue();
      clock.advance(STEP);
    }
    await tracker.webhooks.runDue();
    for (const delivery of receiver.received) {
      const body = JSON.parse(delivery.body);
      notifications.push({ event: body.data.attributes.event, scenario: scenarioOf(body), body });
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close({ timeoutMs: 1_000 });
    await receiver?.close();
    await tracker?.close();
  });

  it("delivers each of the 48 event names at least once, and shows which scenario produces it", () => {
    expect(WebhookEventNameSchema.options).toHaveLength(48);
    const producers = new Map<string, Set<string>>();
    for (const n of notifications) producers.set(n.event, (producers.get(n.event) ?? new Set()).add(n.scenario));
    const rows = WebhookEventNameSchema.options.map((event) => `${event.padEnd(62)} ${NEVER_PRODUCED[event] ? `never: ${NEVER_PRODUCED[event]}` : [...(producers.get(event) ?? ["MISSING"])].sort().join(", ")}`);
    console.log(`webhook events by scenario (${notifications.length} notifications):\n${rows.join("\n")}`);
    const missing = WebhookEventNameSchema.options.filter((event) => !producers.has(event) && !NEVER_PRODUCED[event]);
    expect(missing).toEqual([]);
    for (const event of Object.keys(NEVER_PRODUCED)) expect(producers.has(event), event).toBe(false);
    expect([...producers.keys()].every((event) => (WebhookEventNameSchema.options as readonly string[]).includes(event))).toBe(true);
  });

  it.each([
    ["container.pickup_lfd.changed", "TEST-TR-LFD-CHANGES"],
    ["container.pickup_lfd_line.changed", "TEST-TR-LFD-CHANGES"],
    ["container.pickup_lfd_terminal.changed", "TEST-TR-LFD-CHANGES"],
    ["container.pickup_appointment.changed", "TEST-TR-LFD-CHANGES"],
    ["container.transport.estimated.vessel_arrived", "TEST-TR-LFD-CHANGES"],
    ["container.pickup_lfd_rail.changed", "TEST-TR-RAIL-LFD-CHANGES"],
    ["container.transport.estimated.arrived_at_inland_destination", "TEST-TR-RAIL-LFD-CHANGES"],
    ["container.transport.estimated.vessel_departed", "TEST-TR-ROLLOVER"],
    ["container.transport.feeder_loaded", "TEST-TR-FEEDER"],
    ["container.transport.feeder_departed", "TEST-TR-FEEDER"],
    ["container.transport.feeder_arrived", "TEST-TR-FEEDER"],
    ["container.transport.feeder_discharged", "TEST-TR-FEEDER"],
    ["container.transport.delivered", "TEST-TR-DELIVERED"],
    ["container.pod_terminal_changed", "TEST-TR-POD-TERMINAL-CHANGE"],
  ])("%s comes from %s", (event, scenario) => {
    expect(notifications.filter((n) => n.event === event).map((n) => n.scenario)).toContain(scenario);
  });

  it("sends date changes as a transport_event whose value and timestamp carry the new date (as the published examples), the rail last free day from the terminal", () => {
    const estimated = (event: string) => event.startsWith("container.transport.estimated.");
    const dated = notifications.filter((n) => n.event in CHANGED_FIELDS || estimated(n.event));
    expect(dated.length).toBeGreaterThan(0);
    for (const { event, body } of dated) {
      const reference = body.data.relationships.reference_object.data;
      expect(reference.type).toBe("transport_event");
      const transportEvent = body.included.find((r: any) => r.type === "transport_event" && r.id === reference.id);
      expect(transportEvent.attributes).toMatchObject({ event, value: expect.stringMatching(WIRE_TIME), timestamp: expect.stringMatching(WIRE_TIME) });
      expect(transportEvent.attributes.timestamp, event).toBe(transportEvent.attributes.value);
      if (event === "container.pickup_lfd_rail.changed") expect(transportEvent.attributes.data_source).toBe("terminal");
      expect(body.included.map((r: any) => r.type)).toEqual(expect.arrayContaining(["transport_event", "shipment", "container"]));
    }
    const milestones = notifications.filter((n) => n.event.startsWith("container.transport.") && !estimated(n.event));
    for (const { body } of milestones) expect(body.included[0].attributes.value).toBeNull();
  });

  it("the last value each container was sent is the date GET /v2/containers/{id} serves", async () => {
    const last = new Map<string, { event: string; value: string; container: string }>();
    for (const { event, body } of notifications) {
      if (!(event in CHANGED_FIELDS)) continue;
      const container = body.data.relationships.reference_object && body.included.find((r: any) => r.type === "container").id;
      last.set(`${event}|${container}`, { event, value: body.included[0].attributes.value, container });
    }
    expect(new Set([...last.values()].map((l) => l.event))).toEqual(new Set(Object.keys(CHANGED_FIELDS)));
    for (const { event, value, container } of last.values()) {
      const served = await api("GET", `/v2/containers/${container}`);
      expect(served.status).toBe(200);
      expect(CHANGED_FIELDS[event]!(served.body.data), event).toBe(value);
    }
  });

  it("moves the last free days and the appointment after first giving them (TEST-TR-LFD-CHANGES)", () => {
    for (const event of ["container.pickup_lfd_line.changed", "container.pickup_lfd_terminal.changed", "container.pickup_appointment.changed"]) {
      const byContainer = new Map<string, string[]>();
      for (const n of notifications.filter((x) => x.event === event && x.scenario === "TEST-TR-LFD-CHANGES")) {
        const container = n.body.included.find((r: any) => r.type === "container").id;
        byContainer.set(container, [...(byContainer.get(container) ?? []), n.body.included[0].attributes.value]);
      }
      expect(byContainer.size, event).toBeGreaterThan(0);
      for (const values of byContainer.values()) {
        expect(values, event).toHaveLength(2);
        expect(values[1]! > values[0]!, event).toBe(true);
      }
    }
  });
});
