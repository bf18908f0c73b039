import { afterEach, describe, expect, it } from "vitest";
// Core cannot depend on its adapters, so the memory adapter (which holds no database library) is
// reached by path: this one in-process test runs a whole tracker on a scenario.
import { memoryStorage } from "../../../../storage-memory/src/index.js";
import { manualClock } from "../../clock/index.js";
import { WebhookEventNameSchema } from "../../domain/index.js";
import { createTracker, type Tracker } from "../../tracker.js";
import { simulatedCarrier } from "../../tracking/simulated-carrier/index.js";
import type { WebhookHttpRequest } from "../../webhooks/http-transport.js";
import { scenarioCarrier } from "./scenario-carrier.js";
import { createScenarioRegistry } from "./scenario-registry.js";

const DAY = 86_400_000;
const BOX = "MSKU7000013";

// One box, so every notification of the shipment is about it and their order is the script's.
const SCENARIO = {
  scac: "CMDU",
  request_type: "bill_of_lading",
  number: "CMDU-SANDBOX-1",
  containers: [{ number: BOX }],
  legs: [
    { from: "CNSHA", to: "SGSIN", vessel: { name: "GUNDE MAERSK", imo: "9359014" }, voyage: "101W", departure: "P2D", arrival: "P7D" },
    { from: "SGSIN", to: "NLRTM", vessel: { name: "MAERSK SHIVLING", imo: "9728253" }, voyage: "102W", departure: "P9DT12H", arrival: "P24D" },
  ],
  rollovers: [{ leg: 1, announced: "P5D", shown: { vessel: { name: "EVER GIVEN", imo: "9811000" }, voyage: "55W", departure: "P8D", arrival: "P22D" } }],
  holds: [{ name: "customs", placed: "P24DT8H", released: "P26D" }],
  last_free_days: { terminal: [{ at: "P24DT8H", value: "P28D" }, { at: "P26D", value: "P29D" }] },
  events: [
    { event: "container.transport.empty_out", at: "PT3H" },
    { event: "container.transport.full_in", at: "P1DT2H" },
    { event: "container.transport.not_available", at: "P24DT8H" },
    { event: "container.transport.available", at: "P26DT1H" },
    { event: "container.transport.full_out", at: "P27DT9H" },
    { event: "container.transport.empty_in", at: "P29DT4H" },
  ],
};

const open: Tracker[] = [];
afterEach(async () => {
  for (const tracker of open.splice(0)) await tracker.close();
});

/** Bollard derives these from dates and estimates; the script holds only what the carrier reports. */
const derived = (event: string) => event.includes(".estimated.") || event.endsWith(".changed");

describe("a scenario tracked by a tracker", () => {
  it("produces exactly its scripted events, day by day, each once and in order, and webhooks in the same order", async () => {
    const clock = manualClock("2026-05-04T00:00:00Z");
    const registry = createScenarioRegistry();
    const sent: WebhookHttpRequest[] = [];
    const tracker = await createTracker({
      storage: memoryStorage(),
      clock,
      carrier: scenarioCarrier(simulatedCarrier(), registry),
      webhooks: { allowPrivateUrls: true, random: () => 0.5, transport: async (request) => (sent.push(request), { status: 200, headers: {}, body: "", error: null, durationMs: 1 }) },
    });
    open.push(tracker);
    const account = await tracker.accounts.create("Sandbox Freight");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id, { role: "editor" })).apiKey));
    await session.webhooks.create({ url: "http://127.0.0.1:9/hooks", events: [...WebhookEventNameSchema.options] });

    const { timeline } = registry.register(account.id, SCENARIO, clock.now());
    const script = timeline.events.map((e) => [e.event.event, e.event.timestamp] as const);
    expect(script.map(([name]) => name.replace("container.transport.", ""))).toEqual([
      "empty_out", "full_in", "vessel_loaded", "vessel_departed", "transshipment_arrived", "transshipment_discharged",
      "transshipment_loaded", "transshipment_departed", "vessel_arrived", "vessel_discharged", "not_available", "available", "full_out", "empty_in",
    ]);
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "cmdu-sandbox-1", scac: "CMDU" });

    let boxId: string | null = null;
    for (let day = 0; day <= 32; day += 1) {
      await tracker.refresh.runDue();
      await tracker.webhooks.runDue();
      if (!boxId) {
        const tracked = await session.trackingRequests.get(request.id);
        expect(tracked.status).toBe("created");
        boxId = (await session.containers.list()).data.find((c) => c.number === BOX)!.id;
      }
      // Exactly what the script has by today, no more, no fewer, no repeats.
      const stored = (await session.containers.transportEvents(boxId)).data.filter((e) => !derived(e.event)).map((e) => [e.event, e.timestamp]);
      const due = timeline.events.filter((e) => e.offsetMs <= day * DAY).map((e) => [e.event.event, e.event.timestamp]);
      expect(stored, `day ${day}`).toEqual(due);
      clock.advance(DAY);
    }

    // Deliveries in the order the dispatcher handed them to the transport (the outbox's order, on the memory storage).
    const bodies = sent.map((delivery) => JSON.parse(delivery.body));
    const milestones = bodies
      .filter((body) => body.data.attributes.event.startsWith("container.transport.") && !derived(body.data.attributes.event))
      .map((body) => {
        const event = body.included.find((r: any) => r.type === "transport_event" && r.id === body.data.relationships.reference_object.data.id);
        return [body.data.attributes.event, new Date(event.attributes.timestamp).toISOString()];
      });
    expect(milestones).toEqual(script);
    const names = bodies.map((body) => body.data.attributes.event);
    expect(names.filter((name) => name === "tracking_request.succeeded")).toHaveLength(1);
    // One per scripted change: the first date given, then its extension.
    expect(names.filter((name) => name === "container.pickup_lfd_terminal.changed")).toHaveLength(2);
    expect(names).toContain("shipment.estimated.arrival");

    const shipment = await session.shipments.get((await session.trackingRequests.get(request.id)).tracked_object_id!);
    expect(shipment).toMatchObject({ pod_vessel_name: "MAERSK SHIVLING", pod_voyage_number: "102W", port_of_discharge_locode: "NLRTM" });
  }, 60_000);
});
