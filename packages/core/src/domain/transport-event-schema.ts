import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { LocationTypeSchema, TerminalTypeSchema, TransportEventDataSourceSchema, TransportEventNameSchema } from "./enums.js";
import { IanaTimeZoneSchema, UnLocodeSchema } from "./validators.js";

/** The JSON:API attributes of a transport event (a normalized milestone), spec order then `data_source`. */
export const TransportEventAttributesSchema = z.object({
  event: TransportEventNameSchema,
  created_at: TimestampSchema,
  voyage_number: z.string().nullable(),
  timestamp: NullableTimestampSchema,
  location_locode: UnLocodeSchema.nullable(),
  // Null when the location is unknown; `timestamp` then holds local time serialized as UTC.
  timezone: IanaTimeZoneSchema.nullable(),
  data_source: TransportEventDataSourceSchema.nullable(),
});

/** The JSON:API attributes of a transport event. */
export type TransportEventAttributes = z.infer<typeof TransportEventAttributesSchema>;

/** A stored transport event with its relationship ids. */
export const TransportEventSchema = TransportEventAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  shipment_id: UuidSchema,
  container_id: UuidSchema,
  vessel_id: UuidSchema.nullable(),
  location_id: UuidSchema.nullable(),
  location_type: LocationTypeSchema.nullable(),
  terminal_id: UuidSchema.nullable(),
  terminal_type: TerminalTypeSchema.nullable(),
  /** The raw event this milestone was derived from, when there is one. */
  raw_event_id: UuidSchema.nullable(),
});

/** A stored transport event. */
export type TransportEvent = z.infer<typeof TransportEventSchema>;
