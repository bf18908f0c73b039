import { ContainerEtaAttributesSchema } from "./eta-schema.js";
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
  TerminalTypeSchema,
} from "./enums.js";
import { ContainerNumberSchema, IanaTimeZoneSchema, ScacSchema } from "./validators.js";

/** A hold on a container at the POD terminal; a released hold is removed, not marked. */
export const ContainerHoldSchema = z.object({
  /** What the hold is for. */
  name: HoldNameSchema,
  /** The hold's status as the terminal reports it. */
  status: HoldStatusSchema,
  /** The terminal's text about the hold; `""` (not `null`) when it sent none, as the live API returns. */
  description: z.string(),
});

/** A hold on a container at the POD terminal. */
export interface ContainerHold extends z.infer<typeof ContainerHoldSchema> {}

/** A fee owed on a container at the POD terminal, in the terminal's local currency. */
export const ContainerFeeSchema = z.object({
  /** What the fee is for; `total` is the sum the terminal reports. */
  type: FeeTypeSchema,
  /** The amount, in `currency_code`. */
  amount: z.number(),
  /** ISO 4217 currency code (e.g. `USD`). */
  currency_code: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code"),
});

/** A fee owed on a container at the POD terminal. */
export interface ContainerFee extends z.infer<typeof ContainerFeeSchema> {}

/** The last free days by source; `pickup_lfd` coalesces them (line, then terminal, then rail). */
export const ImportDeadlinesSchema = z.object({
  /** Last free day for pickup set by the POD terminal. */
  pickup_lfd_terminal: NullableTimestampSchema,
  /** Last free day for pickup set by the rail carrier. */
  pickup_lfd_rail: NullableTimestampSchema,
  /** Last free day for pickup set by the shipping line. */
  pickup_lfd_line: NullableTimestampSchema,
});

/** The last free days by source. */
export interface ImportDeadlines extends z.infer<typeof ImportDeadlinesSchema> {}

