import { afterEach, describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { startTestReceiver } from "./testing/webhook-receiver.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

const EVENTS = ["shipment.estimated.arrival", "container.transport.estimated.vessel_arrived", "container.pickup_lfd_line.changed"];
const HOUR = 3_600_000;
const ETA = Date.parse("2026-11-20T08:00:00Z");
const LFD = Date.parse("2026-11-25T07:59:00Z");

describe.each(STORAGES)("webhooks that want only big moves, %s storage", (_name, makeStorage) => {
  it("min_eta_change_hours 12 skips a 6-hour move and sends a 24-hour one; min_lfd_change_hours does the same for last free days", async () => {
    const h = await createHarness({ storage: makeStorage(), tracker: { webhooks: { allowPrivateUrls: true } } });
    cleanup.push(() => h.tracker.close());
    const receiver = await startTestReceiver();
    cleanup.push(() => receiver.close());
    const create = async (attributes: Record<string, unknown>) => (await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url: receiver.url, events: EVENTS, ...attributes } } } })).body.data;
    const choosy = await create({ min_eta_change_hours: 12, min_lfd_change_hours: 48 });
    const every = await create({});
    expect(choosy.attributes).toMatchObject({ min_eta_change_hours: 12, min_lfd_change_hours: 48 });
    expect(every.attributes).toMatchObject({ min_eta_change_hours: 0, min_lfd_change_hours: 0 });
    expect((await h.request("PATCH", `/v2/webhooks/${every.id}`, { body: { data: { attributes: { min_eta_change_hours: -1 } } } })).status).toBe(422);

    // The same shipment reported three times: the ETA moves 6 hours, then 24; the line's last free day 24 hours, then 72.
    const at = (ms: number) => new Date(ms).toISOString();
    for (const [eta, lfd] of [[ETA, LFD], [ETA + 6 * HOUR, LFD + 24 * HOUR], [ETA + 30 * HOUR, LFD + 96 * HOUR]] as const) {
      await h.tracker.ingest.snapshot({
        accountId: h.accounts.acme.id,
        scac: "ACLU",
        snapshot: {
          shipment: { bill_of_lading_number: "ACLU26MOVE01", port_of_lading_locode: "BEANR", port_of_discharge_locode: "USNYC", pol_atd_at: "2026-11-05T06:00:00Z", pod_eta_at: at(eta) },
          containers: [{ number: "ACLU1234569", pickup_lfd_line: at(lfd) }],
        },
      });
    }
    await h.tracker.webhooks.runDue();
    const received = receiver.received.map((delivery) => JSON.parse(delivery.body)).filter((body) => EVENTS.includes(body.data.attributes.event));
    const of = (webhook: string) => received.filter((body) => body.data.relationships.webhook.data.id === webhook).map((body) => body.data.attributes.event).sort();
    // Every move reaches the webhook that wants them all: 2 ETA moves (shipment and container), the
    // first last free day given and its 2 moves.
    expect(of(every.id)).toEqual([...Array(3).fill("container.pickup_lfd_line.changed"), ...Array(2).fill("container.transport.estimated.vessel_arrived"), ...Array(2).fill("shipment.estimated.arrival")]);
    // The choosy one: the 24-hour ETA move, the first last free day (a first date always counts) and its 72-hour move.
    expect(of(choosy.id)).toEqual(["container.pickup_lfd_line.changed", "container.pickup_lfd_line.changed", "container.transport.estimated.vessel_arrived", "shipment.estimated.arrival"]);
    const lfds = received.filter((body) => body.data.relationships.webhook.data.id === choosy.id && body.data.attributes.event === "container.pickup_lfd_line.changed");
    const values = lfds.map((body) => body.included.find((r: { type: string }) => r.type === "transport_event").attributes.value).sort();
    expect(values).toEqual([at(LFD), at(LFD + 96 * HOUR)].map((v) => v.replace(".000Z", "Z")));
    const eta = received.find((body) => body.data.relationships.webhook.data.id === choosy.id && body.data.attributes.event === "shipment.estimated.arrival");
    const estimate = eta.included.find((r: { type: string }) => r.type === "estimated_event");
    expect(estimate.attributes.estimated_timestamp).toBe(at(ETA + 30 * HOUR).replace(".000Z", "Z"));
  }, 60_000);
});
