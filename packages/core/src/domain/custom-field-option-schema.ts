import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";

/** The JSON:API attributes of an option of an `enum`/`enum_multi` definition. */
export const CustomFieldOptionAttributesSchema = z.object({
  /** The option as people see it. */
  label: z.string().min(1).max(255),
  /** The stored value: unique per definition, and what values store (the label is only for display). */
  value: z.string().min(1).max(255),
  /** Sort position among the definition's options; `null` sorts last. */
  position: z.int().nullable(),
});

/** The JSON:API attributes of a custom field option. */
export interface CustomFieldOptionAttributes extends z.infer<typeof CustomFieldOptionAttributesSchema> {}

/** A stored custom field option. */
export const CustomFieldOptionSchema = CustomFieldOptionAttributesSchema.extend({
  /** The option's id. */
  id: UuidSchema,
  /** The account that owns the option. */
  account_id: UuidSchema,
  /** The definition the option belongs to. */
  definition_id: UuidSchema,
  /** When the option was created. */
  created_at: TimestampSchema,
  /** When the option last changed. */
  updated_at: TimestampSchema,
});

/** A stored custom field option. */
export interface CustomFieldOption extends z.infer<typeof CustomFieldOptionSchema> {}
