import { z } from "zod";
import { ProvidedDataSchema, UuidSchema } from "./common-schema.js";
import { IanaTimeZoneSchema, UnLocodeSchema } from "./validators.js";

/**
 * The JSON:API attributes of a port (global reference data, keyed by UN/LOCODE).
 *
 * `latitude` and `longitude` are numbers, as the API specification declares. The hosted
 * service returns them as strings (`"35.10162"`) in live data; Bollard follows the spec.
 */
export const PortAttributesSchema = z.object({
  /** The port's id, repeated among the attributes as the live service does. */
  id: UuidSchema,
  /** The port's name. */
  name: z.string().min(1),
  /** The port's UN/LOCODE. */
  code: UnLocodeSchema,
  /** Abbreviation of the state or province, when there is one. */
  state_abbr: z.string().min(1).nullable(),
  /** Name of the state or province, when there is one. */
  state: z.string().min(1).nullable(),
  /** The city, when known. */
  city: z.string().min(1).nullable(),
  /** ISO 3166 alpha-2 country code. */
  country_code: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166 alpha-2 country code"),
  /** The country's name. */
  country: z.string().min(1),
  /** The port's IANA time zone. */
  time_zone: IanaTimeZoneSchema,
  /** Latitude in degrees. */
  latitude: z.number().min(-90).max(90),
  /** Longitude in degrees. */
  longitude: z.number().min(-180).max(180),
  /** What Bollard's data for the port covers (`terminals`: whether its terminals are known); records from before it read as `null`. */
  provided_data: ProvidedDataSchema.nullable().default(null),
});

/** What the reference data states of a port: its attributes without the id and `provided_data` Bollard adds. */
export type PortSeed = Omit<PortAttributes, "id" | "provided_data">;

/** The JSON:API attributes of a port. */
export interface PortAttributes extends z.infer<typeof PortAttributesSchema> {}

/** A port record: its attributes, the stable id (see `referenceId`) among them. */
export const PortSchema = PortAttributesSchema;

/** A port record. */
export interface Port extends z.infer<typeof PortSchema> {}
