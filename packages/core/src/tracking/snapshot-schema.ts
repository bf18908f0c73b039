import { z } from "zod";
import {
  ContainerFeeSchema,
  ContainerHoldSchema,
  EquipmentHeightSchema,
  EquipmentLengthSchema,
  EquipmentTypeSchema,
  RawEventNameSchema,
  TransportEventDataSourceSchema,
  TransportEventNameSchema,
} from "../domain/index.js";
import { ContainerNumberSchema, ImoSchema, MmsiSchema, UnLocodeSchema } from "../domain/validators.js";

/** An instant as feeds send it: any ISO 8601 date-time with `Z` or an offset; stored normalized to UTC. */
export const FeedTimestampSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

const nullableTimestamp = FeedTimestampSchema.nullable().optional();

/** A normalized milestone as a carrier (or your own feed) reports it for one container. */
export const SnapshotTransportEventSchema = z.strictObject({
  event: TransportEventNameSchema,
  /** When it happened; null when the carrier gives no time. */
  timestamp: FeedTimestampSchema.nullable(),
  location_locode: UnLocodeSchema.nullable().optional(),
  /** A terminal by FIRMS code, SMDG code or nickname, when the carrier names one. */
  terminal: z.string().min(1).max(100).nullable().optional(),
  vessel_imo: ImoSchema.nullable().optional(),
  voyage_number: z.string().max(50).nullable().optional(),
  data_source: TransportEventDataSourceSchema.default("shipping_line"),
  /** The new date carried by `container.*.changed` events. */
  value: FeedTimestampSchema.nullable().optional(),
});

/** A carrier's own event line, kept with its wording (the deprecated raw events). */
export const SnapshotRawEventSchema = z.strictObject({
  event: RawEventNameSchema.nullable().optional(),
  original_event: z.string().min(1).max(500),
  timestamp: FeedTimestampSchema,
  estimated: z.boolean().default(false),
  location_locode: UnLocodeSchema.nullable().optional(),
  location_name: z.string().max(200).nullable().optional(),
  vessel_imo: ImoSchema.nullable().optional(),
  vessel_name: z.string().max(200).nullable().optional(),
  voyage_number: z.string().max(50).nullable().optional(),
});

/** One container as the carrier reports it: its attributes (absent means unknown/unchanged) and its events. */
export const SnapshotContainerSchema = z.strictObject({
  number: ContainerNumberSchema,
  seal_number: z.string().max(50).nullable().optional(),
  equipment_type: EquipmentTypeSchema.nullable().optional(),
  equipment_length: EquipmentLengthSchema.nullable().optional(),
  equipment_height: EquipmentHeightSchema.nullable().optional(),
  weight_in_lbs: z.number().nonnegative().nullable().optional(),
  available_for_pickup: z.boolean().optional(),
  location_at_pod_terminal: z.string().max(100).nullable().optional(),
  pickup_appointment_at: nullableTimestamp,
  holds_at_pod_terminal: z.array(ContainerHoldSchema).optional(),
  fees_at_pod_terminal: z.array(ContainerFeeSchema).optional(),
  pickup_lfd_line: nullableTimestamp,
  pickup_lfd_terminal: nullableTimestamp,
  pickup_lfd_rail: nullableTimestamp,
  pod_rail_carrier_scac: z.string().max(4).nullable().optional(),
  ind_rail_carrier_scac: z.string().max(4).nullable().optional(),
  ind_eta_at: nullableTimestamp,
  /** The POD terminal by FIRMS code, SMDG code or nickname. */
  pod_terminal: z.string().min(1).max(100).nullable().optional(),
  transport_events: z.array(SnapshotTransportEventSchema).max(500).default([]),
  raw_events: z.array(SnapshotRawEventSchema).max(500).default([]),
});

/** A position report of a vessel (AIS-like). */
export const SnapshotPositionSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  heading: z.number().min(0).max(360).nullable().optional(),
  speed_knots: z.number().min(0).max(60).nullable().optional(),
  timestamp: FeedTimestampSchema,
});

/** A vessel the snapshot mentions, identified by IMO (or MMSI), with optional position reports. */
export const SnapshotVesselSchema = z.strictObject({
  name: z.string().min(1).max(200),
  imo: ImoSchema.nullable().optional(),
  mmsi: MmsiSchema.nullable().optional(),
  positions: z.array(SnapshotPositionSchema).max(10_000).default([]),
});

/** The shipment-level data of a snapshot; absent fields mean "unknown, keep what is stored". */
export const SnapshotShipmentSchema = z.strictObject({
  bill_of_lading_number: z.string().trim().min(1).max(100),
  port_of_lading_locode: UnLocodeSchema.nullable().optional(),
  port_of_discharge_locode: UnLocodeSchema.nullable().optional(),
  destination_locode: UnLocodeSchema.nullable().optional(),
  pod_terminal: z.string().min(1).max(100).nullable().optional(),
  pol_etd_at: nullableTimestamp,
  pol_atd_at: nullableTimestamp,
  pod_eta_at: nullableTimestamp,
  pod_ata_at: nullableTimestamp,
  destination_eta_at: nullableTimestamp,
  destination_ata_at: nullableTimestamp,
  pod_vessel_imo: ImoSchema.nullable().optional(),
  pod_vessel_name: z.string().max(200).nullable().optional(),
  pod_voyage_number: z.string().max(50).nullable().optional(),
});

/**
 * Everything a carrier source (or a user's own feed through `tracker.ingest`) knows about one
 * tracked shipment at one moment. Applying the same snapshot twice changes nothing.
 */
export const CarrierSnapshotSchema = z.strictObject({
  shipment: SnapshotShipmentSchema,
  containers: z.array(SnapshotContainerSchema).max(200),
  vessels: z.array(SnapshotVesselSchema).max(50).default([]),
});

/** A validated carrier snapshot. */
export type CarrierSnapshot = z.output<typeof CarrierSnapshotSchema>;
/** A carrier snapshot as written by a feed, before defaults are applied. */
export type CarrierSnapshotInput = z.input<typeof CarrierSnapshotSchema>;
/** One container of a snapshot. */
export type SnapshotContainer = z.output<typeof SnapshotContainerSchema>;
/** One transport event of a snapshot. */
export type SnapshotTransportEvent = z.output<typeof SnapshotTransportEventSchema>;
/** One raw event of a snapshot. */
export type SnapshotRawEvent = z.output<typeof SnapshotRawEventSchema>;
/** One vessel of a snapshot. */
export type SnapshotVessel = z.output<typeof SnapshotVesselSchema>;
