import type { RawEvent, TransportEvent } from "../domain/index.js";
import { resolveLocation, resolveTerminal } from "./locations.js";
import type { SnapshotRawEvent, SnapshotTransportEvent } from "./snapshot-schema.js";

/** The identity of a transport event within its container: the same milestone reported again is not new. */
export function transportEventKey(e: { event: string; timestamp: string | null; location_locode?: string | null; voyage_number?: string | null }): string {
  return `${e.event}|${e.timestamp ?? ""}|${e.location_locode ?? ""}|${e.voyage_number ?? ""}`;
}

/**
 * The identity of each raw event of a container's list: its name (or wording), place and voyage,
 * numbered by occurrence, so an estimate that later becomes actual keeps its identity (and index).
 */
export function rawEventKeys(events: readonly { event?: string | null; original_event: string; location_locode?: string | null; voyage_number?: string | null }[]): string[] {
  const seen = new Map<string, number>();
  return events.map((e) => {
    const base = `${e.event ?? e.original_event}|${e.location_locode ?? ""}|${e.voyage_number ?? ""}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}#${n}`;
  });
}

/** Where a new event record belongs. */
export interface EventOwner {
  id: string;
  account_id: string;
  shipment_id: string;
  container_id: string;
  created_at: string;
}

/** A stored transport event for a reported milestone, with its location, terminal and vessel resolved. */
export function transportEventRecord(reported: SnapshotTransportEvent, owner: EventOwner, vesselIdByImo: (imo: string) => string | null): TransportEvent {
  const location = resolveLocation(reported.location_locode);
  const terminal = resolveTerminal(reported.terminal);
  return {
    ...owner,
    event: reported.event,
    voyage_number: reported.voyage_number ?? null,
    timestamp: reported.timestamp,
    location_locode: reported.location_locode ?? null,
    timezone: location?.timezone ?? null,
    data_source: reported.data_source,
    value: null,
    vessel_id: reported.vessel_imo ? vesselIdByImo(reported.vessel_imo) : null,
    location_id: location?.id ?? null,
    location_type: location?.type ?? null,
    terminal_id: terminal?.id ?? null,
    terminal_type: terminal?.type ?? null,
    raw_event_id: null,
  };
}

// Building an Intl.DateTimeFormat is costly (it dominated refresh cycles); keep one per zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone (UTC when unknown). */
function localDate(timestamp: string, timeZone: string | null): string {
  const zone = timeZone ?? "UTC";
  let format = dateFormats.get(zone);
  if (!format) dateFormats.set(zone, (format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return format.format(new Date(timestamp));
}

/** The carrier-reported fields of a raw event (everything but its identity and index). */
export function rawEventFields(reported: SnapshotRawEvent, vesselIdByImo: (imo: string) => string | null): Omit<RawEvent, keyof EventOwner | "index"> {
  const location = resolveLocation(reported.location_locode);
  return {
    timestamp: reported.timestamp,
    estimated: reported.estimated,
    actual_on: reported.estimated ? null : localDate(reported.timestamp, location?.timezone ?? null),
    estimated_at: reported.estimated ? reported.timestamp : null,
    actual_at: reported.estimated ? null : reported.timestamp,
    event: reported.event ?? null,
    original_event: reported.original_event,
    voyage_number: reported.voyage_number ?? null,
    location_name: reported.location_name ?? location?.name ?? null,
    location_locode: reported.location_locode ?? null,
    vessel_name: reported.vessel_name ?? null,
    vessel_imo: reported.vessel_imo ?? null,
    timezone: location?.timezone ?? null,
    location_id: location?.type === "port" ? location.id : null,
    vessel_id: reported.vessel_imo ? vesselIdByImo(reported.vessel_imo) : null,
  };
}
