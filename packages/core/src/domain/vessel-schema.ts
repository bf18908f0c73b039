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
  name: z.string().min(1),
  imo: ImoSchema.nullable(),
  mmsi: MmsiSchema,
  latitude: LatitudeSchema.nullable(),
  longitude: LongitudeSchema.nullable(),
  nautical_speed_knots: z.number().nonnegative().nullable(),
  navigational_heading_degrees: HeadingSchema.nullable(),
  position_timestamp: NullableTimestampSchema,
});

/** The JSON:API attributes of a vessel. */
export type VesselAttributes = z.infer<typeof VesselAttributesSchema>;

/** A stored vessel. Vessels are global reference data shared by all accounts. */
export const VesselSchema = VesselAttributesSchema.extend({
  id: UuidSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

/** A stored vessel. */
export type Vessel = z.infer<typeof VesselSchema>;

/** One item of a vessel's `positions` array as the API returns it; `estimated` marks forecasts. */
export const VesselPositionSchema = z.object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  heading: HeadingSchema.nullable(),
  timestamp: TimestampSchema,
  estimated: z.boolean(),
});

/** One item of a vessel's `positions` array. */
export type VesselPosition = z.infer<typeof VesselPositionSchema>;

/** A stored position report; `source` names the feed that reported it (e.g. `ais`). */
export const VesselPositionRecordSchema = z.object({
  vessel_id: UuidSchema,
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  heading: HeadingSchema.nullable(),
  speed_knots: z.number().nonnegative().nullable(),
  timestamp: TimestampSchema,
  source: z.string().min(1),
});

/** A stored position report. */
export type VesselPositionRecord = z.infer<typeof VesselPositionRecordSchema>;
