import { z } from "zod";
import { UuidSchema } from "./common-schema.js";

const NullableText = z.string().min(1).nullable();

/** The kinds of facility a terminal can be, as the hosted service reports them. */
export const TerminalFacilityTypeSchema = z.enum(["ocean_terminal", "rail"]);

/** The kind of facility a terminal is. */
export type TerminalFacilityType = z.infer<typeof TerminalFacilityTypeSchema>;

/**
 * The JSON:API attributes of a terminal (global reference data). Codes and address parts are
 * `null` when unknown; `firms_code` is the US CBP FIRMS code (e.g. `N598`).
 */
export const TerminalAttributesSchema = z.object({
  name: z.string().min(1),
  nickname: NullableText,
  firms_code: NullableText,
  smdg_code: NullableText,
  bic_facility_code: NullableText,
  street: NullableText,
  city: NullableText,
  state: NullableText,
  state_abbr: NullableText,
  zip: NullableText,
  country: NullableText,
  facility_type: TerminalFacilityTypeSchema,
});

/** The JSON:API attributes of a terminal. */
export type TerminalAttributes = z.infer<typeof TerminalAttributesSchema>;

/** A terminal record: attributes, a stable id and the id of the port it belongs to. */
export const TerminalSchema = TerminalAttributesSchema.extend({
  id: UuidSchema,
  port_id: UuidSchema,
});

/** A terminal record. */
export type Terminal = z.infer<typeof TerminalSchema>;
