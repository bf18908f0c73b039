import { describe, expect, it } from "vitest";
import {
  ContainerSchema,
  RawEventSchema,
  ShipmentSchema,
  TrackingRequestSchema,
  TransportEventSchema,
  VesselPositionRecordSchema,
  VesselSchema,
} from "../domain/index.js";
import { isContainerNumber } from "../domain/validators.js";
import { portByLocode, referenceId, terminalsByPort } from "../reference/index.js";
import { generateDemoDataset, generateDemoJourneys } from "./demo-dataset.js";
import { distanceNm } from "./geo.js";
import { JOURNEY_STAGES } from "./journey-plan.js";

const accountId = "0190a1b2-c3d4-7e5f-8a6b-000000000001";
const otherAccountId = "0190a1b2-c3d4-7e5f-8a6b-000000000002";
const now = new Date("2025-03-15T12:00:00.000Z");
const SEEDS = [1, 2, 3, 7, 42];

const datasets = new Map(SEEDS.map((seed) => [seed, generateDemoDataset({ seed, accountId, now })]));
const dataset = (seed: number) => datasets.get(seed) ?? generateDemoDataset({ seed, accountId, now });

describe("generateDemoDataset determinism", () => {
  it("returns deep-equal data for the same seed, account and now", () => {
    expect(generateDemoDataset({ seed: 1, accountId, now })).toEqual(dataset(1));
  });

  it("returns different data for another seed", () => {
    expect(dataset(2).shipments.map((s) => s.bill_of_lading_number)).not.toEqual(dataset(1).shipments.map((s) => s.bill_of_lading_number));
  });

  it("gives another account the same journeys under its own ids, sharing the vessels", () => {
    const other = generateDemoDataset({ seed: 1, accountId: otherAccountId, now });
    const mine = dataset(1);
    expect(other.shipments.map((s) => s.bill_of_lading_number)).toEqual(mine.shipments.map((s) => s.bill_of_lading_number));
    const mineIds = new Set([...mine.shipments, ...mine.containers, ...mine.transportEvents, ...mine.rawEvents].map((r) => r.id));
    for (const record of [...other.shipments, ...other.containers, ...other.transportEvents, ...other.rawEvents]) {
      expect(mineIds.has(record.id)).toBe(false);
      expect(record.account_id).toBe(otherAccountId);
    }
    expect(other.vessels).toEqual(mine.vessels);
    expect(other.vesselPositions).toEqual(mine.vesselPositions);
  });

  it("works for any now, to the millisecond and across a daylight saving change", () => {
    const odd = new Date("2024-11-03T06:30:12.345Z");
    const data = generateDemoDataset({ seed: 4, accountId, now: odd });
    for (const container of data.containers) expect(ContainerSchema.safeParse(container).success).toBe(true);
    for (const event of data.transportEvents) {
      expect(TransportEventSchema.safeParse(event).success).toBe(true);
      expect(event.timestamp! <= odd.toISOString()).toBe(true);
    }
    for (const raw of data.rawEvents) expect(RawEventSchema.safeParse(raw).success).toBe(true);
    expect(() => generateDemoDataset({ seed: 4, accountId, now: new Date(Number.NaN) })).toThrow(RangeError);
  });

  it("honours the shipment count", () => {
    expect(generateDemoDataset({ seed: 5, accountId, now, shipments: 3 }).shipments).toHaveLength(3);
    expect(generateDemoDataset({ seed: 5, accountId, now, shipments: 0 }).shipments).toHaveLength(0);
    expect(dataset(1).shipments).toHaveLength(24);
  });
});

