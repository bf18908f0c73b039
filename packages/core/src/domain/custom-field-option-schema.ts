import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";

/** The JSON:API attributes of an option of an `enum`/`enum_multi` definition. */
export const CustomFieldOptionAttributesSchema = z.object({
  label: z.string().min(1).max(255),
  // Unique per definition; this is what values store, the label is only for display.
  value: z.string().min(1).max(255),
  position: z.int().nullable(),
});

/** The JSON:API attributes of a custom field option. */
export type CustomFieldOptionAttributes = z.infer<typeof CustomFieldOptionAttributesSchema>;

/** A stored custom field option. */
export const CustomFieldOptionSchema = CustomFieldOptionAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  definition_id: UuidSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

/** A stored custom field option. */
export type CustomFieldOption = z.infer<typeof CustomFieldOptionSchema>;
