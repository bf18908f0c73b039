import { z } from "zod";
import { UuidSchema } from "./common-schema.js";
import { IanaTimeZoneSchema, UnLocodeSchema } from "./validators.js";

/**
 * The JSON:API attributes of a metro area: an inland destination (typically a rail ramp
 * city) keyed by UN/LOCODE. Global reference data; coordinates are numbers as in the spec.
 */
export const MetroAreaAttributesSchema = z.object({
  name: z.string().min(1),
  code: UnLocodeSchema,
  state_abbr: z.string().min(1).nullable(),
  country_code: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166 alpha-2 country code"),
  time_zone: IanaTimeZoneSchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** The JSON:API attributes of a metro area. */
export type MetroAreaAttributes = z.infer<typeof MetroAreaAttributesSchema>;

/** A metro area record: its attributes plus a stable id (see `referenceId`). */
export const MetroAreaSchema = MetroAreaAttributesSchema.extend({
  id: UuidSchema,
});

/** A metro area record. */
export type MetroArea = z.infer<typeof MetroAreaSchema>;
