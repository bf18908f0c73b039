import { z } from "zod";
import { UuidSchema } from "./common-schema.js";

/** The JSON:API attributes of a rail terminal (an inland rail ramp; global reference data). */
export const RailTerminalAttributesSchema = z.object({
  name: z.string().min(1),
  nickname: z.string().min(1).nullable(),
  firms_code: z.string().min(1).nullable(),
});

/** The JSON:API attributes of a rail terminal. */
export type RailTerminalAttributes = z.infer<typeof RailTerminalAttributesSchema>;

/**
 * A rail terminal record: attributes, a stable id, the port it serves (`null` for inland
 * ramps) and the metro area it lies in.
 */
export const RailTerminalSchema = RailTerminalAttributesSchema.extend({
  id: UuidSchema,
  port_id: UuidSchema.nullable(),
  metro_area_id: UuidSchema.nullable(),
});

/** A rail terminal record. */
export type RailTerminal = z.infer<typeof RailTerminalSchema>;
