import { z } from "zod";
import { ProvidedDataSchema, UuidSchema } from "./common-schema.js";

const NullableText = z.string().min(1).nullable();

/** The kinds of facility a terminal can be, as the hosted service reports them. */
export const TerminalFacilityTypeSchema = z.enum(["ocean_terminal", "rail"]);

/**
 * The kind of facility a terminal is.
 * @useDeclaredType
 */
export type TerminalFacilityType = z.infer<typeof TerminalFacilityTypeSchema>;

/**
 * The JSON:API attributes of a terminal (global reference data). Codes and address parts are
 * `null` when unknown; `firms_code` is the US CBP FIRMS code (e.g. `N598`).
 */
export const TerminalAttributesSchema = z.object({
  /** The terminal's id, repeated among the attributes as the live service does. */
  id: UuidSchema,
  /** The terminal's name. */
  name: z.string().min(1),
  /** A short name the terminal is known by. */
  nickname: NullableText,
  /** The US CBP FIRMS code (e.g. `N598`). */
  firms_code: NullableText,
  /** The SMDG terminal code. */
  smdg_code: NullableText,
  /** The BIC facility code. */
  bic_facility_code: NullableText,
  /** Street address. */
  street: NullableText,
  /** City. */
  city: NullableText,
  /** State or province. */
  state: NullableText,
  /** Abbreviation of the state or province. */
  state_abbr: NullableText,
  /** Postal code. */
  zip: NullableText,
  /** Country. */
  country: NullableText,
  /** Whether it is an ocean terminal or a rail facility. */
  facility_type: TerminalFacilityTypeSchema,
  /**
   * Which container fields the terminal reports (`pickup_lfd: true`), each with a `_notes` string
   * beside it, as the live service lists them; records from before it read as `null`.
   */
  provided_data: ProvidedDataSchema.nullable().default(null),
});

/** The JSON:API attributes of a terminal. */
export interface TerminalAttributes extends z.infer<typeof TerminalAttributesSchema> {}

/** A terminal record: attributes, a stable id and the id of the port it belongs to. */
export const TerminalSchema = TerminalAttributesSchema.extend({
  /** The {@link Port} the terminal belongs to. */
  port_id: UuidSchema,
});

/** A terminal record. */
export interface Terminal extends z.infer<typeof TerminalSchema> {}
