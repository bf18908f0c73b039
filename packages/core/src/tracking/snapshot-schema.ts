import { z } from "zod";
import {
  ContainerFeeSchema,
  ContainerHoldSchema,
  EquipmentHeightSchema,
  EquipmentLengthSchema,
  EquipmentTypeSchema,
  RawEventNameSchema,
  SourceCodesSchema,
  TransportEventDataSourceSchema,
  TransportEventNameSchema,
} from "../domain/index.js";
import { ContainerNumberSchema, ImoSchema, MmsiSchema, UnLocodeSchema } from "../domain/validators.js";

/** An instant as feeds send it: any ISO 8601 date-time with `Z` or an offset; stored normalized to UTC. */
export const FeedTimestampSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

const nullableTimestamp = FeedTimestampSchema.nullable().optional();

/** A normalized milestone as a carrier (or your own feed) reports it for one container. */
export const SnapshotTransportEventSchema = z.strictObject({
  /** Which milestone it is. */
  event: TransportEventNameSchema,
  /** When it happened; null when the carrier gives no time. */
  timestamp: FeedTimestampSchema.nullable(),
  /** UN/LOCODE of where it happened, when known. */
  location_locode: UnLocodeSchema.nullable().optional(),
  /** A terminal by FIRMS code, SMDG code or nickname, when the carrier names one. */
  terminal: z.string().min(1).max(100).nullable().optional(),
  /** IMO number of the vessel involved, when there is one. */
  vessel_imo: ImoSchema.nullable().optional(),
  /** The voyage, when there is one. */
  voyage_number: z.string().max(50).nullable().optional(),
  /** Who reported it; defaults to `shipping_line`. */
  data_source: TransportEventDataSourceSchema.default("shipping_line"),
  /** The new date carried by `container.*.changed` events. */
  value: FeedTimestampSchema.nullable().optional(),
});

/** A carrier's own event line, kept with its wording (the deprecated raw events). */
export const SnapshotRawEventSchema = z.strictObject({
  /** The normalized event name, when the wording maps to one. */
  event: RawEventNameSchema.nullable().optional(),
  /** The carrier's own wording. */
  original_event: z.string().min(1).max(500),
  /** When it happened or is expected to. */
  timestamp: FeedTimestampSchema,
  /** True for a forecast; defaults to false. */
  estimated: z.boolean().default(false),
  /** UN/LOCODE of the location, when known. */
  location_locode: UnLocodeSchema.nullable().optional(),
  /** The location as the carrier names it. */
  location_name: z.string().max(200).nullable().optional(),
  /** IMO number of the vessel, when given. */
  vessel_imo: ImoSchema.nullable().optional(),
  /** The vessel's name, when given. */
  vessel_name: z.string().max(200).nullable().optional(),
  /** The voyage, when given. */
  voyage_number: z.string().max(50).nullable().optional(),
  /** A terminal by FIRMS code, SMDG code or nickname, when the carrier names one. */
  terminal: z.string().min(1).max(100).nullable().optional(),
  /** Who reported it; defaults to `shipping_line` (the line's SCAC and name are its provider). */
  data_source: TransportEventDataSourceSchema.default("shipping_line"),
  /** The source's own codes for the event (e.g. DCSA's event type codes), kept with it as structured data. */
  source_codes: SourceCodesSchema.optional(),
  /**
   * When the source issued this version of the event (DCSA's `eventCreatedDateTime`). A version
   * issued before the stored one is ignored, and so is an estimate once the event is actual.
   */
  reported_at: FeedTimestampSchema.optional(),
});

