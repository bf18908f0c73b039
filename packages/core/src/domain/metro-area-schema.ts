import { z } from "zod";
import { UuidSchema } from "./common-schema.js";
import { IanaTimeZoneSchema, UnLocodeSchema } from "./validators.js";

/**
 * The JSON:API attributes of a metro area: an inland destination (typically a rail ramp
 * city) keyed by UN/LOCODE. Global reference data; coordinates are numbers as in the spec.
 */
export const MetroAreaAttributesSchema = z.object({
  /** The metro area's name. */
  name: z.string().min(1),
  /** The metro area's UN/LOCODE. */
  code: UnLocodeSchema,
  /** Abbreviation of the state or province, when there is one. */
  state_abbr: z.string().min(1).nullable(),
  /** ISO 3166 alpha-2 country code. */
  country_code: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166 alpha-2 country code"),
  /** The metro area's IANA time zone. */
  time_zone: IanaTimeZoneSchema,
  /** Latitude in degrees. */
  latitude: z.number().min(-90).max(90),
  /** Longitude in degrees. */
  longitude: z.number().min(-180).max(180),
});

/** The JSON:API attributes of a metro area. */
export interface MetroAreaAttributes extends z.infer<typeof MetroAreaAttributesSchema> {}

/** A metro area record: its attributes plus a stable id (see `referenceId`). */
export const MetroAreaSchema = MetroAreaAttributesSchema.extend({
  /** The metro area's stable id. */
  id: UuidSchema,
});

/** A metro area record. */
export interface MetroArea extends z.infer<typeof MetroAreaSchema> {}
