import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { ImoSchema, MmsiSchema } from "./validators.js";

const LatitudeSchema = z.number().min(-90).max(90);
const LongitudeSchema = z.number().min(-180).max(180);
const HeadingSchema = z.number().min(0).max(360);

/**
 * The JSON:API attributes of a vessel. Position fields are nullable because a vessel can be
 * known (from a schedule) before any AIS position report arrives.
 */
export const VesselAttributesSchema = z.object({
  /** The vessel's name. */
  name: z.string().min(1),
  /** The IMO number, when known. */
  imo: ImoSchema.nullable(),
  /** The nine-digit MMSI its AIS transponder reports. */
  mmsi: MmsiSchema,
  /** Latitude of the last reported position, in degrees. */
  latitude: LatitudeSchema.nullable(),
  /** Longitude of the last reported position, in degrees. */
  longitude: LongitudeSchema.nullable(),
  /** Speed over ground at the last report, in knots. */
  nautical_speed_knots: z.number().nonnegative().nullable(),
  /** Heading at the last report, in degrees from true north. */
  navigational_heading_degrees: HeadingSchema.nullable(),
  /** When the last position was reported. */
  position_timestamp: NullableTimestampSchema,
});

/** The JSON:API attributes of a vessel. */
export interface VesselAttributes extends z.infer<typeof VesselAttributesSchema> {}

/** A stored vessel. Vessels are global reference data shared by all accounts. */
export const VesselSchema = VesselAttributesSchema.extend({
  /** The vessel's id. */
  id: UuidSchema,
  /** When the vessel record was created. */
  created_at: TimestampSchema,
  /** When the vessel record last changed. */
  updated_at: TimestampSchema,
});

/** A stored vessel. */
export interface Vessel extends z.infer<typeof VesselSchema> {}

/** One item of a vessel's `positions` array as the API returns it; `estimated` marks forecasts. */
export const VesselPositionSchema = z.object({
  /** Latitude in degrees. */
  latitude: LatitudeSchema,
  /** Longitude in degrees. */
  longitude: LongitudeSchema,
  /** Heading in degrees from true north, when known. */
  heading: HeadingSchema.nullable(),
  /** When the vessel was (or is expected to be) there. */
  timestamp: TimestampSchema,
  /** True for a forecast position, false for a reported one. */
  estimated: z.boolean(),
});

/** One item of a vessel's `positions` array. */
export interface VesselPosition extends z.infer<typeof VesselPositionSchema> {}

/** A stored position report; `source` names the feed that reported it (e.g. `ais`). */
export const VesselPositionRecordSchema = z.object({
  /** The vessel reported. */
  vessel_id: UuidSchema,
  /** Latitude in degrees. */
  latitude: LatitudeSchema,
  /** Longitude in degrees. */
  longitude: LongitudeSchema,
  /** Heading in degrees from true north, when reported. */
  heading: HeadingSchema.nullable(),
  /** Speed over ground in knots, when reported. */
  speed_knots: z.number().nonnegative().nullable(),
  /** When the position was reported. */
  timestamp: TimestampSchema,
  /** The feed that reported it (e.g. `ais`). */
  source: z.string().min(1),
});

/** A stored position report. */
export interface VesselPositionRecord extends z.infer<typeof VesselPositionRecordSchema> {}
