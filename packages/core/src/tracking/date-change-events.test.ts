import { describe, expect, it } from "vitest";
import type { Container, Shipment } from "../domain/index.js";
import { portByLocode } from "../reference/index.js";
import { makeContainer, makeShipment } from "../testing/fixtures.js";
import { dateChangeEvents } from "./date-change-events.js";

const accountId = "0190a1b2-c3d4-7e5f-8a6b-000000000001";
const shipment: Shipment = makeShipment(accountId);
const container: Container = makeContainer(accountId, shipment.id, { pod_terminal_id: "0190a1b2-c3d4-7e5f-8a6b-000000000005" });
const now = "2024-07-30T08:00:00.000Z";
const owner = { account_id: accountId, shipment_id: shipment.id, container_id: container.id, created_at: now };
let n = 0;
const newId = () => `0190a1b2-c3d4-7e5f-8a6b-${String(++n).padStart(12, "0")}`;

const changes = (before: Partial<Container> | null, after: Partial<Container>, shipments: { before?: Partial<Shipment>; after?: Partial<Shipment> } = {}) =>
  dateChangeEvents(
    {
      before: before ? { container: { ...container, ...before }, shipment: { ...shipment, ...shipments.before } } : null,
      after: { container: { ...container, ...after }, shipment: { ...shipment, ...shipments.after } },
    },
    owner,
    newId,
  );

const deadlines = (d: Partial<Container["import_deadlines"]>) => ({ ...container.import_deadlines, ...d });

describe("dateChangeEvents", () => {
  it("announces a terminal last free day given for the first time, with the date in value and timestamp (as the published examples), at the POD terminal", () => {
    const lfd = "2024-08-02T03:59:00.000Z";
    const events = changes({}, { import_deadlines: deadlines({ pickup_lfd_terminal: lfd }), pickup_lfd: lfd });
    expect(events.map((e) => [e.event, e.value, e.data_source])).toEqual([
      ["container.pickup_lfd.changed", lfd, "terminal"],
      ["container.pickup_lfd_terminal.changed", lfd, "terminal"],
    ]);
    const port = portByLocode("USCHS")!;
    expect(events[0]).toMatchObject({
      ...owner, timestamp: lfd, value: lfd, location_locode: "USCHS", location_id: port.id, location_type: "port", timezone: port.time_zone,
      terminal_id: container.pod_terminal_id, terminal_type: "terminal", vessel_id: null, raw_event_id: null,
    });
  });

  it("announces a moved line deadline (the coalesced one follows the line) and nothing when no date moved", () => {
    const before = { import_deadlines: deadlines({ pickup_lfd_line: "2024-08-01T03:59:00.000Z" }), pickup_lfd: "2024-08-01T03:59:00.000Z" };
    const after = { import_deadlines: deadlines({ pickup_lfd_line: "2024-08-03T03:59:00.000Z" }), pickup_lfd: "2024-08-03T03:59:00.000Z" };
    expect(changes(before, after).map((e) => [e.event, e.value, e.data_source])).toEqual([
      ["container.pickup_lfd.changed", "2024-08-03T03:59:00.000Z", "shipping_line"],
      ["container.pickup_lfd_line.changed", "2024-08-03T03:59:00.000Z", "shipping_line"],
    ]);
    expect(changes(after, after)).toEqual([]);
  });

  it("announces a cleared appointment with value null, and a rail deadline at the inland destination", () => {
    const cleared = changes({ pickup_appointment_at: "2024-08-01T15:00:00.000Z" }, { pickup_appointment_at: null });
    expect(cleared.map((e) => [e.event, e.value, e.timestamp])).toEqual([["container.pickup_appointment.changed", null, now]]);
    const rail = changes({}, { import_deadlines: deadlines({ pickup_lfd_rail: "2024-08-05T04:59:00.000Z" }) }, { after: { destination_locode: "USCHI" } });
    expect(rail).toMatchObject([{ event: "container.pickup_lfd_rail.changed", value: "2024-08-05T04:59:00.000Z", timestamp: "2024-08-05T04:59:00.000Z", data_source: "terminal", location_locode: "USCHI", location_type: "metro_area", terminal_id: null }]);
  });

  it("announces a moved estimate with the new time in timestamp and value, only while the milestone is to come", () => {
    const moved = { pod_eta_at: "2024-07-30T12:00:00.000Z" };
    expect(changes({}, {}, { after: moved })).toMatchObject([
      { event: "container.transport.estimated.vessel_arrived", timestamp: moved.pod_eta_at, value: moved.pod_eta_at, voyage_number: "546E", location_locode: "USCHS" },
    ]);
    expect(changes({}, {}, { after: { ...moved, pod_ata_at: "2024-07-29T12:00:00.000Z" } })).toEqual([]);
    // The departure already happened in the fixture, so a moved ETD is not announced; a first estimate never is.
    expect(changes({}, {}, { after: { pol_etd_at: "2024-06-23T10:00:00.000Z" } })).toEqual([]);
    expect(changes({}, {}, { before: { pol_atd_at: null, pol_etd_at: null }, after: { pol_atd_at: null } })).toEqual([]);
    expect(changes({}, {}, { before: { pol_atd_at: null }, after: { pol_atd_at: null, pol_etd_at: "2024-06-29T10:00:00.000Z" } })).toMatchObject([
      { event: "container.transport.estimated.vessel_departed", value: "2024-06-29T10:00:00.000Z", location_locode: "KRPUS" },
    ]);
    expect(changes({ ind_eta_at: "2024-08-09T10:00:00.000Z" }, { ind_eta_at: "2024-08-10T10:00:00.000Z" }, { after: { destination_locode: "USCHI" } })).toMatchObject([
      { event: "container.transport.estimated.arrived_at_inland_destination", value: "2024-08-10T10:00:00.000Z", location_type: "metro_area" },
    ]);
  });

  it("announces no estimate for a container seen for the first time, but its known deadlines", () => {
    const lfd = "2024-08-02T03:59:00.000Z";
    const events = dateChangeEvents({ before: null, after: { container: { ...container, pickup_lfd: lfd, import_deadlines: deadlines({ pickup_lfd_line: lfd }) }, shipment } }, owner, newId);
    expect(events.map((e) => e.event)).toEqual(["container.pickup_lfd.changed", "container.pickup_lfd_line.changed"]);
  });
});
