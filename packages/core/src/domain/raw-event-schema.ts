import { z } from "zod";
import { DateOnlySchema, NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { RawEventNameSchema } from "./enums.js";
import { IanaTimeZoneSchema, ImoSchema, UnLocodeSchema } from "./validators.js";

/** The JSON:API attributes of a raw (carrier-worded, deprecated) event, in the spec's order. */
export const RawEventAttributesSchema = z.object({
  /** When it happened or is expected to (see `estimated`). */
  timestamp: TimestampSchema,
  /** True for a forecast, false for something that happened. */
  estimated: z.boolean(),
  /** The local date of an actual event at its location (UTC when unknown); `null` for estimates. */
  actual_on: DateOnlySchema.nullable(),
  /** `timestamp` when the event is an estimate, else `null`. */
  estimated_at: NullableTimestampSchema,
  /** `timestamp` when the event happened, else `null`. */
  actual_at: NullableTimestampSchema,
  /** The normalized event name; `null` when the carrier's wording could not be mapped to a known event. */
  event: RawEventNameSchema.nullable(),
  /** Position in the container's list of raw events, kept when an estimate later becomes actual. */
  index: z.int().nonnegative(),
  /** The carrier's own wording of the event. */
  original_event: z.string(),
  /** When Bollard recorded the event. */
  created_at: TimestampSchema,
  /** The voyage, when the carrier gave one. */
  voyage_number: z.string().nullable(),
  /** The location's name as the carrier gave it (else from the reference data). */
  location_name: z.string().nullable(),
  /** UN/LOCODE of the location, when known. */
  location_locode: UnLocodeSchema.nullable(),
  /** The vessel's name, when the carrier gave one. */
  vessel_name: z.string().nullable(),
  /** The vessel's IMO number, when the carrier gave one. */
  vessel_imo: ImoSchema.nullable(),
  /** Time zone of the location, when known. */
  timezone: IanaTimeZoneSchema.nullable(),
});

/** The JSON:API attributes of a raw event. */
export interface RawEventAttributes extends z.infer<typeof RawEventAttributesSchema> {}

/** A stored raw event with its relationship ids. */
export const RawEventSchema = RawEventAttributesSchema.extend({
  /** The raw event's id. */
  id: UuidSchema,
  /** The account the event belongs to. */
  account_id: UuidSchema,
  /** The container the event is about. */
  container_id: UuidSchema,
  /** The shipment of the container. */
  shipment_id: UuidSchema,
  /** The {@link Port} where it happened, when known. */
  location_id: UuidSchema.nullable(),
  /** The {@link Vessel} involved, when known. */
  vessel_id: UuidSchema.nullable(),
});

/** A stored raw event. */
export interface RawEvent extends z.infer<typeof RawEventSchema> {}
