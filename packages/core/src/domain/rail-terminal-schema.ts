import { z } from "zod";
import { UuidSchema } from "./common-schema.js";

/** The JSON:API attributes of a rail terminal (an inland rail ramp; global reference data). */
export const RailTerminalAttributesSchema = z.object({
  /** The rail terminal's name. */
  name: z.string().min(1),
  /** A short name the terminal is known by, when there is one. */
  nickname: z.string().min(1).nullable(),
  /** The US CBP FIRMS code, when it has one. */
  firms_code: z.string().min(1).nullable(),
});

/** The JSON:API attributes of a rail terminal. */
export interface RailTerminalAttributes extends z.infer<typeof RailTerminalAttributesSchema> {}

/**
 * A rail terminal record: attributes, a stable id, the port it serves (`null` for inland
 * ramps) and the metro area it lies in.
 */
export const RailTerminalSchema = RailTerminalAttributesSchema.extend({
  /** The rail terminal's stable id. */
  id: UuidSchema,
  /** The {@link Port} it serves; `null` for inland ramps. */
  port_id: UuidSchema.nullable(),
  /** The {@link MetroArea} it lies in, when known. */
  metro_area_id: UuidSchema.nullable(),
});

/** A rail terminal record. */
export interface RailTerminal extends z.infer<typeof RailTerminalSchema> {}
