import { describe, expect, it } from "vitest";
import type { Container, ContainerStatus, RawEvent, TransportEvent } from "../domain/index.js";
import { generateDemoJourneys } from "./demo-dataset.js";
import type { JourneyStage } from "./journey-plan.js";

const accountId = "0190a1b2-c3d4-7e5f-8a6b-000000000001";
const now = new Date("2025-03-15T12:00:00.000Z");
const NOW = now.toISOString();

// The journey order of transport events; `available` comes after the ramp on inland journeys.
const ORDER = [
  "empty_out", "full_in", "vessel_loaded", "vessel_departed",
  "transshipment_arrived", "transshipment_discharged", "transshipment_loaded", "transshipment_departed",
  "vessel_arrived", "vessel_berthed", "vessel_discharged", "pod_availability",
  "rail_loaded", "rail_departed", "rail_arrived", "arrived_at_inland_destination", "rail_unloaded", "ramp_availability",
  "full_out", "empty_in",
];

const STATUS_BY_STAGE: Record<JourneyStage, readonly ContainerStatus[]> = {
  not_departed: ["new"],
  at_sea: ["on_ship"],
  transshipping: ["on_ship"],
  arrived: ["on_ship"],
  discharged: ["grounded", "available", "not_available"],
  awaiting_rail: ["awaiting_inland_transfer"],
  on_rail: ["on_rail"],
  at_inland_destination: ["grounded", "available"],
  picked_up: ["picked_up"],
  empty_returned: ["empty_returned"],
};

// What the last milestone of a container says its status is (the reference's triggers).
function expectedStatus(last: string | undefined, inland: boolean): ContainerStatus {
  switch (last) {
    case undefined: case "empty_out": case "full_in": return "new";
    case "vessel_discharged": return inland ? "awaiting_inland_transfer" : "grounded";
    case "pod_availability": case "ramp_availability": return "available";
    case "rail_loaded": case "rail_departed": case "rail_arrived": case "arrived_at_inland_destination": return "on_rail";
    case "rail_unloaded": return "grounded";
    case "full_out": return "picked_up";
    case "empty_in": return "empty_returned";
    default: return "on_ship";
  }
}

const bare = (event: TransportEvent, inland: boolean): string => {
  const name = event.event.replace("container.transport.", "");
  if (name === "available" || name === "not_available") return inland ? "ramp_availability" : "pod_availability";
  return name;
};

