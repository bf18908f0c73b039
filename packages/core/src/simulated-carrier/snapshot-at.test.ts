import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY, HOUR, iso } from "../demo/zoned-time.js";
import type { RequestType } from "../domain/index.js";
import type { CarrierRequest } from "../tracking/carrier-source.js";
import { CarrierSnapshotSchema, type CarrierSnapshot } from "../tracking/snapshot-schema.js";
import { simulatedCarrier } from "./index.js";
import { type JourneyScenario, SCENARIO_NUMBERS, TEST_SCAC } from "./scenario-numbers.js";

const REQUESTED_AT = Date.parse("2025-06-10T08:30:00.000Z");
const carrier = simulatedCarrier();

const request = (number: string, scac: string, type: RequestType): CarrierRequest => ({
  tracking_request_id: "0190a1b2-c3d4-7e5f-8a6b-000000000002",
  request_type: type,
  request_number: number,
  scac,
  requested_at: iso(REQUESTED_AT),
  attempt: 3,
});

async function snapshot(req: CarrierRequest, now: number): Promise<CarrierSnapshot | null> {
  const result = await carrier.fetch(req, { now: new Date(now) });
  return result.status === "found" ? CarrierSnapshotSchema.parse(result.snapshot) : null;
}

// The journey order of transport events; availability comes after the ramp on inland journeys.
const ORDER = [
  "empty_out", "full_in", "vessel_loaded", "vessel_departed",
  "transshipment_arrived", "transshipment_discharged", "transshipment_loaded", "transshipment_departed",
  "vessel_arrived", "vessel_berthed", "vessel_discharged", "pod_availability",
  "rail_loaded", "rail_departed", "rail_arrived", "arrived_at_inland_destination", "rail_unloaded", "ramp_availability",
  "full_out", "delivered", "empty_in",
];

// A feeder carries the boxes from the port of lading to the transshipment hub.
const FEEDER: Record<string, string> = {
  feeder_loaded: "vessel_loaded", feeder_departed: "vessel_departed", feeder_arrived: "transshipment_arrived", feeder_discharged: "transshipment_discharged",
};

const journeyStep = (event: string, inland: boolean): number => {
  const reported = event.replace("container.transport.", "");
  const name = FEEDER[reported] ?? reported;
  if (name === "available" || name === "not_available") return ORDER.indexOf(inland ? "ramp_availability" : "pod_availability");
  return ORDER.indexOf(name);
};

// The two date-change journeys move every deadline and the appointment on purpose (the scenario
// tests check how); in every other journey a date stays put once reported.
const DATE_CHANGE_JOURNEYS: readonly JourneyScenario[] = ["date_changes", "rail_date_changes"];
const datesMoveByDesign = (scac: string, number: string): boolean => {
  const journey = scac === TEST_SCAC ? SCENARIO_NUMBERS.find((scenario) => scenario.number === number)?.journey : undefined;
  return journey !== undefined && DATE_CHANGE_JOURNEYS.includes(journey);
};

const numbers = fc.oneof(
  fc.constantFrom(...SCENARIO_NUMBERS.map((scenario) => scenario.number)),
  fc.stringMatching(/^[A-Z0-9]{6,14}$/),
);
const requests = fc.record({
  number: numbers,
  scac: fc.constantFrom("TEST", "MAEU", "COSU", "HLCU", "ZIMU", "OOLU", "ACLU"),
  type: fc.constantFrom<RequestType>("bill_of_lading", "booking_number"),
});
// Instants from two weeks before the request to four months after, to the minute.
const instant = fc.integer({ min: -14 * 24 * 60, max: 120 * 24 * 60 }).map((minutes) => REQUESTED_AT + minutes * 60_000);

