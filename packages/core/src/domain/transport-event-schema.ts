import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { LocationTypeSchema, TerminalTypeSchema, TransportEventDataSourceSchema, TransportEventNameSchema } from "./enums.js";
import { IanaTimeZoneSchema, UnLocodeSchema } from "./validators.js";

/** The JSON:API attributes of a transport event (a normalized milestone, or a changed date), spec order then `data_source` and `value`. */
export const TransportEventAttributesSchema = z.object({
  /** Which milestone this is. */
  event: TransportEventNameSchema,
  /** When Bollard recorded the event. */
  created_at: TimestampSchema,
  /** The voyage the milestone belongs to, when it involves a vessel. */
  voyage_number: z.string().nullable(),
  /** When the milestone happened; for the `*.estimated.*` names, when it is expected to; for the `*.changed` names, when the change was seen. */
  timestamp: NullableTimestampSchema,
  /** UN/LOCODE of where it happened, when known. */
  location_locode: UnLocodeSchema.nullable(),
  /** Time zone of the location; `null` when the location is unknown, and `timestamp` then holds local time serialized as UTC. */
  timezone: IanaTimeZoneSchema.nullable(),
  /** Who reported the milestone. */
  data_source: TransportEventDataSourceSchema.nullable(),
  /**
   * The new date a `container.pickup_lfd*.changed`, `container.pickup_appointment.changed` or
   * `container.transport.estimated.*` event announces (`null` when the date was cleared), as the live
   * service sends it; `null` on milestones. Records written before events carried a value read as `null`.
   */
  value: NullableTimestampSchema.default(null),
  /** When the carrier withdrew the milestone; `null` while it stands (records from before it read as `null`). */
  invalidated_at: NullableTimestampSchema.default(null),
});

/** The JSON:API attributes of a transport event. */
export interface TransportEventAttributes extends z.infer<typeof TransportEventAttributesSchema> {}

/** A stored transport event with its relationship ids. */
export const TransportEventSchema = TransportEventAttributesSchema.extend({
  /** The transport event's id. */
  id: UuidSchema,
  /** The account the event belongs to. */
  account_id: UuidSchema,
  /** The shipment of the container. */
  shipment_id: UuidSchema,
  /** The container the milestone happened to. */
  container_id: UuidSchema,
  /** The {@link Vessel} involved, when known. */
  vessel_id: UuidSchema.nullable(),
  /** The location's record: a {@link Port} or a {@link MetroArea}, as `location_type` says. */
  location_id: UuidSchema.nullable(),
  /** Whether `location_id` is a port or a metro area. */
  location_type: LocationTypeSchema.nullable(),
  /** The terminal where it happened, as `terminal_type` says. */
  terminal_id: UuidSchema.nullable(),
  /** Whether `terminal_id` is a terminal or a rail terminal. */
  terminal_type: TerminalTypeSchema.nullable(),
  /** The raw event this milestone was derived from (`source_event`), when there is one. */
  raw_event_id: UuidSchema.nullable(),
  /** The earlier version of this milestone (same event, place and voyage at another time) that this one replaces; `null` when none. */
  previous_version_id: UuidSchema.nullable().default(null),
});

/** A stored transport event. */
export interface TransportEvent extends z.infer<typeof TransportEventSchema> {}
