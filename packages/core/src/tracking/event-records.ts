import type { RawEvent, TransportEvent } from "../domain/index.js";
import { resolveDestination, resolveLocation, resolveTerminal } from "./locations.js";
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

/** What resolving an event's references needs to know about its shipment. */
export interface EventContext {
  /** The id of the known vessel with this IMO number, or null. */
  vesselIdByImo: (imo: string) => string | null;
  /** UN/LOCODE of the shipment's inland destination (a metro area), whose events are located at the metro area, not at a port of the same code. */
  inlandLocode: string | null;
}

/** The location of an event: the metro area at an inland destination, else a port (or metro area) by UN/LOCODE. */
function eventLocation(locode: string | null | undefined, ctx: EventContext) {
  return locode && locode === ctx.inlandLocode ? resolveDestination(locode) : resolveLocation(locode);
}

/**
 * A stored transport event for a reported milestone, with its location, terminal and vessel
 * resolved; `previousVersionId` is the stored milestone it replaces, if any.
 */
export function transportEventRecord(reported: SnapshotTransportEvent, owner: EventOwner, ctx: EventContext, previousVersionId: string | null = null): TransportEvent {
  const location = eventLocation(reported.location_locode, ctx);
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
    invalidated_at: null,
    vessel_id: reported.vessel_imo ? ctx.vesselIdByImo(reported.vessel_imo) : null,
    location_id: location?.id ?? null,
    location_type: location?.type ?? null,
    terminal_id: terminal?.id ?? null,
    terminal_type: terminal?.type ?? null,
    raw_event_id: null,
    previous_version_id: previousVersionId,
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

/** The carrier that reported a raw event: the shipment's line. */
export interface DataProvider {
  /** The line's SCAC. */
  code: string;
  /** The line's short name (e.g. `COSCO`). */
  name: string;
}

/** The carrier-reported fields of a raw event (everything but its identity, index and `updated_at`). */
export function rawEventFields(reported: SnapshotRawEvent, ctx: EventContext, provider: DataProvider): Omit<RawEvent, keyof EventOwner | "index" | "updated_at"> {
  const location = resolveLocation(reported.location_locode);
  const terminal = resolveTerminal(reported.terminal);
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
    data_source: reported.data_source,
    data_provider_name: provider.name,
    data_provider_code: provider.code,
    will_occur_at: reported.estimated ? reported.timestamp : null,
    invalidated_at: null,
    location_id: location?.type === "port" ? location.id : null,
    vessel_id: reported.vessel_imo ? ctx.vesselIdByImo(reported.vessel_imo) : null,
    terminal_id: terminal?.id ?? null,
    terminal_type: terminal?.type ?? null,
    source_codes: reported.source_codes ?? null,
    reported_at: reported.reported_at ?? null,
  };
}