describe("snapshotAt", () => {
  it("is monotonic: what is reported at t1 is reported identically at any t2 > t1", async () => {
    await fc.assert(
      fc.asyncProperty(requests, instant, instant, async ({ number, scac, type }, a, b) => {
        const [t1, t2] = a <= b ? [a, b] : [b, a];
        const req = request(number, scac, type);
        const early = await snapshot(req, t1);
        const late = await snapshot(req, t2);
        if (!early) return;
        expect(late).not.toBeNull();
        if (!late) return;
        const actual = (s: CarrierSnapshot) => {
          const { pol_atd_at, pod_ata_at, destination_ata_at, ...rest } = s.shipment;
          return { pol_atd_at, pod_ata_at, destination_ata_at, places: [rest.port_of_lading_locode, rest.port_of_discharge_locode, rest.destination_locode] };
        };
        for (const [field, value] of Object.entries(actual(early))) {
          if (value !== null) expect(actual(late)[field as keyof ReturnType<typeof actual>]).toEqual(value);
        }
        expect(late.containers.map((c) => c.number)).toEqual(early.containers.map((c) => c.number));
        early.containers.forEach((container, i) => {
          const later = late.containers[i];
          expect(later?.transport_events.slice(0, container.transport_events.length)).toEqual(container.transport_events);
          const actualRaw = (events: CarrierSnapshot["containers"][number]["raw_events"]) => events.filter((raw) => !raw.estimated);
          expect(actualRaw(later?.raw_events ?? []).slice(0, actualRaw(container.raw_events).length)).toEqual(actualRaw(container.raw_events));
          const fixed = (c: typeof container) => [c.seal_number, c.equipment_type, c.equipment_length, c.equipment_height, c.weight_in_lbs];
          expect(fixed(later ?? container)).toEqual(fixed(container));
          for (const field of ["pickup_lfd_line", "pickup_lfd_terminal", "pickup_lfd_rail", "pickup_appointment_at"] as const) {
            if (container[field] && !datesMoveByDesign(scac, number)) expect(later?.[field]).toBe(container[field]);
          }
        });
        for (const vessel of early.vessels) {
          const laterPositions = new Map(late.vessels.find((v) => v.imo === vessel.imo)?.positions.map((p) => [p.timestamp, p]));
          for (const position of vessel.positions) {
            if (laterPositions.has(position.timestamp)) expect(laterPositions.get(position.timestamp)).toEqual(position);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("reveals only what happened by now, in journey order, with estimates only of what is ahead", async () => {
    await fc.assert(
      fc.asyncProperty(requests, instant, async ({ number, scac, type }, now) => {
        const s = await snapshot(request(number, scac, type), now);
        if (!s) return;
        const inland = s.shipment.destination_locode !== null;
        for (const container of s.containers) {
          let previous = -Infinity;
          let step = -1;
          for (const event of container.transport_events) {
            const time = Date.parse(event.timestamp ?? "");
            expect(time).toBeGreaterThan(previous);
            expect(time).toBeLessThanOrEqual(now);
            const next = journeyStep(event.event, inland);
            expect(next, event.event).toBeGreaterThanOrEqual(step);
            [previous, step] = [time, next];
          }
          for (const raw of container.raw_events) {
            if (raw.estimated) expect(Date.parse(raw.timestamp)).toBeGreaterThan(now - HOUR);
            else expect(Date.parse(raw.timestamp)).toBeLessThanOrEqual(now);
          }
        }
        for (const vessel of s.vessels) {
          expect(vessel.positions.length).toBeLessThanOrEqual(29);
          for (const position of vessel.positions) {
            expect(Date.parse(position.timestamp)).toBeLessThanOrEqual(now);
            expect(Date.parse(position.timestamp)).toBeGreaterThanOrEqual(now - 7 * DAY);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("reports the vessel at sea with position reports every six hours", async () => {
    const req = request("TEST-TR-SUCCEEDED", "TEST", "bill_of_lading");
    const departed = Date.parse((await snapshot(req, REQUESTED_AT + 30 * DAY))?.shipment.pol_atd_at ?? "");
    const s = await snapshot(req, departed + 3 * DAY + HOUR);
    const positions = s?.vessels.flatMap((vessel) => vessel.positions) ?? [];
    expect(positions.length).toBe(13);
    expect(positions[0]?.timestamp).toBe(iso(departed));
    positions.slice(1).forEach((position, i) => expect(Date.parse(position.timestamp) - Date.parse(positions[i]?.timestamp ?? "")).toBe(6 * HOUR));
  });
});
