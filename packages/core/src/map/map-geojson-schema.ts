import { z } from "zod";
import { UuidSchema } from "../domain/common-schema.js";

/** A map time: whole seconds (`2025-11-18T15:26:00Z`), as the live service writes them. */
const TimestampSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "must be an ISO 8601 UTC timestamp in whole seconds (YYYY-MM-DDTHH:mm:ssZ)");
const NullableTimestampSchema = TimestampSchema.nullable();

/*
 * The container map collection of the interface spec, one schema per feature type. Values the
 * spec types as plain strings or numbers are nullable where Bollard can lack them (a port without
 * a state, a vessel without an IMO or a reported heading): the spec's convention is that an
 * unknown value is null.
 */

const Position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const PointSchema = z.object({
  /** The GeoJSON geometry type. */
  type: z.literal("Point"),
  /** The point's `[longitude, latitude]`. */
  coordinates: Position,
});
const LineStringSchema = z.object({
  /** The GeoJSON geometry type. */
  type: z.literal("LineString"),
  /** The line's `[longitude, latitude]` positions, at least two. */
  coordinates: z.array(Position).min(2),
});
const Sequence = z.int().min(1);
const Label = z.string().regex(/^(POL|POD|TS\d+)$/);

/** Properties of a `port` feature: one per port of the journey. */
export const PortFeaturePropertiesSchema = z.strictObject({
  /** The kind of feature. */
  feature_type: z.literal("port"),
  /** 1-based position of the port in the journey. */
  ports_sequence: Sequence,
  /** How many ports the journey has. */
  ports_total: Sequence,
  /** The port's id. */
  location_id: UuidSchema,
  /** Always `Port`. */
  location_type: z.literal("Port"),
  /** The port's name. */
  name: z.string(),
  /** Abbreviation of the port's state or province, when there is one. */
  state_abbr: z.string().nullable(),
  /** The port's state or province, when there is one. */
  state: z.string().nullable(),
  /** The port's ISO 3166 alpha-2 country code. */
  country_code: z.string(),
  /** The port's country. */
  country: z.string(),
  /** The port's IANA time zone. */
  time_zone: z.string(),
  /** Estimated arrival of the container's vessel at the port. */
  inbound_eta_at: NullableTimestampSchema,
  /** Actual arrival of the container's vessel at the port. */
  inbound_ata_at: NullableTimestampSchema,
  /** Estimated departure of the container's next vessel from the port. */
  outbound_etd_at: NullableTimestampSchema,
  /** Actual departure of the container's next vessel from the port. */
  outbound_atd_at: NullableTimestampSchema,
  /** `POL`, `POD`, or `TS1`, `TS2`… for transshipment ports. */
  label: Label,
  /** When the shipment or container last changed, whichever is later. */
  updated_at: TimestampSchema,
});

/** Properties of a `past_vessel_locations` feature: the reported path of one leg. */
export const PastVesselLocationsPropertiesSchema = z.strictObject({
  /** The kind of feature. */
  feature_type: z.literal("past_vessel_locations"),
  /** The `ports_sequence` of the port the leg leaves. */
  ports_sequence: Sequence,
  /** The vessel that sailed the leg. */
  vessel_id: UuidSchema,
  /** Time of the first position of the line. */
  start_time: TimestampSchema,
  /** Time of the last position of the line. */
  end_time: TimestampSchema,
  /** How many positions the line has. */
  point_count: z.int().min(2),
  /** Actual departure from the leg's first port. */
  outbound_atd_at: NullableTimestampSchema,
  /** Actual arrival at the leg's last port, once arrived. */
  inbound_ata_at: NullableTimestampSchema,
  /** Estimated arrival at the leg's last port. */
  inbound_eta_at: NullableTimestampSchema,
});

