import type { RawEvent } from "@bollard/core";

/*
 * Raw events are the largest table (a carrier reports every estimate and every actual, with their
 * place, vessel and provider), and a raw event's `doc` was mostly its keys: 31 of them spelled out
 * in every row, about 430 of its 940 bytes. A raw event with exactly the schema's fields is kept as
 * a JSON array of its values behind a format tag instead; any other record (an older or a newer
 * shape) as the whole object, so reads stay exact either way. `parseDoc` reads both.
 */

/** The tag leading a compact raw event `doc`: its values follow in {@link RAW_EVENT_FIELDS} order. */
const COMPACT_RAW_EVENT_V1 = "raw_event/1";

/** The fields of a raw event, in the schema's order (a compact `doc`'s order; never reorder, add a format instead). */
export const RAW_EVENT_FIELDS = [
  "timestamp", "estimated", "actual_on", "estimated_at", "actual_at", "event", "original_event", "created_at",
  "voyage_number", "vessel_name", "vessel_imo", "vessel_id", "location_name", "location_locode", "timezone", "location_id",
  "data_source", "data_provider_name", "data_provider_code", "invalidated_at", "terminal_id", "terminal_type", "updated_at",
  "source_codes", "reported_at", "will_occur_at", "id", "account_id", "shipment_id", "container_id", "index",
] as const satisfies readonly (keyof RawEvent)[];

/** True when `event` has exactly the fields of {@link RAW_EVENT_FIELDS}, none undefined. */
function hasExactShape(event: RawEvent): boolean {
  if (Object.keys(event).length !== RAW_EVENT_FIELDS.length) return false;
  for (const field of RAW_EVENT_FIELDS) if ((event as unknown as Record<string, unknown>)[field] === undefined) return false;
  return true;
}

/** The `doc` text of a raw event: compact when the record has the schema's exact fields. */
export function rawEventDoc(event: RawEvent): string {
  if (!hasExactShape(event)) return JSON.stringify(event);
  const values: unknown[] = [COMPACT_RAW_EVENT_V1];
  for (const field of RAW_EVENT_FIELDS) values.push(event[field]);
  return JSON.stringify(values);
}

/**
 * A `doc` text as its record: a compact raw event (a JSON array behind its tag) becomes the object
 * again, with the schema's key order; every other document is parsed as it is.
 */
export function parseSqliteDoc(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) return parsed;
  if (parsed[0] !== COMPACT_RAW_EVENT_V1 || parsed.length !== RAW_EVENT_FIELDS.length + 1) throw new Error(`Unknown compact document format ${String(parsed[0])}`);
  const record: Record<string, unknown> = {};
  for (let i = 0; i < RAW_EVENT_FIELDS.length; i++) record[RAW_EVENT_FIELDS[i]!] = parsed[i + 1];
  return record;
}
