import type { Container, Shipment, TransportEvent } from "@bollard/core";
import { z } from "zod";

/*
 * The compact views tools answer with: the figures an assistant needs, as Bollard stores them, and
 * nothing invented. Each view has its schema beside it, so a tool's output schema and its answer
 * never drift apart.
 */

const Instant = z.string().nullable();

/** A container, compactly. */
export const ContainerViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  shipment_id: z.string(),
  status: z.string().describe("Bollard's current_status: new, on_ship, available, not_available, grounded, on_rail, picked_up, …"),
  equipment: z.string().nullable().describe("Length, type and height, e.g. 40 dry HC; null when not reported"),
  available_for_pickup: z.boolean(),
  availability_known: z.boolean(),
  pickup_lfd: Instant.describe("The last free day at the port of discharge as reported"),
  pickup_appointment_at: Instant,
  pod_arrived_at: Instant,
  pod_discharged_at: Instant,
  pod_full_out_at: Instant,
  empty_terminated_at: Instant,
  location_at_pod_terminal: z.string().nullable(),
  holds: z.array(z.object({ name: z.string(), status: z.string(), description: z.string() })),
  fees: z.array(z.object({ type: z.string(), amount: z.number(), currency_code: z.string() })).describe("Fees the terminal reported, verbatim"),
  pod_eta_delay_hours: z.number().nullable(),
  ind_eta_at: Instant,
  ind_ata_at: Instant,
  updated_at: z.string(),
});

/** A container as {@link ContainerViewSchema} describes it. */
export type ContainerView = z.infer<typeof ContainerViewSchema>;

/** The compact view of a container record. */
export function containerView(container: Container): ContainerView {
  const equipment = [container.equipment_length, container.equipment_type, container.equipment_height === "high_cube" ? "HC" : null].filter((part) => part !== null && part !== undefined);
  return {
    id: container.id,
    number: container.number,
    shipment_id: container.shipment_id,
    status: container.current_status,
    equipment: equipment.length > 0 ? equipment.join(" ") : null,
    available_for_pickup: container.available_for_pickup,
    availability_known: container.availability_known,
    pickup_lfd: container.pickup_lfd,
    pickup_appointment_at: container.pickup_appointment_at,
    pod_arrived_at: container.pod_arrived_at,
    pod_discharged_at: container.pod_discharged_at,
    pod_full_out_at: container.pod_full_out_at,
    empty_terminated_at: container.empty_terminated_at,
    location_at_pod_terminal: container.location_at_pod_terminal,
    holds: container.holds_at_pod_terminal.map((hold) => ({ name: hold.name, status: hold.status, description: hold.description })),
    fees: container.fees_at_pod_terminal.map((fee) => ({ type: fee.type, amount: fee.amount, currency_code: fee.currency_code })),
    pod_eta_delay_hours: container.pod_eta_delay_hours,
    ind_eta_at: container.ind_eta_at,
    ind_ata_at: container.ind_ata_at,
    updated_at: container.updated_at,
  };
}

const PlaceSchema = z.object({ locode: z.string().nullable(), name: z.string().nullable() });

/** A shipment, compactly. */
export const ShipmentViewSchema = z.object({
  id: z.string(),
  bill_of_lading_number: z.string(),
  status: z.string().describe("Derived from the dates Bollard holds: awaiting_departure, in_transit, arrived, at_destination or tracking_stopped"),
  shipping_line_scac: z.string(),
  shipping_line_name: z.string(),
  customer_name: z.string().nullable(),
  ref_numbers: z.array(z.string()),
  tags: z.array(z.string()),
  port_of_lading: PlaceSchema,
  port_of_discharge: PlaceSchema,
  destination: PlaceSchema,
  pod_vessel_name: z.string().nullable(),
  pod_vessel_imo: z.string().nullable(),
  pod_voyage_number: z.string().nullable(),
  pol_etd_at: Instant,
  pol_atd_at: Instant,
  pod_eta_at: Instant,
  pod_original_eta_at: Instant,
  pod_ata_at: Instant,
  destination_eta_at: Instant,
  destination_ata_at: Instant,
  predicted_eta_at: Instant,
  pod_eta_delay_hours: z.number().nullable(),
  line_tracking_stopped_at: Instant,
  line_tracking_stopped_reason: z.string().nullable(),
  updated_at: z.string(),
});

/** A shipment as {@link ShipmentViewSchema} describes it. */
export type ShipmentView = z.infer<typeof ShipmentViewSchema>;

/** A shipment's state from its dates: what `list_shipments` filters `status` by. */
export function shipmentStatus(shipment: Shipment): string {
  if (shipment.line_tracking_stopped_at !== null) return "tracking_stopped";
  if (shipment.destination_ata_at !== null) return "at_destination";
  if (shipment.pod_ata_at !== null) return "arrived";
  if (shipment.pol_atd_at !== null) return "in_transit";
  return "awaiting_departure";
}

/** The statuses {@link shipmentStatus} gives. */
export const SHIPMENT_STATUSES = ["awaiting_departure", "in_transit", "arrived", "at_destination", "tracking_stopped"] as const;

/** The compact view of a shipment record. */
export function shipmentView(shipment: Shipment): ShipmentView {
  return {
    id: shipment.id,
    bill_of_lading_number: shipment.bill_of_lading_number,
    status: shipmentStatus(shipment),
    shipping_line_scac: shipment.shipping_line_scac,
    shipping_line_name: shipment.shipping_line_name,
    customer_name: shipment.customer_name,
    ref_numbers: shipment.ref_numbers,
    tags: shipment.tags,
    port_of_lading: { locode: shipment.port_of_lading_locode, name: shipment.port_of_lading_name },
    port_of_discharge: { locode: shipment.port_of_discharge_locode, name: shipment.port_of_discharge_name },
    destination: { locode: shipment.destination_locode, name: shipment.destination_name },
    pod_vessel_name: shipment.pod_vessel_name,
    pod_vessel_imo: shipment.pod_vessel_imo,
    pod_voyage_number: shipment.pod_voyage_number,
    pol_etd_at: shipment.pol_etd_at,
    pol_atd_at: shipment.pol_atd_at,
    pod_eta_at: shipment.pod_eta_at,
    pod_original_eta_at: shipment.pod_original_eta_at,
    pod_ata_at: shipment.pod_ata_at,
    destination_eta_at: shipment.destination_eta_at,
    destination_ata_at: shipment.destination_ata_at,
    predicted_eta_at: shipment.predicted_eta_at,
    pod_eta_delay_hours: shipment.pod_eta_delay_hours,
    line_tracking_stopped_at: shipment.line_tracking_stopped_at,
    line_tracking_stopped_reason: shipment.line_tracking_stopped_reason,
    updated_at: shipment.updated_at,
  };
}

/** A transport event, compactly. */
export const EventViewSchema = z.object({
  event: z.string(),
  timestamp: Instant.describe("When it happened (or is estimated to), UTC"),
  estimated: z.boolean(),
  location_locode: z.string().nullable(),
  timezone: z.string().nullable(),
  voyage_number: z.string().nullable(),
  data_source: z.string().nullable(),
});

/** A transport event as {@link EventViewSchema} describes it. */
export type EventView = z.infer<typeof EventViewSchema>;

/** The compact view of a transport event. */
export function eventView(event: TransportEvent): EventView {
  return {
    event: event.event,
    timestamp: event.timestamp,
    estimated: event.event.includes(".estimated."),
    location_locode: event.location_locode,
    timezone: event.timezone,
    voyage_number: event.voyage_number,
    data_source: event.data_source,
  };
}
