import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { startTestReceiver } from "./testing/webhook-receiver.js";

const BOX = "CMAU3000014";
const ALERTS = ["container.free_time.ending", "container.demurrage.started", "container.detention.started"];
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

// Discharged at Los Angeles on 14 May 2026 at 20:00Z (13:00 local), never picked up. The scenario's
// rule: 4 calendar days free from the day after discharge (15–18 May), then 100.00 a day for three
// days and 175.50 after.
const SCENARIO = {
  scac: "CMDU",
  request_type: "bill_of_lading",
  number: "CMDU-LFD-1",
  containers: [{ number: BOX }],
  legs: [{ from: "CNSHA", to: "USLAX", vessel: { name: "CMA CGM MARCO POLO", imo: "9454436" }, voyage: "0FL1E", departure: "P1D", arrival: "P10DT14H" }],
  tariffs: [
    {
      name: "Scenario demurrage at Los Angeles",
      charge_type: "demurrage",
      carrier_scacs: ["CMDU"],
      port_locodes: ["USLAX"],
      valid_from: "2026-01-01",
      free_time_starts: "discharge",
      charge_ends: "full_out",
      free_days: 4,
      rates: [
        { from_day: 1, to_day: 3, rate: "100.00", currency: "USD" },
        { from_day: 4, to_day: null, rate: "175.50", currency: "USD" },
      ],
    },
  ],
};

async function webhook(h: Harness, url: string, attributes: Record<string, unknown>): Promise<string> {
  const res = await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url, events: ALERTS, ...attributes } } } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe.each(STORAGES)("demurrage on the sandbox clock, %s storage", (_name, makeStorage) => {
  it("a scenario with a tariff past its last free day sends free_time.ending, then demurrage.started, and its exposure grows by the tier's rate each day", async () => {
    const h = await createHarness({ storage: makeStorage(), tracker: { sandbox: { start: "2026-05-04T00:00:00Z", paused: true }, webhooks: { allowPrivateUrls: true, random: () => 0.5 } } });
    cleanup.push(() => h.tracker.close());
    const receiver = await startTestReceiver();
    cleanup.push(() => receiver.close());
    const twoDays = await webhook(h, receiver.url, { free_time_ending_days: 2 });
    const threeDays = await webhook(h, receiver.url, {});
    const costly = await webhook(h, receiver.url, { demurrage_cost_threshold: { amount: "1000000.00", currency: "USD" } });
    expect((await h.request("GET", `/v2/webhooks/${threeDays}`)).body.data.attributes).toMatchObject({ free_time_ending_days: 3, demurrage_cost_threshold: null });

    const created = await h.request("POST", "/v2/sandbox/scenarios", { body: SCENARIO });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const shipmentId = created.body.included[0].relationships.tracked_object.data.id as string;
    const shipment = await h.request("GET", `/v2/shipments/${shipmentId}?include=containers`);
    const boxId = shipment.body.included.find((r: { attributes: { number: string } }) => r.attributes.number === BOX).id as string;
    const rules = await h.request("GET", "/v2/tariffs?page[size]=100");
    expect(rules.body.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toContain("Scenario demurrage at Los Angeles");

    // Each step lands at 00:00Z, 17:00 the day before in Los Angeles.
    const accrued = new Map<string, string | null>();
    for (let day = 1; day <= 20; day++) {
      expect((await h.request("PATCH", "/v2/sandbox/clock", { body: { advance_by_seconds: 86_400 } })).status).toBe(200);
      const figures = (await h.request("GET", `/v2/containers/${boxId}/demurrage`)).body.data.attributes;
      const charge = figures.charges.find((c: { charge_type: string }) => c.charge_type === "demurrage");
      if (charge?.status === "charging" || charge?.status === "free") accrued.set(figures.as_of, charge.accrued?.amount ?? null);
    }
    expect(accrued.get("2026-05-18")).toBe("0.00");
    // 19–21 May: tier 1, 100.00 a day; from 22 May: tier 2, 175.50 a day.
    expect([19, 20, 21, 22, 23].map((d) => accrued.get(`2026-05-${d}`))).toEqual(["100.00", "200.00", "300.00", "475.50", "651.00"]);

    const alerts = receiver.received
      .map((delivery) => JSON.parse(delivery.body))
      .filter((body) => ALERTS.includes(body.data.attributes.event))
      .map((body) => {
        const object = body.included.find((r: { type: string }) => r.type === "container_demurrage_event");
        return { webhook: body.data.relationships.webhook.data.id, event: body.data.attributes.event, container: object.relationships.container.data.id, ...object.attributes };
      })
      .filter((alert) => alert.container === boxId);
    const of = (id: string) => alerts.filter((a) => a.webhook === id).map((a) => [a.event, a.days_until_last_free_day, a.days_ahead]);
    expect(of(threeDays)).toEqual([["container.free_time.ending", 3, 3], ["container.demurrage.started", -1, null]]);
    expect(of(twoDays)).toEqual([["container.free_time.ending", 2, 2], ["container.demurrage.started", -1, null]]);
    const started = alerts.find((a) => a.event === "container.demurrage.started")!;
    expect(started).toMatchObject({ charge_type: "demurrage", last_free_day: "2026-05-18", basis: "tariff", accrued: { amount: "100.00", currency: "USD" }, timezone: "America/Los_Angeles" });
    expect(alerts.some((a) => a.webhook === costly)).toBe(false);
  }, 180_000);
});
