import { NO_SHIPMENT_ETA, REPORTED_DATES, type Shipment, type TrackingRequest } from "../domain/index.js";
import { billOfLadingPrefixes, shippingLineByScac } from "../reference/index.js";
import { resolveDestination, resolveLocation, resolveTerminal } from "./locations.js";
import type { CarrierSnapshot } from "./snapshot-schema.js";

/**
 * The bill of lading without spaces or punctuation, upper case, and without the carrier's prefix
 * where the carrier's rule strips it (see `billOfLadingPrefixes`: most lines' SCACs are stripped,
 * Hapag-Lloyd's numbers keep theirs).
 */
export function normalizeNumber(number: string, scac: string | null): string {
  const compact = number.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const prefix = scac ? billOfLadingPrefixes(scac).find((p) => compact.startsWith(p) && compact.length > p.length) : undefined;
  return prefix ? compact.slice(prefix.length) : compact;
}

/** A shipment created from its tracking request, before the snapshot's data is applied. */
export function newShipment(request: TrackingRequest, fields: { id: string; now: string; billOfLading: string }): Shipment {
  const line = request.scac ? shippingLineByScac(request.scac) : undefined;
  return {
    ...NO_SHIPMENT_ETA,
    id: fields.id,
    account_id: request.account_id,
    created_at: fields.now,
    updated_at: fields.now,
    tracking_request_id: request.id,
    ref_numbers: [...request.ref_numbers],
    tags: [...request.shipment_tags],
    bill_of_lading_number: fields.billOfLading,
    normalized_number: normalizeNumber(fields.billOfLading, request.scac),
    shipping_line_scac: line?.scac ?? request.scac ?? "ZZZZ",
    shipping_line_name: line?.name ?? request.scac ?? "",
    shipping_line_short_name: line?.short_name ?? request.scac ?? "",
    customer_name: request.customer_name,
    port_of_lading_locode: null, port_of_lading_name: null, port_of_lading_id: null,
    port_of_discharge_locode: null, port_of_discharge_name: null, port_of_discharge_id: null,
    pod_vessel_name: null, pod_vessel_imo: null, pod_voyage_number: null, pod_vessel_id: null,
    destination_locode: null, destination_name: null, destination_timezone: null, destination_id: null, destination_type: null,
    destination_eta_at: null, destination_original_eta_at: null, destination_ata_at: null,
    pol_etd_at: null, pol_atd_at: null, pol_timezone: null, pol_original_etd_at: null,
    pod_eta_at: null, pod_original_eta_at: null, pod_ata_at: null, pod_timezone: null,
    pod_terminal_id: null, destination_terminal_id: null, destination_terminal_type: null,
    line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: null,
    line_tracking_stopped_at: null, line_tracking_stopped_reason: null, line_tracking_stopped_by_user_id: null,
    dates_reported_at: null,
  };
}

/**
 * The shipment after a snapshot: every field the snapshot states replaces the stored one (absent
 * fields keep theirs); ports, terminals and time zones are resolved from the reference data; the
 * first ETA and ETD ever seen are kept as the `original` ones.
 */
export function applyShipmentFields(shipment: Shipment, data: CarrierSnapshot["shipment"], vesselIdByImo: (imo: string) => string | null): Shipment {
  const next: Shipment = { ...shipment };
  if (data.port_of_lading_locode !== undefined) {
    const pol = resolveLocation(data.port_of_lading_locode);
    Object.assign(next, { port_of_lading_locode: data.port_of_lading_locode, port_of_lading_name: pol?.name ?? null, port_of_lading_id: pol?.type === "port" ? pol.id : null, pol_timezone: pol?.timezone ?? null });
  }
  if (data.port_of_discharge_locode !== undefined) {
    const pod = resolveLocation(data.port_of_discharge_locode);
    Object.assign(next, { port_of_discharge_locode: data.port_of_discharge_locode, port_of_discharge_name: pod?.name ?? null, port_of_discharge_id: pod?.type === "port" ? pod.id : null, pod_timezone: pod?.timezone ?? null });
  }
  if (data.destination_locode !== undefined) {
    const destination = resolveDestination(data.destination_locode);
    Object.assign(next, {
      destination_locode: data.destination_locode,
      destination_name: destination?.name ?? null,
      destination_id: destination?.id ?? null,
      destination_type: destination?.type ?? null,
      destination_timezone: destination?.timezone ?? null,
    });
  }
  if (data.pod_terminal !== undefined) {
    const terminal = resolveTerminal(data.pod_terminal);
    next.pod_terminal_id = terminal?.type === "terminal" ? terminal.id : null;
  }
  for (const key of ["pod_vessel_name", "pod_voyage_number"] as const) {
    const value = data[key];
    if (value !== undefined) next[key] = value;
  }
  for (const key of REPORTED_DATES) {
    const value = data[key];
    if (value === undefined) continue;
    const reported = data.dates_reported_at?.[key];
    const stored = shipment.dates_reported_at?.[key];
    // A date issued before the one stored is older news: it never replaces it.
    if (reported !== undefined && stored !== undefined && reported < stored) continue;
    next[key] = value;
    if (reported !== undefined) next.dates_reported_at = { ...next.dates_reported_at, [key]: reported };
  }
  if (data.pod_vessel_imo !== undefined) {
    next.pod_vessel_imo = data.pod_vessel_imo;
    next.pod_vessel_id = data.pod_vessel_imo ? vesselIdByImo(data.pod_vessel_imo) : null;
  }
  next.pod_original_eta_at = shipment.pod_original_eta_at ?? next.pod_eta_at;
  next.pol_original_etd_at = shipment.pol_original_etd_at ?? next.pol_etd_at;
  next.destination_original_eta_at = shipment.destination_original_eta_at ?? next.destination_eta_at;
  return next;
}