describe.each(SEEDS)("demo data set of seed %i", (seed) => {
  const data = dataset(seed);

  it("parses every record with its schema", () => {
    const all: [string, { safeParse(value: unknown): { success: boolean } }, readonly unknown[]][] = [
      ["tracking request", TrackingRequestSchema, data.trackingRequests],
      ["shipment", ShipmentSchema, data.shipments],
      ["container", ContainerSchema, data.containers],
      ["transport event", TransportEventSchema, data.transportEvents],
      ["raw event", RawEventSchema, data.rawEvents],
      ["vessel", VesselSchema, data.vessels],
      ["vessel position", VesselPositionRecordSchema, data.vesselPositions],
    ];
    for (const [name, schema, records] of all) {
      for (const record of records) expect(schema.safeParse(record).success, `${name} ${JSON.stringify(record)}`).toBe(true);
    }
  });

  it("links records within the account, with unique ids", () => {
    const shipmentIds = new Set(data.shipments.map((s) => s.id));
    const containerIds = new Set(data.containers.map((c) => c.id));
    const ids = [...data.trackingRequests, ...data.shipments, ...data.containers, ...data.transportEvents, ...data.rawEvents].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    data.trackingRequests.forEach((request, i) => {
      const shipment = data.shipments[i];
      expect(request.status).toBe("created");
      expect(request.tracked_object_type).toBe("shipment");
      expect(request.tracked_object_id).toBe(shipment?.id);
      expect(shipment?.tracking_request_id).toBe(request.id);
      expect(request.request_number).toBe(shipment?.bill_of_lading_number);
      expect(request.scac).toBe(shipment?.shipping_line_scac);
      expect(request.next_attempt_at).toBeNull();
    });
    for (const record of [...data.trackingRequests, ...data.shipments, ...data.containers, ...data.transportEvents, ...data.rawEvents]) {
      expect(record.account_id).toBe(accountId);
    }
    for (const container of data.containers) expect(shipmentIds.has(container.shipment_id)).toBe(true);
    for (const event of [...data.transportEvents, ...data.rawEvents]) {
      expect(containerIds.has(event.container_id)).toBe(true);
      expect(data.containers.find((c) => c.id === event.container_id)?.shipment_id).toBe(event.shipment_id);
    }
    const rawIds = new Set(data.rawEvents.map((event) => event.id));
    for (const event of data.transportEvents) if (event.raw_event_id) expect(rawIds.has(event.raw_event_id)).toBe(true);
  });

  it("gives each shipment one to six containers with valid, unique numbers", () => {
    for (const shipment of data.shipments) {
      const count = data.containers.filter((c) => c.shipment_id === shipment.id).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(6);
    }
    for (const container of data.containers) expect(isContainerNumber(container.number), container.number).toBe(true);
    expect(new Set(data.containers.map((c) => c.number)).size).toBe(data.containers.length);
  });

  it("takes ports, time zones and terminals from the reference data", () => {
    for (const shipment of data.shipments) {
      const pol = portByLocode(shipment.port_of_lading_locode ?? "");
      const pod = portByLocode(shipment.port_of_discharge_locode ?? "");
      expect(shipment.port_of_lading_name).toBe(pol?.name);
      expect(shipment.pol_timezone).toBe(pol?.time_zone);
      expect(shipment.port_of_lading_id).toBe(pol?.id);
      expect(shipment.pod_timezone).toBe(pod?.time_zone);
      expect(shipment.port_of_discharge_id).toBe(pod?.id);
      const terminals = terminalsByPort(pod?.id ?? "").map((terminal) => terminal.id);
      if (terminals.length) expect(terminals).toContain(shipment.pod_terminal_id);
      else expect(shipment.pod_terminal_id).toBeNull();
      expect(shipment.pod_vessel_id).toBe(referenceId("vessel", shipment.pod_vessel_imo ?? ""));
      // Hapag-Lloyd's numbers keep their prefix, as the live service writes them; other lines' lose it.
      expect(shipment.normalized_number).toBe(shipment.shipping_line_scac === "HLCU" ? shipment.bill_of_lading_number : shipment.bill_of_lading_number.slice(4));
    }
  });

  it("keeps vessels global, with the newest position as the current one", () => {
    const vesselIds = new Set(data.vessels.map((vessel) => vessel.id));
    for (const vessel of data.vessels) {
      expect(vessel.id).toBe(referenceId("vessel", vessel.imo ?? ""));
      const own = data.vesselPositions.filter((position) => position.vessel_id === vessel.id);
      const newest = own.reduce<(typeof own)[number] | null>((a, b) => (!a || b.timestamp > a.timestamp ? b : a), null);
      expect(vessel.position_timestamp).toBe(newest?.timestamp ?? null);
      expect(vessel.latitude).toBe(newest?.latitude ?? null);
      expect(vessel.longitude).toBe(newest?.longitude ?? null);
      expect(vessel.nautical_speed_knots).toBe(newest?.speed_knots ?? null);
      expect(vessel.navigational_heading_degrees).toBe(newest?.heading ?? null);
    }
    for (const event of data.transportEvents) if (event.vessel_id) expect(vesselIds.has(event.vessel_id)).toBe(true);
  });

  it("reports positions no later than now, a few a day, that no ship could not have sailed", () => {
    const keys = new Set<string>();
    for (const vessel of data.vessels) {
      const own = data.vesselPositions.filter((position) => position.vessel_id === vessel.id);
      own.forEach((position, i) => {
        expect(position.timestamp <= now.toISOString()).toBe(true);
        keys.add(`${position.vessel_id}|${position.timestamp}`);
        const previous = own[i - 1];
        if (!previous) return;
        expect(position.timestamp > previous.timestamp).toBe(true);
        const hours = (Date.parse(position.timestamp) - Date.parse(previous.timestamp)) / 3_600_000;
        expect(distanceNm(previous, position) / hours, `${vessel.name} at ${position.timestamp}`).toBeLessThan(30);
      });
    }
    expect(keys.size).toBe(data.vesselPositions.length);
  });
});

describe("stage coverage", () => {
  it("puts shipments of seed 1 at every stage", () => {
    const { stages } = generateDemoJourneys({ seed: 1, accountId, now });
    expect(new Set(stages.values())).toEqual(new Set(JOURNEY_STAGES));
  });

  it("shows holds, fees, ETA changes, estimates, AIS data and inland legs in the default data set", () => {
    const data = dataset(1);
    expect(data.containers.some((c) => c.holds_at_pod_terminal.some((hold) => hold.name === "customs"))).toBe(true);
    expect(data.containers.some((c) => c.fees_at_pod_terminal.some((fee) => fee.type === "demurrage"))).toBe(true);
    expect(data.shipments.some((s) => s.pod_original_eta_at !== s.pod_eta_at)).toBe(true);
    expect(data.rawEvents.some((event) => event.estimated)).toBe(true);
    expect(data.transportEvents.some((event) => event.data_source === "ais")).toBe(true);
    expect(data.shipments.some((s) => s.destination_type === "metro_area")).toBe(true);
    expect(data.containers.some((c) => c.location_at_pod_terminal !== null)).toBe(true);
  });
});