/** The JSON:API attributes of a container, in the interface spec's order. */
export const ContainerAttributesSchema = z.object({
  /** The ISO 6346 container number (e.g. `CSQU3054383`). */
  number: ContainerNumberSchema,
  /** The seal number, when reported. */
  seal_number: z.string().nullable(),
  /** When the container was first reported. */
  created_at: TimestampSchema,
  /** Reference numbers of the container. */
  ref_numbers: z.array(z.string()),
  /** Gross weight in pounds, when reported. */
  weight_in_lbs: z.number().nonnegative().nullable(),
  /** The equipment type, when reported. */
  equipment_type: EquipmentTypeSchema.nullable(),
  /** Length in feet, when reported. */
  equipment_length: EquipmentLengthSchema.nullable(),
  /** Height class, when reported. */
  equipment_height: EquipmentHeightSchema.nullable(),
  /** Where the container is in its journey, derived from its events and terminal data. */
  current_status: ContainerStatusSchema,
  /** True once the terminal has reported availability for pickup at all. */
  availability_known: z.boolean(),
  /** True when the container can be picked up at the POD terminal (released, no holds). */
  available_for_pickup: z.boolean(),
  /** Last free day for pickup: the line's, else the terminal's, else the rail carrier's (see `import_deadlines`). */
  pickup_lfd: NullableTimestampSchema,
  /** The booked pickup appointment at the POD terminal. */
  pickup_appointment_at: NullableTimestampSchema,
  /** When the vessel arrived at the port of discharge. */
  pod_arrived_at: NullableTimestampSchema,
  /** When the container was discharged at the port of discharge. */
  pod_discharged_at: NullableTimestampSchema,
  /** When the container left the POD terminal full; `null` when it continues inland (see `final_destination_full_out_at`). */
  pod_full_out_at: NullableTimestampSchema,
  /** The chassis the container left the POD terminal on, when reported. */
  pod_full_out_chassis_number: z.string().nullable(),
  /** When the POD terminal's data was last checked. */
  terminal_checked_at: NullableTimestampSchema,
  /** The container's yard location at the POD terminal; `null` once it has left. */
  location_at_pod_terminal: z.string().nullable(),
  /** When the container left the inland destination full; `null` when the POD is the destination. */
  final_destination_full_out_at: NullableTimestampSchema,
  /** When the empty container was returned. */
  empty_terminated_at: NullableTimestampSchema,
  /** Holds in force at the POD terminal; released holds are removed. */
  holds_at_pod_terminal: z.array(ContainerHoldSchema),
  /** Fees owed at the POD terminal. */
  fees_at_pod_terminal: z.array(ContainerFeeSchema),
  /** Time zone of the port of discharge; nullable although the spec shows plain names, as an unknown location has no zone. */
  pod_timezone: IanaTimeZoneSchema.nullable(),
  /** Time zone of the inland destination; `null` when the POD is the destination. */
  final_destination_timezone: IanaTimeZoneSchema.nullable(),
  /** Time zone of the place the empty was returned to. */
  empty_terminated_timezone: IanaTimeZoneSchema.nullable(),
  /** SCAC of the rail carrier that takes the container inland from the POD. */
  pod_rail_carrier_scac: ScacSchema.nullable(),
  /** SCAC of the rail carrier at the inland destination. */
  ind_rail_carrier_scac: ScacSchema.nullable(),
  /** When the POD terminal was last asked for this container's data. */
  pod_last_tracking_request_at: NullableTimestampSchema,
  /** When the shipping line was last asked for this container's shipment. */
  shipment_last_tracking_request_at: NullableTimestampSchema,
  /** When the container was loaded on rail at the POD. */
  pod_rail_loaded_at: NullableTimestampSchema,
  /** When the train left the POD. */
  pod_rail_departed_at: NullableTimestampSchema,
  /** Estimated arrival at the inland destination. */
  ind_eta_at: NullableTimestampSchema,
  /** Actual arrival at the inland destination. */
  ind_ata_at: NullableTimestampSchema,
  /** When the container was unloaded from rail at the inland destination. */
  ind_rail_unloaded_at: NullableTimestampSchema,
  /** Last free day at the inland destination facility. */
  ind_facility_lfd_on: NullableTimestampSchema,
  /** The last free days by source; `pickup_lfd` coalesces them. */
  import_deadlines: ImportDeadlinesSchema,
  /** When the container was received full at the port of lading (a live-service extra, as are the fields below; records from before them read as `null`). */
  pol_full_in_at: NullableTimestampSchema.default(null),
  /** When the container was loaded on the vessel at the port of lading. */
  pol_vessel_loaded_at: NullableTimestampSchema.default(null),
  /** When the vessel left the port of lading with the container. */
  pol_vessel_departed_at: NullableTimestampSchema.default(null),
  /** When the empty container was picked up by the shipper, before it was filled. */
  empty_out_at: NullableTimestampSchema.default(null),
  /** When the container was delivered to the consignee. */
  delivered_at: NullableTimestampSchema.default(null),
  /** The shipping line's (steamship line's) last free day: `import_deadlines.pickup_lfd_line`. */
  ssl_lfd: NullableTimestampSchema.default(null),
  /** When the rail carrier was last asked for this container's data; `null` when it does not move by rail. */
  rail_last_tracking_request_at: NullableTimestampSchema.default(null),
  /** Holds in force at the inland rail facility; `null` when the container does not move inland or the facility reports none. */
  ind_facility_holds: z.array(ContainerHoldSchema).nullable().default(null),
  /** Fees owed at the inland rail facility; `null` when the container does not move inland or the facility reports none. */
  ind_facility_fees: z.array(ContainerFeeSchema).nullable().default(null),
  // Bollard's ETA delays per leg (see docs/eta.md); records from before them read as `null`.
  ...ContainerEtaAttributesSchema.shape,
});

/** The JSON:API attributes of a container. */
export interface ContainerAttributes extends z.infer<typeof ContainerAttributesSchema> {}

/** A stored container (one piece of equipment on one journey) with its relationship ids. */
export const ContainerSchema = ContainerAttributesSchema.extend({
  /** The container's id. */
  id: UuidSchema,
  /** The account the container belongs to. */
  account_id: UuidSchema,
  /** When the container last changed. */
  updated_at: TimestampSchema,
  /** The shipment the container travels on. */
  shipment_id: UuidSchema,
  /** The {@link Terminal} at the port of discharge, when known. */
  pod_terminal_id: UuidSchema.nullable(),
  /** The facility the container is to be picked up from, when known: the POD terminal, or the inland rail terminal on a rail move. */
  pickup_facility_id: UuidSchema.nullable(),
  /** Whether `pickup_facility_id` is a terminal or a rail terminal; records from before rail pickups read as `null` (a terminal). */
  pickup_facility_type: TerminalTypeSchema.nullable().default(null),
});

/** A stored container. */
export interface Container extends z.infer<typeof ContainerSchema> {}