/** Properties of the `current_vessel` feature (only while the container is at sea). */
export const CurrentVesselPropertiesSchema = z.strictObject({
  /** The kind of feature. */
  feature_type: z.literal("current_vessel"),
  /** The `ports_sequence` of the port the leg leaves. */
  ports_sequence: Sequence,
  /** The vessel carrying the container. */
  vessel_id: UuidSchema,
  /** The vessel's name. */
  vessel_name: z.string(),
  /** The vessel's IMO number, when known. */
  vessel_imo: z.string().nullable(),
  /** The voyage of the leg being sailed, when known. */
  voyage_number: z.string().nullable(),
  /** When the vessel was at this position. */
  vessel_location_timestamp: TimestampSchema,
  /** The vessel's heading in degrees, when reported. */
  vessel_location_heading: z.number().nullable(),
  /** The vessel's speed in knots, when reported. */
  vessel_location_speed: z.number().nullable(),
  /** The id of the port the vessel left. */
  departure_port_id: UuidSchema,
  /** The name of the port the vessel left. */
  departure_port_name: z.string(),
  /** Abbreviation of the departure port's state or province, when there is one. */
  departure_port_state_abbr: z.string().nullable(),
  /** The departure port's state or province, when there is one. */
  departure_port_state: z.string().nullable(),
  /** The departure port's ISO 3166 alpha-2 country code. */
  departure_port_country_code: z.string(),
  /** The departure port's country. */
  departure_port_country: z.string(),
  /** The departure port's label (`POL`, `TS1`…). */
  departure_port_label: Label,
  /** Actual departure from the departure port. */
  departure_port_atd: NullableTimestampSchema,
  /** The departure port's IANA time zone. */
  departure_port_time_zone: z.string(),
  /** The id of the port the vessel is sailing to. */
  arrival_port_id: UuidSchema,
  /** The name of the port the vessel is sailing to. */
  arrival_port_name: z.string(),
  /** Abbreviation of the arrival port's state or province, when there is one. */
  arrival_port_state_abbr: z.string().nullable(),
  /** The arrival port's state or province, when there is one. */
  arrival_port_state: z.string().nullable(),
  /** The arrival port's ISO 3166 alpha-2 country code. */
  arrival_port_country_code: z.string(),
  /** The arrival port's country. */
  arrival_port_country: z.string(),
  /** The arrival port's label (`POD`, `TS1`…). */
  arrival_port_label: Label,
  /** Estimated arrival at the arrival port. */
  arrival_port_eta: NullableTimestampSchema,
  /** The arrival port's IANA time zone. */
  arrival_port_time_zone: z.string(),
});

/** Properties of the `estimated_partial_leg` feature: from the vessel's position to the next port. */
export const EstimatedPartialLegPropertiesSchema = z.strictObject({
  /** The kind of feature. */
  feature_type: z.literal("estimated_partial_leg"),
  /** The `ports_sequence` of the port the leg leaves. */
  ports_sequence: Sequence,
  /** The port the vessel left (the leg's first port). */
  current_port_id: UuidSchema,
  /** The port the vessel is sailing to. */
  next_port_id: UuidSchema,
  /** How many positions the line has. */
  point_count: z.int().min(2),
});

/** Properties of an `estimated_full_legs` feature: the sea route of a leg not yet started. */
export const EstimatedFullLegsPropertiesSchema = z.strictObject({
  /** The kind of feature. */
  feature_type: z.literal("estimated_full_legs"),
  /** The `ports_sequence` of the port the leg leaves. */
  ports_sequence: Sequence,
  /** The leg's first port. */
  previous_port_id: UuidSchema,
  /** The leg's last port. */
  next_port_id: UuidSchema,
  /** How many positions the line has. */
  point_count: z.int().min(2),
});

const feature = <G extends z.ZodType, P extends z.ZodType>(geometry: G, properties: P, id: string) =>
  z
    .object({
      /** The GeoJSON object type. */
      type: z.literal("Feature"),
      /** Where the feature is drawn. */
      geometry,
      /** What the feature is; `feature_type` tells the kinds apart. */
      properties,
    })
    .meta({ id });

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
    /** The GeoJSON object type. */
    type: z.literal("FeatureCollection"),
    /** The features, ports first; empty without a known POL and POD. */
    features: z.array(z.union([PortFeatureSchema, PastVesselLocationsFeatureSchema, CurrentVesselFeatureSchema, EstimatedPartialLegFeatureSchema, EstimatedFullLegsFeatureSchema])),
  })
  .meta({ id: "ContainerMap" });

/** The container map collection. */
export interface ContainerMap extends z.infer<typeof ContainerMapSchema> {}
/** One feature of the container map. */
export type ContainerMapFeature = ContainerMap["features"][number];
/**
 * A `[longitude, latitude]` position of the map.
 * @useDeclaredType
 */
export type MapPosition = z.infer<typeof Position>;
