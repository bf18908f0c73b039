import type { Container, Shipment } from "../domain/index.js";

const HOUR = 3_600_000;

/**
 * The delay of an arrival against a baseline, in hours to one decimal (positive is late): the
 * actual arrival when known, else the current estimate, minus the baseline. `null` when either is
 * unknown.
 */
export function delayHours(actual: string | null, estimate: string | null, baseline: string | null): number | null {
  const current = actual ?? estimate;
  if (current === null || baseline === null) return null;
  // `+ 0` turns -0 into 0: a record that stores -0 would read back unequal to itself.
  return Math.round((Date.parse(current) - Date.parse(baseline)) / (HOUR / 10)) / 10 + 0;
}

/**
 * A shipment with its ETA baselines and delays brought up to date. The departure baselines are
 * taken once, when a refresh first reports the departure from the port of lading: the ETAs that
 * refresh states (for a shipment first tracked at sea, its first ETAs). `previous` is the shipment
 * as stored before the refresh (`null` for a new one).
 */
export function withShipmentDelays(shipment: Shipment, previous: Shipment | null): Shipment {
  const departedNow = shipment.pol_atd_at !== null && (previous === null || previous.pol_atd_at === null);
  const podDeparture = shipment.pod_departure_eta_at ?? (departedNow ? shipment.pod_eta_at : null);
  const destinationDeparture = shipment.destination_departure_eta_at ?? (departedNow ? shipment.destination_eta_at : null);
  return {
    ...shipment,
    pod_departure_eta_at: podDeparture,
    destination_departure_eta_at: destinationDeparture,
    pod_eta_delay_hours: delayHours(shipment.pod_ata_at, shipment.pod_eta_at, shipment.pod_original_eta_at),
    pod_eta_departure_delay_hours: delayHours(shipment.pod_ata_at, shipment.pod_eta_at, podDeparture),
    destination_eta_delay_hours: delayHours(shipment.destination_ata_at, shipment.destination_eta_at, shipment.destination_original_eta_at),
    destination_eta_departure_delay_hours: delayHours(shipment.destination_ata_at, shipment.destination_eta_at, destinationDeparture),
  };
}

/**
 * A container with its legs' delays brought up to date: the POD leg's are its shipment's; the
 * inland leg's compare `ind_ata_at` (else `ind_eta_at`) with the first inland ETA Bollard learned
 * and with the one in force when it learned the vessel had left the port of lading.
 */
export function withContainerDelays(container: Container, previous: Container | null, shipment: Pick<Shipment, "pod_eta_delay_hours" | "pod_eta_departure_delay_hours">): Container {
  const original = container.ind_original_eta_at ?? container.ind_eta_at;
  const departedNow = container.pol_vessel_departed_at !== null && (previous === null || previous.pol_vessel_departed_at === null);
  const departure = container.ind_departure_eta_at ?? (departedNow ? container.ind_eta_at : null);
  return {
    ...container,
    pod_eta_delay_hours: shipment.pod_eta_delay_hours,
    pod_eta_departure_delay_hours: shipment.pod_eta_departure_delay_hours,
    ind_original_eta_at: original,
    ind_departure_eta_at: departure,
    ind_eta_delay_hours: delayHours(container.ind_ata_at, container.ind_eta_at, original),
    ind_eta_departure_delay_hours: delayHours(container.ind_ata_at, container.ind_eta_at, departure),
  };
}
