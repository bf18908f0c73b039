import { z } from "zod";

/**
 * A UUID string. Bollard mints time-ordered UUIDv7 ids; any RFC 9562 UUID is accepted.
 */
export const UuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a UUID");

/**
 * A stored timestamp: ISO 8601 UTC in the canonical form `YYYY-MM-DDTHH:mm:ss.sssZ`
 * (what `Date#toISOString()` returns). The fixed width keeps timestamps sortable as text
 * in every storage backend. Use {@link toTimestamp} to produce one.
 */
export const TimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "must be an ISO 8601 UTC timestamp (YYYY-MM-DDTHH:mm:ss.sssZ)");

/**
 * A stored timestamp string; see {@link TimestampSchema}.
 * @useDeclaredType
 */
export type Timestamp = z.infer<typeof TimestampSchema>;

/** A calendar date `YYYY-MM-DD`. */
export const DateOnlySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)");

/** An IANA time zone name such as `America/New_York`; see `isIanaTimeZone`. */
export const TimeZoneSchema = z.string().min(1);

/** A nullable stored timestamp: unknown is `null`. */
export const NullableTimestampSchema = TimestampSchema.nullable();

/**
 * Parses any ISO 8601 date-time with an offset or `Z` (or a `Date`) into the canonical
 * stored form. Returns `null` when the input is not a valid date-time.
 */
export function toTimestamp(value: string | number | Date): Timestamp | null {
  if (typeof value === "string" && !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(value)) {
    return null;
  }
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (!Number.isFinite(ms) || ms < -62167219200000 || ms > 253402300799999) return null;
  return date.toISOString();
}

/**
 * What a data provider (a terminal, a port, a shipping line) supplies, as the live service reports
 * it: a flag per field (`pickup_lfd: true`) and, where it has something to say, a note beside it
 * (`pickup_lfd_notes`).
 */
export const ProvidedDataSchema = z.record(z.string(), z.union([z.boolean(), z.string(), z.null()]));

/** What a data provider supplies, by field. */
export type ProvidedData = z.infer<typeof ProvidedDataSchema>;