describe.each([1, 2, 3, 7, 42])("journeys of seed %i", (seed) => {
  const { dataset: data, stages } = generateDemoJourneys({ seed, accountId, now });
  const eventsOf = (container: Container): TransportEvent[] =>
    data.transportEvents.filter((event) => event.container_id === container.id).sort((a, b) => (a.timestamp ?? "").localeCompare(b.timestamp ?? ""));
  const rawOf = (container: Container): RawEvent[] => data.rawEvents.filter((event) => event.container_id === container.id);
  const isInland = (container: Container): boolean => data.shipments.find((s) => s.id === container.shipment_id)?.destination_type === "metro_area";

  it("orders each container's events by journey stage, strictly in time, none after now", () => {
    for (const container of data.containers) {
      const events = eventsOf(container);
      const ranks = events.map((event) => ORDER.indexOf(bare(event, isInland(container))));
      expect(ranks.every((rank) => rank >= 0)).toBe(true);
      expect([...ranks].sort((a, b) => a - b), container.number).toEqual(ranks);
      expect(new Set(ranks).size).toBe(ranks.length);
      events.forEach((event, i) => {
        expect(event.timestamp! <= NOW).toBe(true);
        expect(event.created_at <= NOW).toBe(true);
        expect(event.created_at >= event.timestamp!).toBe(true);
        if (i > 0) expect(event.timestamp! > events[i - 1]!.timestamp!).toBe(true);
      });
      // No gaps: each milestone implies those that must come before it.
      const names = new Set(events.map((event) => bare(event, isInland(container))));
      const implies = (later: string, earlier: string) => { if (names.has(later)) expect(names.has(earlier), `${later} without ${earlier}`).toBe(true); };
      implies("vessel_departed", "vessel_loaded");
      implies("vessel_arrived", "vessel_departed");
      implies("transshipment_departed", "transshipment_arrived");
      implies("vessel_discharged", "vessel_arrived");
      implies("rail_loaded", "vessel_discharged");
      implies("rail_unloaded", "rail_arrived");
      implies("full_out", "vessel_discharged");
      implies("empty_in", "full_out");
    }
  });

  it("sets locations, vessels and time zones where they apply", () => {
    for (const event of data.transportEvents) {
      expect(event.location_locode).not.toBeNull();
      expect(event.location_id).not.toBeNull();
      expect(event.timezone).not.toBeNull();
      expect(event.data_source).not.toBeNull();
      const vesselEvent = /vessel_|transshipment_/.test(event.event);
      expect(event.vessel_id !== null, event.event).toBe(vesselEvent);
      expect(event.voyage_number !== null, event.event).toBe(vesselEvent);
    }
    for (const shipment of data.shipments) {
      const events = data.transportEvents.filter((event) => event.shipment_id === shipment.id);
      for (const event of events) {
        if (event.event.endsWith(".vessel_departed") || event.event.endsWith(".full_in")) expect(event.location_locode).toBe(shipment.port_of_lading_locode);
        if (event.event.endsWith(".vessel_arrived") || event.event.endsWith(".vessel_discharged")) {
          expect(event.location_locode).toBe(shipment.port_of_discharge_locode);
          expect(event.voyage_number).toBe(shipment.pod_voyage_number);
          expect(event.vessel_id).toBe(shipment.pod_vessel_id);
        }
        if (event.event.endsWith(".arrived_at_inland_destination")) {
          expect(event.location_locode).toBe(shipment.destination_locode);
          expect(event.timezone).toBe(shipment.destination_timezone);
        }
      }
    }
  });

  it("indexes raw events in order: what happened, then estimates of what is to come", () => {
    for (const container of data.containers) {
      const raws = rawOf(container).sort((a, b) => a.index - b.index);
      expect(raws.map((raw) => raw.index)).toEqual(raws.map((_, i) => i));
      raws.forEach((raw, i) => {
        if (i > 0) expect(raw.timestamp >= raws[i - 1]!.timestamp).toBe(true);
        expect(raw.created_at <= NOW).toBe(true);
        if (raw.estimated) {
          expect(raw.timestamp > NOW).toBe(true);
          expect(raw.estimated_at).toBe(raw.timestamp);
          expect(raw.actual_at).toBeNull();
          expect(raw.actual_on).toBeNull();
        } else {
          expect(raw.timestamp <= NOW).toBe(true);
          expect(raw.actual_at).toBe(raw.timestamp);
          expect(raw.actual_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(raw.original_event.length).toBeGreaterThan(0);
        }
      });
      const firstEstimate = raws.findIndex((raw) => raw.estimated);
      if (firstEstimate >= 0) expect(raws.slice(firstEstimate).every((raw) => raw.estimated)).toBe(true);
    }
  });

  it("derives container milestones and status from the events", () => {
    for (const container of data.containers) {
      const inland = isInland(container);
      const events = eventsOf(container);
      const at = (name: string) => events.find((event) => event.event === `container.transport.${name}`)?.timestamp ?? null;
      expect(container.pod_arrived_at).toBe(at("vessel_arrived"));
      expect(container.pod_discharged_at).toBe(at("vessel_discharged"));
      expect(container.pod_full_out_at).toBe(inland ? null : at("full_out"));
      expect(container.final_destination_full_out_at).toBe(inland ? at("full_out") : null);
      expect(container.empty_terminated_at).toBe(at("empty_in"));
      expect(container.pod_rail_loaded_at).toBe(at("rail_loaded"));
      expect(container.pod_rail_departed_at).toBe(at("rail_departed"));
      expect(container.ind_ata_at).toBe(at("arrived_at_inland_destination"));
      expect(container.ind_rail_unloaded_at).toBe(at("rail_unloaded"));
      const last = events[events.length - 1];
      let status = expectedStatus(last ? bare(last, inland) : undefined, inland);
      if (last?.event === "container.transport.not_available") status = "not_available";
      expect(container.current_status, container.number).toBe(status);
      expect(container.available_for_pickup).toBe(status === "available");
      if (container.holds_at_pod_terminal.length) expect(container.current_status).toBe("not_available");
      const deadlines = container.import_deadlines;
      expect(container.pickup_lfd).toBe(deadlines.pickup_lfd_line ?? deadlines.pickup_lfd_terminal ?? deadlines.pickup_lfd_rail);
      if (container.pickup_lfd) expect(container.pod_discharged_at).not.toBeNull();
      for (const fee of container.fees_at_pod_terminal) {
        expect(fee).toMatchObject({ type: "demurrage", currency_code: "USD" });
        expect(container.pickup_lfd! < NOW).toBe(true);
        expect(container.pod_full_out_at).toBeNull();
      }
      expect(container.pod_timezone).toBe(data.shipments.find((s) => s.id === container.shipment_id)?.pod_timezone);
      expect(container.final_destination_timezone !== null).toBe(inland);
      expect(container.pod_rail_carrier_scac !== null).toBe(inland);
    }
  });

  it("puts each shipment's containers at its planned stage", () => {
    expect(stages.size).toBeGreaterThanOrEqual(data.shipments.length - 1);
    for (const shipment of data.shipments) {
      const stage = stages.get(shipment.id);
      if (!stage) continue;
      for (const container of data.containers.filter((c) => c.shipment_id === shipment.id)) {
        expect(STATUS_BY_STAGE[stage], `${stage} ${container.number}`).toContain(container.current_status);
      }
    }
  });

  it("keeps shipment dates consistent with the events", () => {
    for (const shipment of data.shipments) {
      const events = data.transportEvents.filter((event) => event.shipment_id === shipment.id);
      const first = (name: string) => events.find((event) => event.event === `container.transport.${name}`)?.timestamp ?? null;
      if (shipment.pol_atd_at) expect(first("vessel_departed")).toBe(shipment.pol_atd_at);
      else expect(first("vessel_departed")).toBeNull();
      if (shipment.pod_ata_at) expect(first("vessel_arrived")).toBe(shipment.pod_ata_at);
      else expect(first("vessel_arrived")).toBeNull();
      expect(shipment.pod_eta_at).not.toBeNull();
      expect(shipment.pol_etd_at).not.toBeNull();
      expect(shipment.created_at <= NOW).toBe(true);
      expect(shipment.updated_at <= NOW).toBe(true);
      for (const event of events) expect(event.timestamp! >= shipment.created_at).toBe(true);
      if (!shipment.pod_ata_at) expect(shipment.pod_eta_at! > NOW).toBe(true);
    }
  });
});
