import { z } from "zod";
import { DateOnlySchema, NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { RawEventNameSchema, TerminalTypeSchema, TransportEventDataSourceSchema } from "./enums.js";
import { IanaTimeZoneSchema, ImoSchema, UnLocodeSchema } from "./validators.js";

/** A source's own codes for an event: up to 20 names (of at most 60 characters) with values of at most 100 characters. */
export const SourceCodesSchema = z.record(z.string().min(1).max(60), z.string().max(100)).refine((codes) => Object.keys(codes).length <= 20, "at most 20 codes");

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
  /** Who reported the event (a live-service extra, as are the fields below; records from before them read as `null`). */
  data_source: TransportEventDataSourceSchema.nullable().default(null),
  /** The name of the carrier that reported the event (e.g. `COSCO`). */
  data_provider_name: z.string().nullable().default(null),
  /** The SCAC of the carrier that reported the event (e.g. `COSU`). */
  data_provider_code: z.string().nullable().default(null),
  /** `timestamp` when the event is an estimate of something still to come, else `null`. */
  will_occur_at: NullableTimestampSchema.default(null),
  /** When the carrier withdrew the event; `null` while it stands. */
  invalidated_at: NullableTimestampSchema.default(null),
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
  /** The terminal where it happened, as `terminal_type` says; records from before it read as `null`. */
  terminal_id: UuidSchema.nullable().default(null),
  /** Whether `terminal_id` is a terminal or a rail terminal. */
  terminal_type: TerminalTypeSchema.nullable().default(null),
  /**
   * When Bollard last changed the event (an estimate moved, became actual or was withdrawn): it is
   * then learned again, at the end of the event feed. `null` while it stands as first recorded.
   */
  updated_at: NullableTimestampSchema.default(null),
  /**
   * The source's own codes for the event, kept as it sent them, e.g. DCSA's
   * `{ eventType: "EQUIPMENT", equipmentEventTypeCode: "LOAD", emptyIndicatorCode: "LADEN", … }`;
   * `null` when the source gave none. The DCSA events APIs are written from them.
   */
  source_codes: SourceCodesSchema.nullable().default(null),
  /**
   * When the source issued this version of the event (DCSA's `eventCreatedDateTime`); `null` when
   * unknown. An estimate issued before the one stored never replaces it.
   */
  reported_at: NullableTimestampSchema.default(null),
});

/** A stored raw event. */
export interface RawEvent extends z.infer<typeof RawEventSchema> {}
