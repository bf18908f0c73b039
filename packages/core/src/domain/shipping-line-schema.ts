import { z } from "zod";
import { UuidSchema } from "./common-schema.js";
import { ScacSchema } from "./validators.js";

/**
 * The JSON:API attributes of a shipping line (ocean carrier; global reference data).
 * `alternative_scacs` lists other SCACs the carrier's documents may carry (MSCU also uses MEDU).
 */
export const ShippingLineAttributesSchema = z.object({
  scac: ScacSchema,
  name: z.string().min(1),
  short_name: z.string().min(1),
  alternative_scacs: z.array(ScacSchema),
  bill_of_lading_tracking_support: z.boolean(),
  booking_number_tracking_support: z.boolean(),
  container_number_tracking_support: z.boolean(),
});

/** The JSON:API attributes of a shipping line. */
export type ShippingLineAttributes = z.infer<typeof ShippingLineAttributesSchema>;

/** A shipping line record: its attributes plus a stable id (see `referenceId`). */
export const ShippingLineSchema = ShippingLineAttributesSchema.extend({
  id: UuidSchema,
});

/** A shipping line record. */
export type ShippingLine = z.infer<typeof ShippingLineSchema>;