/** One container as the carrier reports it: its attributes (absent means unknown/unchanged) and its events. */
export const SnapshotContainerSchema = z.strictObject({
  /** The ISO 6346 container number; identifies the container within the shipment. */
  number: ContainerNumberSchema,
  /** The seal number. */
  seal_number: z.string().max(50).nullable().optional(),
  /** The equipment type. */
  equipment_type: EquipmentTypeSchema.nullable().optional(),
  /** Length in feet. */
  equipment_length: EquipmentLengthSchema.nullable().optional(),
  /** Height class. */
  equipment_height: EquipmentHeightSchema.nullable().optional(),
  /** Gross weight in pounds. */
  weight_in_lbs: z.number().nonnegative().nullable().optional(),
  /** Whether the POD terminal reports the container available. */
  available_for_pickup: z.boolean().optional(),
  /** The yard location at the POD terminal. */
  location_at_pod_terminal: z.string().max(100).nullable().optional(),
  /** The booked pickup appointment. */
  pickup_appointment_at: nullableTimestamp,
  /** Holds in force at the POD terminal (the whole list). */
  holds_at_pod_terminal: z.array(ContainerHoldSchema).optional(),
  /** Fees owed at the POD terminal (the whole list). */
  fees_at_pod_terminal: z.array(ContainerFeeSchema).optional(),
  /** Last free day set by the shipping line. */
  pickup_lfd_line: nullableTimestamp,
  /** Last free day set by the POD terminal. */
  pickup_lfd_terminal: nullableTimestamp,
  /** Last free day set by the rail carrier. */
  pickup_lfd_rail: nullableTimestamp,
  /** SCAC of the rail carrier that takes the container inland. */
  pod_rail_carrier_scac: z.string().max(4).nullable().optional(),
  /** SCAC of the rail carrier at the inland destination. */
  ind_rail_carrier_scac: z.string().max(4).nullable().optional(),
  /** Estimated arrival at the inland destination. */
  ind_eta_at: nullableTimestamp,
  /** Holds in force at the inland rail facility (the whole list); null when it reports none. */
  ind_facility_holds: z.array(ContainerHoldSchema).nullable().optional(),
  /** Fees owed at the inland rail facility (the whole list); null when it reports none. */
  ind_facility_fees: z.array(ContainerFeeSchema).nullable().optional(),
  /** The POD terminal by FIRMS code, SMDG code or nickname. */
  pod_terminal: z.string().min(1).max(100).nullable().optional(),
  /** The container's milestones (at most 500); defaults to none. */
  transport_events: z.array(SnapshotTransportEventSchema).max(500).default([]),
  /** The carrier's event lines (at most 500); defaults to none. */
  raw_events: z.array(SnapshotRawEventSchema).max(500).default([]),
});

/** A position report of a vessel (AIS-like). */
export const SnapshotPositionSchema = z.strictObject({
  /** Latitude in degrees. */
  latitude: z.number().min(-90).max(90),
  /** Longitude in degrees. */
  longitude: z.number().min(-180).max(180),
  /** Heading in degrees, when reported. */
  heading: z.number().min(0).max(360).nullable().optional(),
  /** Speed over ground in knots, when reported. */
  speed_knots: z.number().min(0).max(60).nullable().optional(),
  /** When the vessel was there. */
  timestamp: FeedTimestampSchema,
});

/** A vessel the snapshot mentions, identified by IMO (or MMSI), with optional position reports. */
export const SnapshotVesselSchema = z.strictObject({
  /** The vessel's name. */
  name: z.string().min(1).max(200),
  /** The IMO number; the vessel is matched by it first. */
  imo: ImoSchema.nullable().optional(),
  /** The MMSI, used when there is no IMO. */
  mmsi: MmsiSchema.nullable().optional(),
  /** Position reports (at most 10,000); defaults to none. */
  positions: z.array(SnapshotPositionSchema).max(10_000).default([]),
});

