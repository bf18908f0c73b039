import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";
import { ApiSlugSchema } from "./custom-field-definition-schema.js";
import { CustomFieldTargetTypeSchema } from "./enums.js";

/** A custom field value as the API returns it; `reference` values are `{type, id}` linkage. */
export const CustomFieldValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.object({ type: z.string(), id: UuidSchema }),
  z.null(),
]);

/** A custom field value as the API returns it. */
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

/** The JSON:API attributes of a custom field (a value attached to a shipment or container). */
export const CustomFieldAttributesSchema = z.object({
  api_slug: ApiSlugSchema,
  value: CustomFieldValueSchema,
  display_value: z.string().nullable(),
});

/** The JSON:API attributes of a custom field. */
export type CustomFieldAttributes = z.infer<typeof CustomFieldAttributesSchema>;

/** A stored custom field value with its owner and definition. */
export const CustomFieldSchema = CustomFieldAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  definition_id: UuidSchema,
  entity_type: CustomFieldTargetTypeSchema,
  entity_id: UuidSchema,
  updated_by_user_id: UuidSchema.nullable(),
  /**
   * The canonical text form storage keeps (e.g. `"12.500000"` for a decimal(18,6) number),
   * so exact decimals never pass through a JS float.
   */
  stored_value: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

/** A stored custom field value. */
export type CustomField = z.infer<typeof CustomFieldSchema>;
