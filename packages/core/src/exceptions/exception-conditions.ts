import type { Container } from "../domain/container-schema.js";
import type { ExceptionKind } from "../domain/exception-schema.js";
import type { Shipment } from "../domain/shipment-schema.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";
import { etaSlipOf } from "./eta-slip.js";
import type { EffectiveRules } from "./exception-thresholds.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A condition that holds for a shipment (or one of its containers) now: what an open exception stands for. */
export interface ExceptionCondition {
  /** The rule kind. */
  kind: ExceptionKind;
  /** The container concerned, or `null` for the whole shipment. */
  container_id: string | null;
  /** What holds, in words, with its figures. */
  detail: string;
  /** The figures, by name (docs/exceptions.md lists each kind's). */
  figures: Record<string, number | string | null>;
}

/** What the evaluation knows of one shipment besides its record. */
export interface ExceptionFacts {
  /** The shipment. */
  shipment: Shipment;
  /** Its containers. */
  containers: readonly Container[];
  /** Transshipment events of its containers still at sea (only `transshipment_*`; others are ignored); absent: none known. */
  transshipmentEvents?: ReadonlyMap<string, readonly TransportEvent[]>;
  /** When each held container's current holds were first seen, by container id; absent: since discharge. */
  holdsSince?: ReadonlyMap<string, string>;
}

/** How the evaluation tells local dates: the local day number of an instant in a zone (see `Calendars.localDay`). */
export type LocalDayOf = (instant: string, timeZone: string) => number;

const utcDay: LocalDayOf = (instant) => Math.floor(Date.parse(instant) / DAY_MS);
const round1 = (value: number) => Math.round(value * 10) / 10;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** True when the shipment is no longer followed: tracking stopped, or every container's empty is back. */
export function isInactive(facts: Pick<ExceptionFacts, "shipment" | "containers">): boolean {
  return facts.shipment.line_tracking_stopped_at !== null || (facts.containers.length > 0 && facts.containers.every((c) => c.empty_terminated_at !== null));
}

/**
 * The exception conditions that hold for one shipment at `now` under the account's rules (pure; no
 * I/O). An inactive shipment (tracking stopped, or every empty returned) has none, so its open
 * exceptions clear. docs/exceptions.md states each rule; the figures are rounded to one decimal.
 */
export function exceptionConditions(facts: ExceptionFacts, rules: EffectiveRules, now: number, localDayOf: LocalDayOf = utcDay): ExceptionCondition[] {
  return exceptionEvaluator(rules, now, localDayOf)(facts);
}

/** Today's local day in each zone, worked out once per evaluation. */
interface Today {
  dayIn(zone: string): number;
}

/**
 * {@link exceptionConditions} for many shipments at one instant (pure): what does not depend on the
 * shipment (today's local day per zone) is worked out once, so a tick over 100,000 shipments
 * spends its time on the rules alone.
 */
export function exceptionEvaluator(rules: EffectiveRules, now: number, localDayOf: LocalDayOf = utcDay): (facts: ExceptionFacts) => ExceptionCondition[] {
  const nowIso = new Date(now).toISOString();
  const days = new Map<string, number>();
  const today: Today = {
    dayIn(zone) {
      let day = days.get(zone);
      if (day === undefined) days.set(zone, (day = localDayOf(nowIso, zone)));
      return day;
    },
  };
  return (facts) => conditionsOf(facts, rules, now, localDayOf, today);
}

function conditionsOf(facts: ExceptionFacts, rules: EffectiveRules, now: number, localDayOf: LocalDayOf, today: Today): ExceptionCondition[] {
  const { shipment, containers } = facts;
  if (isInactive(facts)) return [];
  const out: ExceptionCondition[] = [];

  const stale = rules.tracking_stale;
  if (stale.enabled) {
    const since = shipment.line_tracking_last_succeeded_at ?? shipment.created_at;
    const hours = (now - Date.parse(since)) / HOUR_MS;
    if (hours >= stale.threshold) {
      out.push({ kind: "tracking_stale", container_id: null, detail: `No update from the carrier for ${Math.floor(hours)} h (threshold ${stale.threshold} h)`, figures: { hours_since_update: round1(hours), threshold_hours: stale.threshold, last_succeeded_at: shipment.line_tracking_last_succeeded_at } });
    }
  }

  const slipped = rules.eta_slipped;
  if (slipped.enabled) {
    const slip = etaSlipOf(shipment);
    if (slip && slip.delay_hours > slipped.threshold) {
      const where = slip.leg === "pod" ? `the port of discharge${shipment.port_of_discharge_locode ? ` (${shipment.port_of_discharge_locode})` : ""}` : `the destination${shipment.destination_locode ? ` (${shipment.destination_locode})` : ""}`;
      out.push({ kind: "eta_slipped", container_id: null, detail: `ETA at ${where} ${round1(slip.delay_hours)} h later than first reported (threshold ${slipped.threshold} h)`, figures: { leg: slip.leg, delay_hours: round1(slip.delay_hours), threshold_hours: slipped.threshold, first_eta_at: slip.first_eta_at, eta_at: slip.eta_at } });
    }
  }

  const rolled = rules.rolled_over;
  if (rolled.enabled && shipment.pol_atd_at === null && shipment.pod_ata_at === null && shipment.pol_etd_at !== null && shipment.pol_original_etd_at) {
    const moved = (Date.parse(shipment.pol_etd_at) - Date.parse(shipment.pol_original_etd_at)) / HOUR_MS;
    if (moved >= rolled.threshold && moved > 0) {
      out.push({ kind: "rolled_over", container_id: null, detail: `Rolled over: departure from ${shipment.port_of_lading_locode ?? "the port of lading"} moved ${round1(moved / 24)} days later than first reported (threshold ${rolled.threshold} h)`, figures: { moved_hours: round1(moved), threshold_hours: rolled.threshold, first_etd_at: shipment.pol_original_etd_at, etd_at: shipment.pol_etd_at, pod_vessel_name: shipment.pod_vessel_name, pod_voyage_number: shipment.pod_voyage_number } });
    }
  }

  for (const container of containers) containerConditions(container, facts, rules, now, localDayOf, today, out);
  return out;
}

