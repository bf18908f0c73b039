import { describe, expect, it } from "vitest";
import type { CarrierResult } from "../../tracking/carrier-source.js";
import { CarrierSnapshotSchema, type CarrierSnapshotInput } from "../../tracking/snapshot-schema.js";
import { parseScenarioDocument } from "./parse-scenario.js";
import { compileScenario } from "./scenario-timeline.js";

const DAY = 86_400_000;
const START = new Date("2026-03-01T00:00:00Z");
const at = (days: number, hours = 0) => new Date(START.getTime() + days * DAY + hours * 3_600_000);

const document = parseScenarioDocument({
  scac: "MAEU",
  request_type: "bill_of_lading",
  number: "MAEU-SCN-1",
  known_at: "P1D",
  pod_terminal: "YTI",
  containers: [{ number: "MSKU7000013", equipment_length: 20, equipment_height: "standard" }, { number: "TGHU1234567" }],
  legs: [
    { from: "CNSHA", to: "SGSIN", vessel: { name: "GUNDE MAERSK", imo: "9359014" }, voyage: "101W", departure: "P2D", arrival: "P7D" },
    { from: "SGSIN", to: "USLAX", vessel: { name: "MAERSK SHIVLING", imo: "9728253" }, voyage: "102E", departure: "P9D", arrival: "P30D" },
  ],
  rail: { destination: "USCHI", carrier_scac: "UP", terminal: "Global IV", departure: "P32D", arrival: "P36D" },
  rollovers: [
    { leg: 1, announced: "P6D", shown: { vessel: { name: "EVER GIVEN", imo: "9811000" }, voyage: "77E", departure: "P8D", arrival: "P26D" } },
    { leg: 1, announced: "P20D", shown: { arrival: "P29D" } },
  ],
  holds: [{ name: "customs", placed: "P30DT6H", released: "P31D", containers: ["TGHU1234567"] }],
  fees: [{ type: "extended_dwell_time", amount: 250, facility: "inland", from: "P38D", until: "P39D" }],
  last_free_days: { rail: [{ at: "P36DT2H", value: "P38D" }, { at: "P37D", value: "P39D" }] },
  pickup_appointments: [{ at: "P37D", value: "P38DT9H" }],
  events: [
    { event: "container.transport.empty_out", at: "PT4H" },
    { event: "container.transport.full_in", at: "P1DT3H" },
    { event: "container.transport.available", at: "P36DT6H" },
    { event: "container.transport.full_out", at: "P38DT10H", containers: ["MSKU7000013"] },
    { event: "container.transport.full_out", at: "P39DT8H", containers: ["TGHU1234567"] },
    { event: "container.transport.empty_in", at: "P41D" },
  ],
});
const timeline = compileScenario(document, START);

function found(result: CarrierResult): CarrierSnapshotInput {
  if (result.status !== "found") throw new Error(`expected found, got ${result.status}`);
  return result.snapshot;
}
const box = (snapshot: CarrierSnapshotInput, number: string) => snapshot.containers.find((c) => c.number === number)!;

