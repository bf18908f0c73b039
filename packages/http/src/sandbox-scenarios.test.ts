import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { createWebhook } from "./testing/webhook-fixtures.js";
import { startTestReceiver } from "./testing/webhook-receiver.js";

const DAY = 86_400_000;
const BOX = "MSKU7000013";
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

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

/** Bollard derives these from dates and estimates; the script holds only what the carrier reports. */
const derived = (event: string) => event.includes(".estimated.") || event.endsWith(".changed");

async function sandbox(makeStorage = STORAGES[0]![1]): Promise<Harness> {
  const h = await createHarness({ storage: makeStorage(), tracker: { sandbox: { start: "2026-05-04T00:00:00Z", paused: true }, webhooks: { allowPrivateUrls: true, random: () => 0.5 } } });
  cleanup.push(() => h.tracker.close());
  return h;
}

describe.each(STORAGES)("sandbox scenarios on %s storage", (_name, makeStorage) => {
  it("a scenario advanced day by day produces exactly its scripted events, each once, and their webhooks in the same order", async () => {
    const h = await sandbox(makeStorage);
    const receiver = await startTestReceiver();
    cleanup.push(() => receiver.close());
    await createWebhook(h, receiver.url, [...WebhookEventNameSchema.options]);

    const created = await h.request("POST", "/v2/sandbox/scenarios", { body: SCENARIO });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: "CMDU:CMDU-SANDBOX-1", type: "sandbox_scenario", attributes: { builtin: false, scac: "CMDU", number: "CMDU-SANDBOX-1", start: "2026-05-04T00:00:00Z" } });
    expect(created.body.included[0].attributes.status).toBe("created");
    const shipmentId = created.body.included[0].relationships.tracked_object.data.id as string;
    const script = h.tracker.sandbox!.scenarios.find("CMDU", "CMDU-SANDBOX-1", h.accounts.acme.id)!.timeline.events;

    const shipment = await h.request("GET", `/v2/shipments/${shipmentId}?include=containers`);
    const boxId = shipment.body.included.find((r: { attributes: { number: string } }) => r.attributes.number === BOX).id as string;
    for (let day = 0; day <= 32; day += 1) {
      // Exactly what the script has by today: no more, no fewer, no repeats.
      const events = await h.request("GET", `/v2/containers/${boxId}/transport_events?page[size]=100`);
      const stored = events.body.data.map((e: { attributes: { event: string; timestamp: string } }) => [e.attributes.event, e.attributes.timestamp]).filter(([event]: [string]) => !derived(event));
      const due = script.filter((e) => e.offsetMs <= day * DAY).map((e) => [e.event.event, e.event.timestamp!.replace(/\.000Z$/, "Z")]);
      expect(stored, `day ${day}`).toEqual(due);
      expect((await h.request("PATCH", "/v2/sandbox/clock", { body: { advance_by_seconds: 86_400 } })).status).toBe(200);
    }

    const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body));
    const milestones = bodies
      .filter((body) => body.data.attributes.event.startsWith("container.transport.") && !derived(body.data.attributes.event))
      .map((body) => {
        const event = body.included.find((r: { type: string; id: string }) => r.type === "transport_event" && r.id === body.data.relationships.reference_object.data.id);
        return [body.data.attributes.event, new Date(event.attributes.timestamp).toISOString()];
      });
    expect(milestones).toEqual(script.map((e) => [e.event.event, e.event.timestamp]));
    const names = bodies.map((body) => body.data.attributes.event);
    expect(names.filter((name) => name === "tracking_request.succeeded")).toHaveLength(1);
    expect(names.filter((name) => name === "container.pickup_lfd_terminal.changed")).toHaveLength(2);
    expect(names).toContain("shipment.estimated.arrival");
    const final = await h.request("GET", `/v2/shipments/${shipmentId}`);
    expect(final.body.data.attributes).toMatchObject({ pod_vessel_name: "MAERSK SHIVLING", pod_voyage_number: "102W", port_of_discharge_locode: "NLRTM" });
  }, 120_000);
});

describe("sandbox scenarios", () => {
  it("lists the built-in scenarios then the account's own, tracks a built-in one by name, and refuses bad documents with pointers", async () => {
    const h = await sandbox();
    const listed = await h.request("GET", "/v2/sandbox/scenarios?page[size]=100");
    expect(listed.body.data.map((s: { attributes: { number: string } }) => s.attributes.number)).toContain("TEST-TR-ROLLOVER");
    expect(listed.body.data.find((s: { id: string }) => s.id === "builtin:rollover").attributes).toMatchObject({ builtin: true, scac: "TEST", document: expect.any(Object) });

    const byName = await h.request("POST", "/v2/sandbox/scenarios", { body: { name: "customs_hold" } });
    expect(byName.status).toBe(201);
    expect(byName.body.included[0].attributes).toMatchObject({ request_number: "TEST-TR-CUSTOMS-HOLD", scac: "TEST" });
    expect((await h.request("POST", "/v2/sandbox/scenarios", { body: { name: "teleport" } })).body.errors[0]).toMatchObject({ code: "not_an_option", source: { pointer: "/name" } });

    const bad = await h.request("POST", "/v2/sandbox/scenarios", { body: { ...SCENARIO, legs: [SCENARIO.legs[0], { ...SCENARIO.legs[1], departure: "P3D" }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/legs/1/departure");
    expect((await h.request("POST", "/v2/sandbox/scenarios", { body: { ...SCENARIO, legs: [{ ...SCENARIO.legs[0], from: "XXXXX" }] } })).status).toBe(422);

    expect((await h.request("POST", "/v2/sandbox/scenarios", { body: SCENARIO })).status).toBe(201);
    const again = await h.request("POST", "/v2/sandbox/scenarios", { body: SCENARIO });
    expect(again.body.errors[0]).toMatchObject({ code: "duplicate", source: { pointer: "/number" } });
    const own = await h.request("GET", "/v2/sandbox/scenarios?page[size]=100");
    expect(own.body.data.at(-1).id).toBe("CMDU:CMDU-SANDBOX-1");
    expect((await h.request("GET", "/v2/sandbox/scenarios?page[size]=100", { key: h.keys.other })).body.data.some((s: { id: string }) => s.id === "CMDU:CMDU-SANDBOX-1")).toBe(false);

    // A reset forgets the account's scenarios with its data; a restore brings both back.
    const snapshot = await h.request("POST", "/v2/sandbox/snapshots");
    await h.request("POST", "/v2/sandbox/reset");
    expect((await h.request("GET", "/v2/sandbox/scenarios?page[size]=100")).body.data.some((s: { builtin: boolean; id: string }) => s.id === "CMDU:CMDU-SANDBOX-1")).toBe(false);
    await h.request("POST", `/v2/sandbox/snapshots/${snapshot.body.data.id}/restore`);
    expect((await h.request("GET", "/v2/sandbox/scenarios?page[size]=100")).body.data.at(-1).id).toBe("CMDU:CMDU-SANDBOX-1");
  });
});
