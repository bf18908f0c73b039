import { afterEach, describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

const SIX_HOURS = 6 * 3600;
const hours = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / 3_600_000;

// TEST-TR-LFD-CHANGES: the line's first POD ETA is 3 days early; it adds 2 days when the vessel
// leaves the port of lading and the last day halfway through the last leg. Against the first ETA
// the delay is 0, then 48, then 72 hours; against the ETA at departure, none, then 0, then 24.
describe.each(STORAGES)("ETA delays and accuracy on the sandbox clock, %s storage", (_name, makeStorage) => {
  it("delay fields follow the line's revisions, the containers carry the POD leg's, and /v2/eta_accuracy measures the arrived shipment", async () => {
    const h = await createHarness({ storage: makeStorage(), tracker: { sandbox: { start: "2026-03-02T08:00:00Z", paused: true } } });
    cleanup.push(() => h.tracker.close());
    const created = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-LFD-CHANGES", scac: "TEST" } } } });
    expect(created.status).toBe(201);
    const requestId = created.body.data.id as string;

    const seen: [number | null, number | null][] = [];
    let shipment: Record<string, any> | null = null;
    for (let step = 0; step < 4 * 70 && !shipment?.pod_ata_at; step++) {
      expect((await h.request("PATCH", "/v2/sandbox/clock", { body: { advance_by_seconds: SIX_HOURS } })).status).toBe(200);
      const request = (await h.request("GET", `/v2/tracking_requests/${requestId}`)).body.data;
      const id = request.relationships.tracked_object.data?.id;
      if (!id) continue;
      const doc = (await h.request("GET", `/v2/shipments/${id}?include=containers`)).body;
      const current: Record<string, any> = { id, ...doc.data.attributes };
      shipment = current;
      for (const box of doc.included) expect([box.attributes.pod_eta_delay_hours, box.attributes.pod_eta_departure_delay_hours]).toEqual([current.pod_eta_delay_hours, current.pod_eta_departure_delay_hours]);
      const pair: [number | null, number | null] = [current.pod_eta_delay_hours, current.pod_eta_departure_delay_hours];
      if (!current.pod_ata_at && JSON.stringify(seen.at(-1)) !== JSON.stringify(pair)) seen.push(pair);
    }
    expect(seen).toEqual([[0, null], [48, 0], [72, 24]]);
    const arrived = shipment!;
    expect(arrived.pod_ata_at).not.toBeNull();
    // Once in, the actual arrival counts: against the first ETA and the one at departure.
    expect(arrived.pod_eta_delay_hours).toBe(Math.round(hours(arrived.pod_ata_at, arrived.pod_original_eta_at) * 10) / 10);
    expect(arrived.pod_eta_departure_delay_hours).toBe(Math.round(hours(arrived.pod_ata_at, arrived.pod_departure_eta_at) * 10) / 10);
    expect(hours(arrived.pod_departure_eta_at, arrived.pod_original_eta_at)).toBe(48);
    expect(arrived.predicted_eta_at).toBeNull();

    const accuracy = await h.request("GET", "/v2/eta_accuracy?filter[carrier]=TEST");
    expect(accuracy.status).toBe(200);
    expect(accuracy.body.meta).toMatchObject({ arrived_shipments: 1, actual_arrival: "pod_ata_at", sample_every_hours: 6, size: 15, total: 15 });
    const rows = accuracy.body.data.map((row: { id: string; attributes: Record<string, unknown> }) => ({ id: row.id, ...row.attributes }));
    expect(rows.map((row: { id: string }) => row.id).slice(0, 5)).toEqual(["carrier:14d_plus", "carrier:7_14d", "carrier:3_7d", "carrier:1_3d", "carrier:under_1d"]);
    const carrierUnderOneDay = rows.find((row: { id: string }) => row.id === "carrier:under_1d");
    // The last day before arrival the line's ETA is the planned arrival to the hour: off by under an hour.
    expect(carrierUnderOneDay.samples).toBe(3); // 6, 12 and 18 hours before
    expect(carrierUnderOneDay.mae_hours).toBeLessThan(1);
    expect(rows.find((row: { id: string }) => row.id === "predicted:under_1d").samples).toBeGreaterThan(0);
    // The harness's demo shipments sail with other lines; none with Yang Ming.
    expect((await h.request("GET", "/v2/eta_accuracy?filter[carrier]=YMLU")).body.meta.arrived_shipments).toBe(0);
    expect((await h.request("GET", `/v2/eta_accuracy?filter[carrier]=TEST&filter[arrived_from]=${arrived.pod_ata_at}`)).body.meta.arrived_shipments).toBe(1);
    expect((await h.request("GET", `/v2/eta_accuracy?filter[carrier]=TEST&filter[arrived_to]=${arrived.pod_ata_at}`)).body.meta.arrived_shipments).toBe(0);
    const bad = await h.request("GET", "/v2/eta_accuracy?filter[lane]=shanghai");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source).toEqual({ parameter: "filter[lane]" });
  }, 240_000);
});
