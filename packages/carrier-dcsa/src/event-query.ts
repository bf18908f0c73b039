import type { DcsaEvent } from "./dcsa-types.js";
import type { ServedEvent } from "./records-to-events.js";

/** A `GET /events` query that cannot be answered: a 400 naming the parameter. */
export class EventQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EventQueryError";
  }
}

const LISTS = {
  eventType: ["SHIPMENT", "TRANSPORT", "EQUIPMENT"],
  shipmentEventTypeCode: ["RECE", "DRFT", "PENA", "PENU", "REJE", "APPR", "ISSU", "SURR", "SUBM", "VOID", "CONF", "REQS", "CMPL", "HOLD", "RELS"],
  documentTypeCode: ["CBR", "BKG", "SHI", "SRM", "TRD", "ARN", "VGM", "CAS", "CUS", "DGD", "OOG"],
  transportEventTypeCode: ["ARRI", "DEPA"],
  equipmentEventTypeCode: ["LOAD", "DISC", "GTIN", "GTOT", "STUF", "STRP", "PICK", "DROP", "INSP", "RSEA", "RMVD"],
} as const;
const TEXTS = ["carrierBookingReference", "bookingReference", "transportDocumentReference", "equipmentReference", "vesselIMONumber", "exportVoyageNumber", "carrierVoyageNumber", "UNLocationCode", "transportCallID", "carrierServiceCode"] as const;
const OPERATORS = { gte: (a: number, b: number) => a >= b, gt: (a: number, b: number) => a > b, lte: (a: number, b: number) => a <= b, lt: (a: number, b: number) => a < b, eq: (a: number, b: number) => a === b };
/** Accepted and without effect: the API version header's twin, and sorting (always by creation time, then id). */
const IGNORED = new Set(["sort", "API-Version"]);

/** The filters and page of a `GET /events` request. */
export interface EventQuery {
  /** Comma lists: any of the values matches. */
  lists: Partial<Record<keyof typeof LISTS, Set<string>>>;
  /** Exact values. */
  texts: Partial<Record<(typeof TEXTS)[number], string>>;
  /** `eventCreatedDateTime` comparisons, all of which must hold. */
  created: { operator: keyof typeof OPERATORS; at: number }[];
  /** Page size. */
  limit: number;
  /** Where the page starts: after this cursor of the account's event feed. */
  after: string | null;
}

/** The largest page served. */
export const MAX_LIMIT = 1000;

/** Reads a `GET /events` query string (keys such as `eventCreatedDateTime:gte` included). */
export function parseEventQuery(params: URLSearchParams): EventQuery {
  const query: EventQuery = { lists: {}, texts: {}, created: [], limit: 100, after: null };
  for (const [key, value] of params) {
    if (key in LISTS) {
      const allowed = LISTS[key as keyof typeof LISTS] as readonly string[];
      const values = value.split(",").map((v) => v.trim()).filter(Boolean);
      const bad = values.find((v) => !allowed.includes(v));
      if (bad !== undefined || values.length === 0) throw new EventQueryError(`${key} must be a comma-separated list of ${allowed.join(", ")}`);
      query.lists[key as keyof typeof LISTS] = new Set(values);
    } else if ((TEXTS as readonly string[]).includes(key)) {
      if (value === "" || value.length > 100) throw new EventQueryError(`${key} must be 1 to 100 characters`);
      query.texts[key as (typeof TEXTS)[number]] = value;
    } else if (key === "eventCreatedDateTime" || key.startsWith("eventCreatedDateTime:")) {
      const operator = (key.split(":")[1] ?? "eq") as keyof typeof OPERATORS;
      const at = Date.parse(value);
      if (!(operator in OPERATORS)) throw new EventQueryError(`${key}: the operator must be one of gte, gt, lte, lt, eq`);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || !Number.isFinite(at)) throw new EventQueryError(`${key} must be an ISO 8601 date-time, such as 2021-04-01T14:12:56+01:00`);
      query.created.push({ operator, at });
    } else if (key === "limit") {
      const limit = Number(value);
      if (!/^\d+$/.test(value) || limit < 1) throw new EventQueryError("limit must be a whole number of at least 1");
      query.limit = Math.min(limit, MAX_LIMIT);
    } else if (key === "cursor") {
      if (value === "" || value.length > 100) throw new EventQueryError("cursor is not one this server made");
      query.after = value;
    } else if (!IGNORED.has(key)) {
      throw new EventQueryError(`${key} is not a query parameter of GET /events`);
    }
  }
  refuseContradictions(query);
  return query;
}

