import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { LineTrackingStoppedReasonSchema, LocationTypeSchema, TerminalTypeSchema } from "./enums.js";
import { ShipmentEtaAttributesSchema } from "./eta-schema.js";
import { IanaTimeZoneSchema, ImoSchema, ScacSchema, UnLocodeSchema } from "./validators.js";

/** The JSON:API attributes of a shipment, in the interface spec's order. */
export const ShipmentAttributesSchema = z.object({
  /** When the shipment was created (first reported for a tracking request). */
  created_at: TimestampSchema,
  /** The customer's reference numbers, from the tracking request. */
  ref_numbers: z.array(z.string()),
  /** Tags, from the tracking request's `shipment_tags`. */
  tags: z.array(z.string()),
  /** The bill of lading number as the carrier reports it. */
  bill_of_lading_number: z.string().min(1),
  /** `bill_of_lading_number` upper case, without punctuation, and without the carrier's prefix where the carrier's rule strips it (Hapag-Lloyd's numbers keep theirs). */
  normalized_number: z.string().min(1),
  /** The shipping line's SCAC. */
  shipping_line_scac: ScacSchema,
  /** The shipping line's full name. */
  shipping_line_name: z.string(),
  /** The shipping line's short name (e.g. `Maersk`). */
  shipping_line_short_name: z.string(),
  /** The customer's name from the tracking request; nullable although the spec says string, as a shipment tracked without a customer has none. */
  customer_name: z.string().nullable(),
  /** UN/LOCODE of the port of lading (POL), where the cargo is loaded. */
  port_of_lading_locode: UnLocodeSchema.nullable(),
  /** Name of the port of lading. */
  port_of_lading_name: z.string().nullable(),
  /** UN/LOCODE of the port of discharge (POD), where the cargo leaves the ship. */
  port_of_discharge_locode: UnLocodeSchema.nullable(),
  /** Name of the port of discharge. */
  port_of_discharge_name: z.string().nullable(),
  /** Name of the vessel that arrives at the port of discharge. */
  pod_vessel_name: z.string().nullable(),
  /** IMO number of the vessel that arrives at the port of discharge. */
  pod_vessel_imo: ImoSchema.nullable(),
  /** The voyage number of that vessel. */
  pod_voyage_number: z.string().nullable(),
  /** UN/LOCODE of the final destination: the POD itself or an inland place. */
  destination_locode: UnLocodeSchema.nullable(),
  /** Name of the final destination. */
  destination_name: z.string().nullable(),
  /** Time zone of the final destination. */
  destination_timezone: IanaTimeZoneSchema.nullable(),
  /** Estimated arrival at the final destination. */
  destination_eta_at: NullableTimestampSchema,
  /** The first estimated arrival at the final destination ever reported, kept when later estimates change (a live-service extra); records from before it read as `null`. */
  destination_original_eta_at: NullableTimestampSchema.default(null),
  /** Actual arrival at the final destination. */
  destination_ata_at: NullableTimestampSchema,
  /** Estimated departure from the port of lading. */
  pol_etd_at: NullableTimestampSchema,
  /** The first estimated departure from the port of lading ever reported, kept when later estimates change (a live-service extra); records from before it read as `null`. */
  pol_original_etd_at: NullableTimestampSchema.default(null),
  /** Actual departure from the port of lading. */
  pol_atd_at: NullableTimestampSchema,
  /** Time zone of the port of lading. */
  pol_timezone: IanaTimeZoneSchema.nullable(),
  /** Estimated arrival at the port of discharge (latest estimate). */
  pod_eta_at: NullableTimestampSchema,
  /** The first estimated arrival at the port of discharge ever reported. */
  pod_original_eta_at: NullableTimestampSchema,
  /** Actual arrival at the port of discharge. */
  pod_ata_at: NullableTimestampSchema,
  /** Time zone of the port of discharge. */
  pod_timezone: IanaTimeZoneSchema.nullable(),
  /** When the shipping line was last asked for updates. */
  line_tracking_last_attempted_at: NullableTimestampSchema,
  /** When the shipping line last answered with data. */
  line_tracking_last_succeeded_at: NullableTimestampSchema,
  /** When tracking stopped; `null` while the shipment is tracked. */
  line_tracking_stopped_at: NullableTimestampSchema,
  /** Why tracking stopped; `null` while the shipment is tracked. */
  line_tracking_stopped_reason: LineTrackingStoppedReasonSchema.nullable(),
  // Bollard's ETA delays and prediction (see docs/eta.md); records from before them read as `null`.
  ...ShipmentEtaAttributesSchema.shape,
});

/** The JSON:API attributes of a shipment. */
export interface ShipmentAttributes extends z.infer<typeof ShipmentAttributesSchema> {}

/** The shipment dates a source may state with the time it issued them (`dates_reported_at`). */
export const REPORTED_DATES = ["pol_etd_at", "pol_atd_at", "pod_eta_at", "pod_ata_at", "destination_eta_at", "destination_ata_at"] as const;

/** A shipment date a source may state with the time it issued it. */
export type ReportedDate = (typeof REPORTED_DATES)[number];

/** A stored shipment: its attributes plus tenancy, relationship ids and bookkeeping. */
export const ShipmentSchema = ShipmentAttributesSchema.extend({
  /** The shipment's id. */
  id: UuidSchema,
  /** The account the shipment belongs to. */
  account_id: UuidSchema,
  /** When the shipment last changed. */
  updated_at: TimestampSchema,
  /** The tracking request that created this shipment. */
  tracking_request_id: UuidSchema.nullable(),
  /** The {@link Port} record of the port of lading, when known. */
  port_of_lading_id: UuidSchema.nullable(),
  /** The {@link Port} record of the port of discharge, when known. */
  port_of_discharge_id: UuidSchema.nullable(),
  /** The {@link Terminal} at the port of discharge, when known. */
  pod_terminal_id: UuidSchema.nullable(),
  /** The final destination's record: a {@link Port} or a {@link MetroArea}, as `destination_type` says. */
  destination_id: UuidSchema.nullable(),
  /** Whether `destination_id` is a port or a metro area: an inland destination is not a port, so the id alone does not say which table. */
  destination_type: LocationTypeSchema.nullable(),
  /** The terminal at the final destination, as `destination_terminal_type` says. */
  destination_terminal_id: UuidSchema.nullable(),
  /** Whether `destination_terminal_id` is a terminal or a rail terminal. */
  destination_terminal_type: TerminalTypeSchema.nullable(),
  /** The user who stopped tracking; `null` when it stopped on its own or is running. */
  line_tracking_stopped_by_user_id: UuidSchema.nullable(),
  /** Internal link to the vessel record behind `pod_vessel_name`/`pod_vessel_imo`. */
  pod_vessel_id: UuidSchema.nullable(),
  /**
   * When the source issued each of the shipment's dates that came with an issue time (see
   * {@link REPORTED_DATES}); `null` when none did. A date issued earlier never replaces it.
   */
  dates_reported_at: z.partialRecord(z.enum(REPORTED_DATES), TimestampSchema).nullable().default(null),
});

/** A stored shipment. */
export interface Shipment extends z.infer<typeof ShipmentSchema> {}
