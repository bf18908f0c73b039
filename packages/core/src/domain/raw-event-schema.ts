import { z } from "zod";
import { DateOnlySchema, NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { RawEventNameSchema } from "./enums.js";
import { IanaTimeZoneSchema, ImoSchema, UnLocodeSchema } from "./validators.js";

/** The JSON:API attributes of a raw (carrier-worded, deprecated) event, in the spec's order. */
export const RawEventAttributesSchema = z.object({
  timestamp: TimestampSchema,
  estimated: z.boolean(),
  actual_on: DateOnlySchema.nullable(),
  estimated_at: NullableTimestampSchema,
  actual_at: NullableTimestampSchema,
  // Null when the carrier's wording could not be mapped to a known event.
  event: RawEventNameSchema.nullable(),
  index: z.int().nonnegative(),
  original_event: z.string(),
  created_at: TimestampSchema,
  voyage_number: z.string().nullable(),
  location_name: z.string().nullable(),
  location_locode: UnLocodeSchema.nullable(),
  vessel_name: z.string().nullable(),
  vessel_imo: ImoSchema.nullable(),
  timezone: IanaTimeZoneSchema.nullable(),
});

/** The JSON:API attributes of a raw event. */
export type RawEventAttributes = z.infer<typeof RawEventAttributesSchema>;

/** A stored raw event with its relationship ids. */
export const RawEventSchema = RawEventAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  container_id: UuidSchema,
  shipment_id: UuidSchema,
  location_id: UuidSchema.nullable(),
  vessel_id: UuidSchema.nullable(),
});

/** A stored raw event. */
export type RawEvent = z.infer<typeof RawEventSchema>;
