import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "../domain/common-schema.js";

/*
 * The container map collection of the interface spec, one schema per feature type. Values the
 * spec types as plain strings or numbers are nullable where Bollard can lack them (a port without
 * a state, a vessel without an IMO or a reported heading): the spec's convention is that an
 * unknown value is null.
 */

const Position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const PointSchema = z.object({ type: z.literal("Point"), coordinates: Position });
const LineStringSchema = z.object({ type: z.literal("LineString"), coordinates: z.array(Position).min(2) });
const Sequence = z.int().min(1);
const Label = z.string().regex(/^(POL|POD|TS\d+)$/);

/** Properties of a `port` feature: one per port of the journey. */
export const PortFeaturePropertiesSchema = z.strictObject({
  feature_type: z.literal("port"),
  ports_sequence: Sequence,
  ports_total: Sequence,
  location_id: UuidSchema,
  location_type: z.literal("Port"),
  name: z.string(),
  state_abbr: z.string().nullable(),
  state: z.string().nullable(),
  country_code: z.string(),
  country: z.string(),
  time_zone: z.string(),
  inbound_eta_at: NullableTimestampSchema,
  inbound_ata_at: NullableTimestampSchema,
  outbound_etd_at: NullableTimestampSchema,
  outbound_atd_at: NullableTimestampSchema,
  label: Label,
  updated_at: TimestampSchema,
});

/** Properties of a `past_vessel_locations` feature: the reported path of one leg. */
export const PastVesselLocationsPropertiesSchema = z.strictObject({
  feature_type: z.literal("past_vessel_locations"),
  ports_sequence: Sequence,
  vessel_id: UuidSchema,
  start_time: TimestampSchema,
  end_time: TimestampSchema,
  point_count: z.int().min(2),
  outbound_atd_at: NullableTimestampSchema,
  inbound_ata_at: NullableTimestampSchema,
  inbound_eta_at: NullableTimestampSchema,
});

/** Properties of the `current_vessel` feature (only while the container is at sea). */
export const CurrentVesselPropertiesSchema = z.strictObject({
  feature_type: z.literal("current_vessel"),
  ports_sequence: Sequence,
  vessel_id: UuidSchema,
  vessel_name: z.string(),
  vessel_imo: z.string().nullable(),
  voyage_number: z.string().nullable(),
  vessel_location_timestamp: TimestampSchema,
  vessel_location_heading: z.number().nullable(),
  vessel_location_speed: z.number().nullable(),
  departure_port_id: UuidSchema,
  departure_port_name: z.string(),
  departure_port_state_abbr: z.string().nullable(),
  departure_port_state: z.string().nullable(),
  departure_port_country_code: z.string(),
  departure_port_country: z.string(),
  departure_port_label: Label,
  departure_port_atd: NullableTimestampSchema,
  departure_port_time_zone: z.string(),
  arrival_port_id: UuidSchema,
  arrival_port_name: z.string(),
  arrival_port_state_abbr: z.string().nullable(),
  arrival_port_state: z.string().nullable(),
  arrival_port_country_code: z.string(),
  arrival_port_country: z.string(),
  arrival_port_label: Label,
  arrival_port_eta: NullableTimestampSchema,
  arrival_port_time_zone: z.string(),
});

/** Properties of the `estimated_partial_leg` feature: from the vessel's position to the next port. */
export const EstimatedPartialLegPropertiesSchema = z.strictObject({
  feature_type: z.literal("estimated_partial_leg"),
  ports_sequence: Sequence,
  current_port_id: UuidSchema,
  next_port_id: UuidSchema,
  point_count: z.int().min(2),
});

/** Properties of an `estimated_full_legs` feature: the sea route of a leg not yet started. */
export const EstimatedFullLegsPropertiesSchema = z.strictObject({
  feature_type: z.literal("estimated_full_legs"),
  ports_sequence: Sequence,
  previous_port_id: UuidSchema,
  next_port_id: UuidSchema,
  point_count: z.int().min(2),
});

const feature = <G extends z.ZodType, P extends z.ZodType>(geometry: G, properties: P, id: string) =>
  z.object({ type: z.literal("Feature"), geometry, properties }).meta({ id });

/** A `port` feature. */
export const PortFeatureSchema = feature(PointSchema, PortFeaturePropertiesSchema, "MapPortFeature");
/** A `past_vessel_locations` feature. */
export const PastVesselLocationsFeatureSchema = feature(LineStringSchema, PastVesselLocationsPropertiesSchema, "MapPastVesselLocationsFeature");
/** A `current_vessel` feature. */
export const CurrentVesselFeatureSchema = feature(PointSchema, CurrentVesselPropertiesSchema, "MapCurrentVesselFeature");
/** An `estimated_partial_leg` feature. */
export const EstimatedPartialLegFeatureSchema = feature(LineStringSchema, EstimatedPartialLegPropertiesSchema, "MapEstimatedPartialLegFeature");
/** An `estimated_full_legs` feature. */
export const EstimatedFullLegsFeatureSchema = feature(LineStringSchema, EstimatedFullLegsPropertiesSchema, "MapEstimatedFullLegsFeature");

/** The container map collection: a GeoJSON FeatureCollection (RFC 7946) served as `application/geo+json`. */
export const ContainerMapSchema = z
  .object({
    type: z.literal("FeatureCollection"),
    features: z.array(z.union([PortFeatureSchema, PastVesselLocationsFeatureSchema, CurrentVesselFeatureSchema, EstimatedPartialLegFeatureSchema, EstimatedFullLegsFeatureSchema])),
  })
  .meta({ id: "ContainerMap" });

/** The container map collection. */
export type ContainerMap = z.infer<typeof ContainerMapSchema>;
/** One feature of the container map. */
export type ContainerMapFeature = ContainerMap["features"][number];
/** A `[longitude, latitude]` position of the map. */
export type MapPosition = z.infer<typeof Position>;