describe("compileScenario", () => {
  it("scripts the legs, the rail move and the extra events of each box in time order", () => {
    const names = timeline.events.filter((e) => e.container === "MSKU7000013").map((e) => [e.event.event.replace("container.transport.", ""), e.event.timestamp, e.event.location_locode]);
    expect(names).toEqual([
      ["empty_out", "2026-03-01T04:00:00.000Z", "CNSHA"],
      ["full_in", "2026-03-02T03:00:00.000Z", "CNSHA"],
      ["vessel_loaded", "2026-03-02T18:00:00.000Z", "CNSHA"],
      ["vessel_departed", "2026-03-03T00:00:00.000Z", "CNSHA"],
      ["transshipment_arrived", "2026-03-08T00:00:00.000Z", "SGSIN"],
      ["transshipment_discharged", "2026-03-08T06:00:00.000Z", "SGSIN"],
      ["transshipment_loaded", "2026-03-09T18:00:00.000Z", "SGSIN"],
      ["transshipment_departed", "2026-03-10T00:00:00.000Z", "SGSIN"],
      ["vessel_arrived", "2026-03-31T00:00:00.000Z", "USLAX"],
      ["vessel_discharged", "2026-03-31T06:00:00.000Z", "USLAX"],
      ["rail_loaded", "2026-04-01T22:00:00.000Z", "USLAX"],
      ["rail_departed", "2026-04-02T00:00:00.000Z", "USLAX"],
      ["rail_arrived", "2026-04-06T00:00:00.000Z", "USCHI"],
      ["arrived_at_inland_destination", "2026-04-06T00:00:00.000Z", "USCHI"],
      ["rail_unloaded", "2026-04-06T02:00:00.000Z", "USCHI"],
      ["available", "2026-04-06T06:00:00.000Z", "USCHI"],
      ["full_out", "2026-04-08T10:00:00.000Z", "USCHI"],
      ["empty_in", "2026-04-11T00:00:00.000Z", "USCHI"],
    ]);
    expect(timeline.events.filter((e) => e.container === "TGHU1234567").map((e) => e.event.timestamp).at(-2)).toBe("2026-04-09T08:00:00.000Z");
  });

  it("is not found (awaiting the manifest) before known_at, then found", () => {
    expect(timeline.snapshotAt(at(0, 23))).toEqual({ status: "not_found", reason: "awaiting_manifest" });
    expect(timeline.snapshotAt(at(1)).status).toBe("found");
  });

  it("reveals, day by day, exactly the events scripted for that day, each once and in order; snapshots only grow", () => {
    let previous = new Map<string, readonly unknown[]>();
    const seen: string[] = [];
    for (let day = 1; day <= 45; day += 1) {
      const snapshot = found(timeline.snapshotAt(at(day)));
      expect(() => CarrierSnapshotSchema.parse(snapshot)).not.toThrow();
      for (const container of snapshot.containers) {
        const events = container.transport_events ?? [];
        const before = previous.get(container.number) ?? [];
        // Monotonic: what was reported is reported again, identically, at the start of the list.
        expect(events.slice(0, before.length)).toEqual(before);
        const expected = timeline.events.filter((e) => e.container === container.number && e.offsetMs > (day - 1) * DAY && e.offsetMs <= day * DAY);
        expect(events.slice(before.length)).toEqual(expected.map((e) => e.event));
        seen.push(...events.slice(before.length).map((e) => `${container.number} ${e.event} ${e.timestamp}`));
      }
      previous = new Map(snapshot.containers.map((c) => [c.number, c.transport_events ?? []]));
    }
    expect(seen).toHaveLength(timeline.events.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(found(timeline.snapshotAt(at(20)))).toEqual(found(timeline.snapshotAt(at(20))));
  });

  it("shows the earlier sailing of a rolled-over leg until the rollover is announced, then each revised ETA until the next", () => {
    const before = found(timeline.snapshotAt(at(5))).shipment;
    expect(before).toMatchObject({ pod_eta_at: "2026-03-27T00:00:00.000Z", pod_vessel_name: "EVER GIVEN", pod_voyage_number: "77E", pol_atd_at: "2026-03-03T00:00:00.000Z" });
    const after = found(timeline.snapshotAt(at(6))).shipment;
    expect(after).toMatchObject({ pod_eta_at: "2026-03-30T00:00:00.000Z", pod_vessel_name: "MAERSK SHIVLING", pod_voyage_number: "102E", pod_ata_at: null });
    // The second change of the leg is an ETA revision alone.
    expect(found(timeline.snapshotAt(at(20))).shipment).toMatchObject({ pod_eta_at: "2026-03-31T00:00:00.000Z", pod_vessel_name: "MAERSK SHIVLING" });
    expect(found(timeline.snapshotAt(at(31))).shipment).toMatchObject({ pod_ata_at: "2026-03-31T00:00:00.000Z", destination_locode: "USCHI", destination_eta_at: "2026-04-06T00:00:00.000Z", destination_ata_at: null });
  });

  it("reports position reports of the vessel at sea, and vessels of the shown sailing", () => {
    const atSea = found(timeline.snapshotAt(at(15)));
    expect(atSea.vessels?.map((v) => v.imo)).toEqual(["9359014", "9728253"]);
    expect(atSea.vessels?.[1]?.positions?.length).toBeGreaterThan(0);
    expect(found(timeline.snapshotAt(at(8))).vessels?.every((v) => (v.positions ?? []).length === 0)).toBe(true);
  });

  it("places and releases holds, charges fees, and moves last free days and appointments at their offsets", () => {
    const held = found(timeline.snapshotAt(at(30, 12)));
    expect(box(held, "TGHU1234567").holds_at_pod_terminal).toEqual([{ name: "customs", status: "hold", description: "" }]);
    expect(box(held, "MSKU7000013").holds_at_pod_terminal).toEqual([]);
    expect(box(found(timeline.snapshotAt(at(31))), "TGHU1234567").holds_at_pod_terminal).toEqual([]);

    const unloaded = box(found(timeline.snapshotAt(at(36, 6))), "MSKU7000013");
    expect(unloaded).toMatchObject({ available_for_pickup: true, pickup_lfd_rail: "2026-04-08T00:00:00.000Z", pickup_appointment_at: null, ind_rail_carrier_scac: "UP", ind_facility_fees: [] });
    expect(box(found(timeline.snapshotAt(at(37))), "MSKU7000013")).toMatchObject({ pickup_lfd_rail: "2026-04-09T00:00:00.000Z", pickup_appointment_at: "2026-04-08T09:00:00.000Z" });
    const owing = found(timeline.snapshotAt(at(38, 12)));
    expect(box(owing, "TGHU1234567")).toMatchObject({ available_for_pickup: true, ind_facility_fees: [{ type: "extended_dwell_time", amount: 250, currency_code: "USD" }] });
    expect(box(owing, "MSKU7000013").available_for_pickup).toBe(false);
    expect(box(found(timeline.snapshotAt(at(39))), "TGHU1234567").ind_facility_fees).toEqual([]);
  });

  it("counts from the document's own start when it has one, to the whole second otherwise", () => {
    const own = compileScenario({ ...document, start: "2026-06-01T00:00:00Z" }, START);
    expect(own.start.toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(compileScenario(document, new Date("2026-03-01T00:00:00.789Z")).start.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});