const TRANSSHIPMENT_ARRIVALS = new Set(["container.transport.transshipment_arrived", "container.transport.transshipment_discharged"]);
const TRANSSHIPMENT_DEPARTURES = new Set(["container.transport.transshipment_loaded", "container.transport.transshipment_departed"]);

function containerConditions(container: Container, facts: ExceptionFacts, rules: EffectiveRules, now: number, localDayOf: LocalDayOf, today: Today, out: ExceptionCondition[]): void {
  const pickedUp = container.pod_full_out_at !== null || container.pod_rail_loaded_at !== null || container.final_destination_full_out_at !== null;
  const atPod = container.pod_discharged_at ?? container.pod_arrived_at;

  const dwell = rules.transshipment_dwell;
  const events = dwell.enabled && atPod === null ? facts.transshipmentEvents?.get(container.id) : undefined;
  if (events && events.length > 0) {
    let arrived: TransportEvent | null = null;
    for (const event of events) {
      if (event.timestamp === null) continue;
      if (TRANSSHIPMENT_ARRIVALS.has(event.event) && (arrived === null || event.timestamp > arrived.timestamp!)) arrived = event;
    }
    const left = arrived && events.some((e) => TRANSSHIPMENT_DEPARTURES.has(e.event) && e.timestamp !== null && e.timestamp >= arrived!.timestamp!);
    if (arrived && !left) {
      const days = (now - Date.parse(arrived.timestamp!)) / DAY_MS;
      if (days >= dwell.threshold) {
        out.push({ kind: "transshipment_dwell", container_id: container.id, detail: `${container.number} waiting ${round1(days)} days at ${arrived.location_locode ?? "a transshipment port"} (threshold ${dwell.threshold} days)`, figures: { days_at_transshipment: round1(days), threshold_days: dwell.threshold, location_locode: arrived.location_locode, arrived_at: arrived.timestamp } });
      }
    }
  }

  const hold = rules.hold_too_long;
  if (hold.enabled && !pickedUp && container.holds_at_pod_terminal.length > 0) {
    const holds = container.holds_at_pod_terminal.filter((h) => h.status === "hold");
    const since = holds.length > 0 ? (facts.holdsSince?.get(container.id) ?? atPod) : null;
    if (since) {
      const days = (now - Date.parse(since)) / DAY_MS;
      if (days >= hold.threshold) {
        const names = holds.map((h) => h.name).join(", ");
        out.push({ kind: "hold_too_long", container_id: container.id, detail: `${container.number} on hold (${names}) for ${round1(days)} days (threshold ${hold.threshold} days)`, figures: { days_on_hold: round1(days), threshold_days: hold.threshold, holds: names, on_hold_since: since } });
      }
    }
  }

  const lfd = rules.last_free_day_passed;
  if (lfd.enabled && !pickedUp && container.empty_terminated_at === null && container.pickup_lfd !== null) {
    const zone = container.pod_timezone ?? "UTC";
    const lastFreeDay = localDayOf(container.pickup_lfd, zone);
    const daysPast = today.dayIn(zone) - lastFreeDay;
    if (daysPast > lfd.threshold) {
      out.push({ kind: "last_free_day_passed", container_id: container.id, detail: `${container.number} not picked up ${daysPast} day${daysPast === 1 ? "" : "s"} after its last free day ${dateOfDay(lastFreeDay)} (grace ${lfd.threshold} days)`, figures: { last_free_day: dateOfDay(lastFreeDay), days_past: daysPast, threshold_days: lfd.threshold } });
    }
  }

  const empty = rules.empty_not_returned;
  const fullOut = container.final_destination_full_out_at ?? container.pod_full_out_at;
  if (empty.enabled && fullOut !== null && container.empty_terminated_at === null) {
    const days = (now - Date.parse(fullOut)) / DAY_MS;
    if (days >= empty.threshold) {
      out.push({ kind: "empty_not_returned", container_id: container.id, detail: `${container.number} empty not returned ${round1(days)} days after full out (threshold ${empty.threshold} days)`, figures: { days_since_full_out: round1(days), threshold_days: empty.threshold, full_out_at: fullOut } });
    }
  }
}
