import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { LineTrackingStoppedReasonSchema, LocationTypeSchema, TerminalTypeSchema } from "./enums.js";
import { IanaTimeZoneSchema, ImoSchema, ScacSchema, UnLocodeSchema } from "./validators.js";

/** The JSON:API attributes of a shipment, in the interface spec's order. */
export const ShipmentAttributesSchema = z.object({
  created_at: TimestampSchema,
  ref_numbers: z.array(z.string()),
  tags: z.array(z.string()),
  bill_of_lading_number: z.string().min(1),
  normalized_number: z.string().min(1),
  shipping_line_scac: ScacSchema,
  shipping_line_name: z.string(),
  shipping_line_short_name: z.string(),
  // Nullable although the spec says string: a shipment tracked without a customer has none.
  customer_name: z.string().nullable(),
  port_of_lading_locode: UnLocodeSchema.nullable(),
  port_of_lading_name: z.string().nullable(),
  port_of_discharge_locode: UnLocodeSchema.nullable(),
  port_of_discharge_name: z.string().nullable(),
  pod_vessel_name: z.string().nullable(),
  pod_vessel_imo: ImoSchema.nullable(),
  pod_voyage_number: z.string().nullable(),
  destination_locode: UnLocodeSchema.nullable(),
  destination_name: z.string().nullable(),
  destination_timezone: IanaTimeZoneSchema.nullable(),
  destination_eta_at: NullableTimestampSchema,
  destination_ata_at: NullableTimestampSchema,
  pol_etd_at: NullableTimestampSchema,
  pol_atd_at: NullableTimestampSchema,
  pol_timezone: IanaTimeZoneSchema.nullable(),
  pod_eta_at: NullableTimestampSchema,
  pod_original_eta_at: NullableTimestampSchema,
  pod_ata_at: NullableTimestampSchema,
  pod_timezone: IanaTimeZoneSchema.nullable(),
  line_tracking_last_attempted_at: NullableTimestampSchema,
  line_tracking_last_succeeded_at: NullableTimestampSchema,
  line_tracking_stopped_at: NullableTimestampSchema,
  line_tracking_stopped_reason: LineTrackingStoppedReasonSchema.nullable(),
});

/** The JSON:API attributes of a shipment. */
export type ShipmentAttributes = z.infer<typeof ShipmentAttributesSchema>;

/** A stored shipment: its attributes plus tenancy, relationship ids and bookkeeping. */
export const ShipmentSchema = ShipmentAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  updated_at: TimestampSchema,
  /** The tracking request that created this shipment. */
  tracking_request_id: UuidSchema.nullable(),
  port_of_lading_id: UuidSchema.nullable(),
  port_of_discharge_id: UuidSchema.nullable(),
  pod_terminal_id: UuidSchema.nullable(),
  destination_id: UuidSchema.nullable(),
  // The destination can be an inland metro area, so the id alone does not say which table.
  destination_type: LocationTypeSchema.nullable(),
  destination_terminal_id: UuidSchema.nullable(),
  destination_terminal_type: TerminalTypeSchema.nullable(),
  line_tracking_stopped_by_user_id: UuidSchema.nullable(),
  /** Internal link to the vessel record behind `pod_vessel_name`/`pod_vessel_imo`. */
  pod_vessel_id: UuidSchema.nullable(),
  /** First ETD seen at the port of lading; a live-API extra kept internally. */
  pol_original_etd_at: NullableTimestampSchema,
});

/** A stored shipment. */
export type Shipment = z.infer<typeof ShipmentSchema>;
