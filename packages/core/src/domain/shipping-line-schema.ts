import { z } from "zod";
import { ProvidedDataSchema, UuidSchema } from "./common-schema.js";
import { ScacSchema } from "./validators.js";

/**
 * The JSON:API attributes of a shipping line (ocean carrier; global reference data).
 * `alternative_scacs` lists other SCACs the carrier's documents may carry (MSCU also uses MEDU).
 */
export const ShippingLineAttributesSchema = z.object({
  /** The line's main SCAC. */
  scac: ScacSchema,
  /** The line's full name. */
  name: z.string().min(1),
  /** The line's short name (e.g. `Maersk`). */
  short_name: z.string().min(1),
  /** Other SCACs the line's documents may carry. */
  alternative_scacs: z.array(ScacSchema),
  /** True when shipments can be tracked by bill of lading number. */
  bill_of_lading_tracking_support: z.boolean(),
  /** True when shipments can be tracked by booking number. */
  booking_number_tracking_support: z.boolean(),
  /** True when shipments can be tracked by container number. */
  container_number_tracking_support: z.boolean(),
  /** The line's own tracking page, a template with `${BLNUM}` where the bill of lading number goes; `null` when unknown (records from before it read as `null`, as do the two below). */
  tracking_url: z.string().nullable().default(null),
  /** The line's contact page, when known. */
  contact_url: z.string().nullable().default(null),
  /** Which kinds of number the line's data is tracked by (`bill_of_lading`, `booking_number`, `container_number`). */
  provided_data: ProvidedDataSchema.nullable().default(null),
});

/** The JSON:API attributes of a shipping line. */
export interface ShippingLineAttributes extends z.infer<typeof ShippingLineAttributesSchema> {}

/** A shipping line record: its attributes plus a stable id (see `referenceId`). */
export const ShippingLineSchema = ShippingLineAttributesSchema.extend({
  /** The shipping line's stable id. */
  id: UuidSchema,
});

/** A shipping line record. */
export interface ShippingLine extends z.infer<typeof ShippingLineSchema> {}