/** The event type each code filter belongs to. */
const CODE_TYPES = { shipmentEventTypeCode: "SHIPMENT", documentTypeCode: "SHIPMENT", transportEventTypeCode: "TRANSPORT", equipmentEventTypeCode: "EQUIPMENT" } as const;

/**
 * Refuses a code filter of an event type that `eventType` leaves out (the standard's "mutual
 * contradicting" combinations, which DCSA's conformance kit expects a 400 for). Code filters of two
 * event types at once are no contradiction of `eventType`: each leaves the other's events out, so
 * nothing matches.
 */
function refuseContradictions(query: EventQuery): void {
  const wanted = query.lists.eventType;
  if (!wanted) return;
  for (const [filter, type] of Object.entries(CODE_TYPES)) {
    if (query.lists[filter as keyof typeof CODE_TYPES] && !wanted.has(type)) throw new EventQueryError(`${filter} contradicts eventType=${[...wanted].join(",")}: it filters ${type} events`);
  }
}

/** Whether a served event passes the query's filters. */
export function matches(served: ServedEvent, query: EventQuery): boolean {
  const { event } = served;
  const { lists, texts } = query;
  if (lists.eventType && !lists.eventType.has(event.eventType)) return false;
  if (event.eventType === "SHIPMENT" && lists.shipmentEventTypeCode && !lists.shipmentEventTypeCode.has(event.shipmentEventTypeCode)) return false;
  if (event.eventType === "SHIPMENT" && lists.documentTypeCode && !lists.documentTypeCode.has(event.documentTypeCode)) return false;
  // A code filter of one kind leaves out the events of the other kinds (the standard's "mutually contradicting" combinations).
  if ((lists.shipmentEventTypeCode || lists.documentTypeCode) && event.eventType !== "SHIPMENT") return false;
  if (lists.transportEventTypeCode && (event.eventType !== "TRANSPORT" || !lists.transportEventTypeCode.has(event.transportEventTypeCode))) return false;
  if (lists.equipmentEventTypeCode && (event.eventType !== "EQUIPMENT" || !lists.equipmentEventTypeCode.has(event.equipmentEventTypeCode))) return false;
  const booking = texts.carrierBookingReference ?? texts.bookingReference;
  if (booking !== undefined && served.carrierBookingReference !== booking) return false;
  if (texts.transportDocumentReference !== undefined && served.transportDocumentReference !== texts.transportDocumentReference) return false;
  if (texts.equipmentReference !== undefined && !served.equipmentReferences.includes(texts.equipmentReference)) return false;
  const call = event.eventType === "SHIPMENT" ? undefined : event.transportCall;
  if (texts.vesselIMONumber !== undefined && call?.vessel?.vesselIMONumber !== texts.vesselIMONumber) return false;
  const voyage = texts.exportVoyageNumber ?? texts.carrierVoyageNumber;
  if (voyage !== undefined && call?.exportVoyageNumber !== voyage && call?.carrierVoyageNumber !== voyage) return false;
  if (texts.transportCallID !== undefined && call?.transportCallID !== texts.transportCallID) return false;
  if (texts.carrierServiceCode !== undefined && call?.carrierServiceCode !== texts.carrierServiceCode) return false;
  if (texts.UNLocationCode !== undefined) {
    const place = call?.UNLocationCode ?? (event.eventType === "EQUIPMENT" ? event.eventLocation?.UNLocationCode : undefined);
    if (place !== texts.UNLocationCode) return false;
  }
  const created = Date.parse(event.eventCreatedDateTime);
  return query.created.every(({ operator, at }) => OPERATORS[operator](created, at));
}

const isIn = (list: readonly string[], code: string) => list.includes(code);

/** Whether an event's codes are all the 2.2 standard's (events pushed in over 3.0 may carry codes it does not have, such as `AVPU` or `CUC`). */
export function hasStandardCodes(event: DcsaEvent): boolean {
  if (event.eventType === "SHIPMENT") return isIn(LISTS.shipmentEventTypeCode, event.shipmentEventTypeCode) && isIn(LISTS.documentTypeCode, event.documentTypeCode);
  if (event.eventType === "TRANSPORT") return isIn(LISTS.transportEventTypeCode, event.transportEventTypeCode);
  return isIn(LISTS.equipmentEventTypeCode, event.equipmentEventTypeCode);
}

/** The earliest `eventCreatedDateTime` the query's comparisons allow (ms), when they bound it from below. */
export function createdSince(query: EventQuery): number | null {
  const lower = query.created.filter(({ operator }) => operator === "gte" || operator === "gt" || operator === "eq").map(({ at }) => at);
  return lower.length > 0 ? Math.max(...lower) : null;
}
