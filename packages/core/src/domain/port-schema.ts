import { z } from "zod";
import { UuidSchema } from "./common-schema.js";
import { IanaTimeZoneSchema, UnLocodeSchema } from "./validators.js";

/**
 * The JSON:API attributes of a port (global reference data, keyed by UN/LOCODE).
 *
 * `latitude` and `longitude` are numbers, as the API specification declares. The hosted
 * service returns them as strings (`"35.10162"`) in live data; Bollard follows the spec.
 */
export const PortAttributesSchema = z.object({
  name: z.string().min(1),
  code: UnLocodeSchema,
  state_abbr: z.string().min(1).nullable(),
  state: z.string().min(1).nullable(),
  city: z.string().min(1).nullable(),
  country_code: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166 alpha-2 country code"),
  country: z.string().min(1),
  time_zone: IanaTimeZoneSchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** The JSON:API attributes of a port. */
export type PortAttributes = z.infer<typeof PortAttributesSchema>;

/** A port record: its attributes plus a stable id (see `referenceId`). */
export const PortSchema = PortAttributesSchema.extend({
  id: UuidSchema,
});

/** A port record. */
export type Port = z.infer<typeof PortSchema>;
