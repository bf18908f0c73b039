import type { TransportEventDataSource } from "../domain/enums.js";
import type { MetroArea } from "../domain/metro-area-schema.js";
import type { RailTerminal } from "../domain/rail-terminal-schema.js";
import type { RawEvent } from "../domain/raw-event-schema.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";
import type { WordingFamily } from "./carrier-styles.js";
import { actualWording, estimatedWording, rawEventName } from "./event-wording.js";
import type { PlannedMilestone } from "./journey-plan.js";
import type { Rng } from "./random.js";
import { requirePort, type Sailing, type SailingLeg } from "./sailings.js";
import { MINUTE, ceilHour, iso, localDate } from "./zoned-time.js";

/** What turning one container's plan into events needs to know. */
export interface ContainerEventContext {
  rng: Rng;
  newId: () => string;
  now: number;
  accountId: string;
  shipmentId: string;
  containerId: string;
  sailing: Sailing;
  inland: { metro: MetroArea; railTerminal: RailTerminal } | null;
  family: WordingFamily;
  /** Whether the line or AIS reported the first departure and the final arrival. */
  sources: { departed: TransportEventDataSource; arrived: TransportEventDataSource };
  /** When the line was last polled: the creation time of estimates. */
  trackedAt: number;
  /** The line that reports the raw events: its SCAC and short name. */
  provider: { code: string; name: string };
}

/** A milestone whose `at` is an absolute epoch-millisecond time. */
export type TimedMilestone = PlannedMilestone;

interface Place {
  id: string;
  type: "port" | "metro_area";
  locode: string;
  name: string;
  timeZone: string;
}

function placeOf(milestone: TimedMilestone, ctx: ContainerEventContext): Place {
  if (milestone.inland && ctx.inland) {
    const metro = ctx.inland.metro;
    return { id: metro.id, type: "metro_area", locode: metro.code, name: metro.name, timeZone: metro.time_zone };
  }
  const port = requirePort(milestone.locode);
  return { id: port.id, type: "port", locode: port.code, name: port.name, timeZone: port.time_zone };
}

function facilityOf(milestone: TimedMilestone, ctx: ContainerEventContext): { id: string; type: "terminal" | "rail_terminal" } | null {
  if (milestone.facility === "pod_terminal" && ctx.sailing.podTerminal) return { id: ctx.sailing.podTerminal.id, type: "terminal" };
  if (milestone.facility === "rail_terminal" && ctx.inland) return { id: ctx.inland.railTerminal.id, type: "rail_terminal" };
  return null;
}

/** Who reports a milestone: AIS for berthing, the POD terminal for its own, otherwise the line (which relays the railroad's moves). */
export function milestoneDataSource(milestone: TimedMilestone, ctx: { sources: { departed: TransportEventDataSource; arrived: TransportEventDataSource } }): TransportEventDataSource {
  switch (milestone.kind) {
    case "vessel_departed":
      return ctx.sources.departed;
    case "vessel_arrived":
      return ctx.sources.arrived;
    case "vessel_berthed":
      return "ais";
    case "available":
    case "not_available":
      return milestone.inland ? "shipping_line" : "terminal";
    case "full_out":
      return !milestone.inland && milestone.facility === "pod_terminal" ? "terminal" : "shipping_line";
    default:
      return "shipping_line";
  }
}

/**
 * The transport events (milestones reached by `now`) and raw events (the line's wording of those,
 * then its estimates of what is still to come) of one container. Raw events are indexed 0..n in order.
 */
export function containerEvents(plan: readonly TimedMilestone[], ctx: ContainerEventContext): { transportEvents: TransportEvent[]; rawEvents: RawEvent[] } {
  const transportEvents: TransportEvent[] = [];
  const rawEvents: Omit<RawEvent, "index">[] = [];
  const owner = { account_id: ctx.accountId, shipment_id: ctx.shipmentId, container_id: ctx.containerId };
  for (const milestone of plan) {
    const place = placeOf(milestone, ctx);
    const leg = milestone.leg === null ? null : (ctx.sailing.legs[milestone.leg] as SailingLeg);
    const vessel = {
      voyage_number: leg?.voyageNumber ?? null,
      vessel_name: leg?.vessel.name ?? null,
      vessel_imo: leg?.vessel.imo ?? null,
      vessel_id: leg?.vesselId ?? null,
    };
    const rawName = rawEventName(milestone.kind);
    const facility = facilityOf(milestone, ctx);
    const location = { location_name: place.name, location_locode: place.locode, timezone: place.timeZone, location_id: place.type === "port" ? place.id : null };
    const reported = {
      data_source: "shipping_line" as const, data_provider_name: ctx.provider.name, data_provider_code: ctx.provider.code,
      invalidated_at: null, terminal_id: facility?.id ?? null, terminal_type: facility?.type ?? null,
      updated_at: null, source_codes: null, reported_at: null,
    };
    if (milestone.at > ctx.now) {
      const wording = estimatedWording(milestone.kind);
      if (wording === null || rawName === null) continue;
      const estimate = iso(ceilHour(milestone.at));
      rawEvents.push({
        timestamp: estimate, estimated: true, actual_on: null, estimated_at: estimate, actual_at: null, event: rawName,
        original_event: wording, created_at: iso(ctx.trackedAt), ...vessel, ...location, ...reported, will_occur_at: estimate, id: ctx.newId(), ...owner,
      });
      continue;
    }
    const timestamp = iso(milestone.at);
    const createdAt = iso(Math.min(ctx.now, milestone.at + ctx.rng.int(5, 120) * MINUTE));
    const source = milestoneDataSource(milestone, ctx);
    const wording = actualWording(ctx.family, milestone.kind, milestone.inland);
    let rawId: string | null = null;
    if (wording !== null && rawName !== null) {
      rawId = ctx.newId();
      rawEvents.push({
        timestamp, estimated: false, actual_on: localDate(milestone.at, place.timeZone), estimated_at: null, actual_at: timestamp,
        event: rawName, original_event: wording, created_at: createdAt, ...vessel, ...location, ...reported, will_occur_at: null, id: rawId, ...owner,
      });
    }
    transportEvents.push({
      event: `container.transport.${milestone.kind}`,
      created_at: createdAt,
      voyage_number: vessel.voyage_number,
      timestamp,
      location_locode: place.locode,
      timezone: place.timeZone,
      data_source: source,
      value: null,
      id: ctx.newId(),
      ...owner,
      vessel_id: vessel.vessel_id,
      location_id: place.id,
      location_type: place.type,
      terminal_id: facility?.id ?? null,
      terminal_type: facility?.type ?? null,
      raw_event_id: source === "shipping_line" ? rawId : null,
      invalidated_at: null,
      previous_version_id: null,
    });
  }
  // The plan is in journey order with increasing times, so raw events already are too.
  return { transportEvents, rawEvents: rawEvents.map((event, index) => ({ ...event, index })) };
}