/** The shipment-level data of a snapshot; absent fields mean "unknown, keep what is stored". */
export const SnapshotShipmentSchema = z.strictObject({
  /** The bill of lading number. */
  bill_of_lading_number: z.string().trim().min(1).max(100),
  /** UN/LOCODE of the port of lading. */
  port_of_lading_locode: UnLocodeSchema.nullable().optional(),
  /** UN/LOCODE of the port of discharge. */
  port_of_discharge_locode: UnLocodeSchema.nullable().optional(),
  /** UN/LOCODE of the final destination. */
  destination_locode: UnLocodeSchema.nullable().optional(),
  /** The POD terminal by FIRMS code, SMDG code or nickname. */
  pod_terminal: z.string().min(1).max(100).nullable().optional(),
  /** Estimated departure from the port of lading. */
  pol_etd_at: nullableTimestamp,
  /** Actual departure from the port of lading. */
  pol_atd_at: nullableTimestamp,
  /** Estimated arrival at the port of discharge. */
  pod_eta_at: nullableTimestamp,
  /** Actual arrival at the port of discharge. */
  pod_ata_at: nullableTimestamp,
  /** Estimated arrival at the final destination. */
  destination_eta_at: nullableTimestamp,
  /** Actual arrival at the final destination. */
  destination_ata_at: nullableTimestamp,
  /** IMO number of the vessel arriving at the port of discharge. */
  pod_vessel_imo: ImoSchema.nullable().optional(),
  /** Name of that vessel. */
  pod_vessel_name: z.string().max(200).nullable().optional(),
  /** Its voyage number. */
  pod_voyage_number: z.string().max(50).nullable().optional(),
  /**
   * When the source issued each date it states here (DCSA: the `eventCreatedDateTime` of the
   * event it came from). A date issued before the one stored is ignored, so a late, older estimate
   * never moves an ETA back.
   */
  dates_reported_at: z
    .strictObject({
      /** When the source issued `pol_etd_at`. */
      pol_etd_at: FeedTimestampSchema.optional(),
      /** When the source issued `pol_atd_at`. */
      pol_atd_at: FeedTimestampSchema.optional(),
      /** When the source issued `pod_eta_at`. */
      pod_eta_at: FeedTimestampSchema.optional(),
      /** When the source issued `pod_ata_at`. */
      pod_ata_at: FeedTimestampSchema.optional(),
      /** When the source issued `destination_eta_at`. */
      destination_eta_at: FeedTimestampSchema.optional(),
      /** When the source issued `destination_ata_at`. */
      destination_ata_at: FeedTimestampSchema.optional(),
    })
    .optional(),
});

/**
 * Everything a carrier source (or a user's own feed through `tracker.ingest`) knows about one
 * tracked shipment at one moment. Applying the same snapshot twice changes nothing.
 */
export const CarrierSnapshotSchema = z.strictObject({
  /** The shipment's data. */
  shipment: SnapshotShipmentSchema,
  /** The shipment's containers (at most 200). */
  containers: z.array(SnapshotContainerSchema).max(200),
  /** Vessels the snapshot mentions (at most 50); defaults to none. */
  vessels: z.array(SnapshotVesselSchema).max(50).default([]),
  /**
   * True when the snapshot holds only some of what the source knows (a push of new events): what
   * it does not mention stays as stored. By default a snapshot is the source's whole picture, and
   * a stored estimate a container's raw events no longer list is withdrawn.
   */
  partial: z.boolean().default(false),
});

/** A validated carrier snapshot. */
export interface CarrierSnapshot extends z.output<typeof CarrierSnapshotSchema> {}
/** A carrier snapshot as written by a feed, before defaults are applied. */
export interface CarrierSnapshotInput extends z.input<typeof CarrierSnapshotSchema> {}
/** One container of a snapshot. */
export interface SnapshotContainer extends z.output<typeof SnapshotContainerSchema> {}
/** One transport event of a snapshot. */
export interface SnapshotTransportEvent extends z.output<typeof SnapshotTransportEventSchema> {}
/** One raw event of a snapshot. */
export interface SnapshotRawEvent extends z.output<typeof SnapshotRawEventSchema> {}
/** One vessel of a snapshot. */
export interface SnapshotVessel extends z.output<typeof SnapshotVesselSchema> {}
