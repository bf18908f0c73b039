import type { Container, Shipment, TransportEvent, TransportEventDataSource, TransportEventName } from "../domain/index.js";
import type { EventOwner } from "./event-records.js";
import { resolveDestination, resolveLocation } from "./locations.js";

/** A date of a container or its shipment whose change is announced as a transport event. */
interface WatchedDate {
  event: TransportEventName;
  /** The date before and after the snapshot (the shipment's dates for the vessel estimates). */
  read: (container: Container, shipment: Shipment) => string | null;
  /** Where the date applies: the port of discharge, the port of lading, or the inland destination. */
  place: "pod" | "pol" | "destination";
  /** Who reports it; for the coalesced last free day, whoever reported the deadline that won. */
  source: (container: Container) => TransportEventDataSource;
  /** Estimates are announced only when an earlier estimate moves, not when the first one is given. */
  estimate: boolean;
  /** An estimate stops being announced once the milestone it estimates has happened. */
  settled?: (container: Container, shipment: Shipment) => boolean;
}

const lfdSource = (c: Container): TransportEventDataSource =>
  c.import_deadlines.pickup_lfd_line === null && c.import_deadlines.pickup_lfd_terminal !== null ? "terminal" : "shipping_line";

// Who reports each date, as the published examples name them (the rail last free day: `terminal`).
const WATCHED: readonly WatchedDate[] = [
  { event: "container.pickup_lfd.changed", read: (c) => c.pickup_lfd, place: "pod", source: lfdSource, estimate: false },
  { event: "container.pickup_lfd_line.changed", read: (c) => c.import_deadlines.pickup_lfd_line, place: "pod", source: () => "shipping_line", estimate: false },
  { event: "container.pickup_lfd_terminal.changed", read: (c) => c.import_deadlines.pickup_lfd_terminal, place: "pod", source: () => "terminal", estimate: false },
  { event: "container.pickup_lfd_rail.changed", read: (c) => c.import_deadlines.pickup_lfd_rail, place: "destination", source: () => "terminal", estimate: false },
  { event: "container.pickup_appointment.changed", read: (c) => c.pickup_appointment_at, place: "pod", source: () => "terminal", estimate: false },
  {
    event: "container.transport.estimated.vessel_departed", read: (_c, s) => s.pol_etd_at, place: "pol", source: () => "shipping_line", estimate: true,
    settled: (_c, s) => s.pol_atd_at !== null,
  },
  {
    event: "container.transport.estimated.vessel_arrived", read: (_c, s) => s.pod_eta_at, place: "pod", source: () => "shipping_line", estimate: true,
    settled: (c, s) => s.pod_ata_at !== null || c.pod_arrived_at !== null,
  },
  {
    event: "container.transport.estimated.arrived_at_inland_destination", read: (c) => c.ind_eta_at, place: "destination", source: () => "shipping_line", estimate: true,
    settled: (c) => c.ind_ata_at !== null,
  },
];

/** The container and shipment before a snapshot (null for a container seen for the first time) and after it. */
export interface DateChange {
  before: { container: Container; shipment: Shipment } | null;
  after: { container: Container; shipment: Shipment };
}

/**
 * The transport events announcing the dates a snapshot changed for one container, each with the
 * new date in `value`:
 * - `container.pickup_lfd.changed` (the coalesced last free day), `pickup_lfd_line`, `pickup_lfd_terminal`,
 *   `pickup_lfd_rail` and `pickup_appointment.changed` whenever the date changes, also when it first
 *   becomes known; `timestamp` is the new date too, as in the published examples (when the date is
 *   cleared, `value` is null and `timestamp` is when that was seen);
 * - `container.transport.estimated.vessel_departed` (the shipment's `pol_etd_at`), `estimated.vessel_arrived`
 *   (`pod_eta_at`) and `estimated.arrived_at_inland_destination` (the container's `ind_eta_at`) when an
 *   earlier estimate moves, until the milestone happens; `timestamp` is the new estimate, as for
 *   estimated events a carrier reports.
 * Pure: the caller stores the events and records their domain events.
 */
export function dateChangeEvents(change: DateChange, owner: Omit<EventOwner, "id">, newId: () => string): TransportEvent[] {
  const { container, shipment } = change.after;
  const events: TransportEvent[] = [];
  for (const watched of WATCHED) {
    const next = watched.read(container, shipment);
    const previous = change.before ? watched.read(change.before.container, change.before.shipment) : null;
    if (next === previous) continue;
    if (watched.estimate && (previous === null || next === null || watched.settled?.(container, shipment))) continue;
    const locode = watched.place === "pol" ? shipment.port_of_lading_locode : watched.place === "pod" ? shipment.port_of_discharge_locode : shipment.destination_locode;
    const location = watched.place === "destination" ? resolveDestination(locode) : resolveLocation(locode);
    const atPod = watched.place === "pod" && container.pod_terminal_id !== null;
    const vessel = watched.event === "container.transport.estimated.vessel_arrived";
    events.push({
      ...owner,
      id: newId(),
      event: watched.event,
      voyage_number: vessel ? shipment.pod_voyage_number : null,
      timestamp: next ?? owner.created_at,
      location_locode: locode,
      timezone: location?.timezone ?? null,
      data_source: watched.source(container),
      value: next,
      vessel_id: vessel ? shipment.pod_vessel_id : null,
      location_id: location?.id ?? null,
      location_type: location?.type ?? null,
      terminal_id: atPod ? container.pod_terminal_id : null,
      terminal_type: atPod ? "terminal" : null,
      raw_event_id: null,
      invalidated_at: null,
      previous_version_id: null,
    });
  }
  return events;
}

/** The date a date-change event's date had before (`null` when there was none): how far it moved, for webhooks that want only big moves. */
export function dateBefore(event: TransportEventName, before: DateChange["before"]): string | null {
  const watched = WATCHED.find((w) => w.event === event);
  return watched && before ? watched.read(before.container, before.shipment) : null;
}
