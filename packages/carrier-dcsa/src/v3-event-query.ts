import type { DcsaV3EventType } from "./dcsa-v3-types.js";
import { MAX_LIMIT } from "./event-query.js";
import type { ServedV3Event } from "./records-to-v3-events.js";
import { isDateTime, V3_EVENT_TYPES } from "./v3-codes.js";

/** A `GET /dcsa/v3/events` query that cannot be answered: a 400 naming the parameter. */
export class V3EventQueryError extends Error {
  /** The query parameter at fault. */
  readonly parameter: string;
  constructor(parameter: string, message: string) {
    super(message);
    this.name = "V3EventQueryError";
    this.parameter = parameter;
  }
}

const REFERENCES = ["carrierBookingReference", "transportDocumentReference", "equipmentReference"] as const;

/** The filters and page of a `GET /dcsa/v3/events` request (all filters must hold). */
export interface V3EventQuery {
  /** Only these event types; every type when null. */
  eventTypes: ReadonlySet<DcsaV3EventType> | null;
  /** Exact references: the booking the shipment was tracked by, its bill of lading, a container of the event. */
  references: Partial<Record<(typeof REFERENCES)[number], string>>;
  /** `eventUpdatedDateTimeMin`, in ms: only events served with an `eventUpdatedDateTime` at or after it. */
  updatedMin: number | null;
  /** `eventUpdatedDateTimeMax`, in ms: at or before it. */
  updatedMax: number | null;
  /** Page size. */
  limit: number;
  /** Where the page starts: after this cursor of the account's event feed. */
  after: string | null;
}

/** Reads one parameter of the query into `query`. */
function readParameter(query: V3EventQuery, key: string, value: string): void {
  if (key === "eventTypes") {
    const types = value.split(",").map((type) => type.trim());
    const bad = types.find((type) => !(V3_EVENT_TYPES as readonly string[]).includes(type));
    if (bad !== undefined) throw new V3EventQueryError(key, `eventTypes must be a comma-separated list of ${V3_EVENT_TYPES.join(", ")}`);
    query.eventTypes = new Set(types as DcsaV3EventType[]);
  } else if ((REFERENCES as readonly string[]).includes(key)) {
    if (value === "" || value.length > 100) throw new V3EventQueryError(key, `${key} must be 1 to 100 characters`);
    query.references[key as (typeof REFERENCES)[number]] = value;
  } else if (key === "eventUpdatedDateTimeMin" || key === "eventUpdatedDateTimeMax") {
    if (!isDateTime(value)) throw new V3EventQueryError(key, `${key} must be an RFC 3339 date-time, such as 2025-01-23T01:23:45Z`);
    query[key === "eventUpdatedDateTimeMin" ? "updatedMin" : "updatedMax"] = Date.parse(value);
  } else if (key === "limit") {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1) throw new V3EventQueryError(key, "limit must be a whole number of at least 1");
    query.limit = Math.min(Number(value), MAX_LIMIT);
  } else if (key === "cursor") {
    if (value === "" || value.length > 100) throw new V3EventQueryError(key, "cursor is not one this server made");
    query.after = value;
  } else {
    throw new V3EventQueryError(key.slice(0, 100), `${key.slice(0, 100)} is not a query parameter of GET /events`);
  }
}

/**
 * Reads a `GET /dcsa/v3/events` query string (the standard's parameters, already %-decoded, so
 * `eventTypes=EQUIPMENT%2CIOT` is two types). An unknown parameter, one given twice, an unknown
 * event type, a date-time without a zone, a limit below 1 or a foreign cursor is a
 * {@link V3EventQueryError}. `limit` defaults to 100 and is capped at 1000.
 */
export function parseV3EventQuery(params: URLSearchParams): V3EventQuery {
  const query: V3EventQuery = { eventTypes: null, references: {}, updatedMin: null, updatedMax: null, limit: 100, after: null };
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (seen.has(key)) throw new V3EventQueryError(key.slice(0, 100), `${key.slice(0, 100)} is given more than once`);
    seen.add(key);
    readParameter(query, key, value);
  }
  return query;
}

/** Whether a served event passes the query's filters; times are compared as served (whole seconds), bounds included. */
export function matchesV3(served: ServedV3Event, query: V3EventQuery): boolean {
  const { references } = query;
  if (query.eventTypes && !query.eventTypes.has(served.event.eventClassification.eventTypeCode)) return false;
  if (references.carrierBookingReference !== undefined && served.carrierBookingReference !== references.carrierBookingReference) return false;
  if (references.transportDocumentReference !== undefined && served.transportDocumentReference !== references.transportDocumentReference) return false;
  if (references.equipmentReference !== undefined && !served.equipmentReferences.includes(references.equipmentReference)) return false;
  const updated = Date.parse(served.event.eventUpdatedDateTime);
  return (query.updatedMin === null || updated >= query.updatedMin) && (query.updatedMax === null || updated <= query.updatedMax);
}
