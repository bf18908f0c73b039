import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import {
  ContainerStatusSchema,
  EquipmentHeightSchema,
  EquipmentLengthSchema,
  EquipmentTypeSchema,
  FeeTypeSchema,
  HoldNameSchema,
  HoldStatusSchema,
} from "./enums.js";
import { ContainerNumberSchema, IanaTimeZoneSchema, ScacSchema } from "./validators.js";

/** A hold on a container at the POD terminal; a released hold is removed, not marked. */
export const ContainerHoldSchema = z.object({
  name: HoldNameSchema,
  status: HoldStatusSchema,
  // Terminals often send no text; the live API returns "" rather than null.
  description: z.string(),
});

/** A hold on a container at the POD terminal. */
export type ContainerHold = z.infer<typeof ContainerHoldSchema>;

/** A fee owed on a container at the POD terminal, in the terminal's local currency. */
export const ContainerFeeSchema = z.object({
  type: FeeTypeSchema,
  amount: z.number(),
  currency_code: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code"),
});

/** A fee owed on a container at the POD terminal. */
export type ContainerFee = z.infer<typeof ContainerFeeSchema>;

/** The last free days by source; `pickup_lfd` coalesces them (line, then terminal, then rail). */
export const ImportDeadlinesSchema = z.object({
  pickup_lfd_terminal: NullableTimestampSchema,
  pickup_lfd_rail: NullableTimestampSchema,
  pickup_lfd_line: NullableTimestampSchema,
});

/** The last free days by source. */
export type ImportDeadlines = z.infer<typeof ImportDeadlinesSchema>;

/** The JSON:API attributes of a container, in the interface spec's order. */
export const ContainerAttributesSchema = z.object({
  number: ContainerNumberSchema,
  seal_number: z.string().nullable(),
  created_at: TimestampSchema,
  ref_numbers: z.array(z.string()),
  weight_in_lbs: z.number().nonnegative().nullable(),
  equipment_type: EquipmentTypeSchema.nullable(),
  equipment_length: EquipmentLengthSchema.nullable(),
  equipment_height: EquipmentHeightSchema.nullable(),
  current_status: ContainerStatusSchema,
  availability_known: z.boolean(),
  available_for_pickup: z.boolean(),
  pickup_lfd: NullableTimestampSchema,
  pickup_appointment_at: NullableTimestampSchema,
  pod_arrived_at: NullableTimestampSchema,
  pod_discharged_at: NullableTimestampSchema,
  pod_full_out_at: NullableTimestampSchema,
  pod_full_out_chassis_number: z.string().nullable(),
  terminal_checked_at: NullableTimestampSchema,
  location_at_pod_terminal: z.string().nullable(),
  final_destination_full_out_at: NullableTimestampSchema,
  empty_terminated_at: NullableTimestampSchema,
  holds_at_pod_terminal: z.array(ContainerHoldSchema),
  fees_at_pod_terminal: z.array(ContainerFeeSchema),
  // Nullable although the spec shows plain names: an unknown location has no zone.
  pod_timezone: IanaTimeZoneSchema.nullable(),
  final_destination_timezone: IanaTimeZoneSchema.nullable(),
  empty_terminated_timezone: IanaTimeZoneSchema.nullable(),
  pod_rail_carrier_scac: ScacSchema.nullable(),
  ind_rail_carrier_scac: ScacSchema.nullable(),
  pod_last_tracking_request_at: NullableTimestampSchema,
  shipment_last_tracking_request_at: NullableTimestampSchema,
  pod_rail_loaded_at: NullableTimestampSchema,
  pod_rail_departed_at: NullableTimestampSchema,
  ind_eta_at: NullableTimestampSchema,
  ind_ata_at: NullableTimestampSchema,
  ind_rail_unloaded_at: NullableTimestampSchema,
  ind_facility_lfd_on: NullableTimestampSchema,
  import_deadlines: ImportDeadlinesSchema,
});

/** The JSON:API attributes of a container. */
export type ContainerAttributes = z.infer<typeof ContainerAttributesSchema>;

/** A stored container (one piece of equipment on one journey) with its relationship ids. */
export const ContainerSchema = ContainerAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  updated_at: TimestampSchema,
  shipment_id: UuidSchema,
  pod_terminal_id: UuidSchema.nullable(),
  pickup_facility_id: UuidSchema.nullable(),
});

/** A stored container. */
export type Container = z.infer<typeof ContainerSchema>;
