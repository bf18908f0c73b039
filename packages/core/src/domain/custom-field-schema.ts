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
  z.object({
    /** The JSON:API type of the referenced record. */
    type: z.string(),
    /** The referenced record's id. */
    id: UuidSchema,
  }),
  z.null(),
]);

/**
 * A custom field value as the API returns it.
 * @useDeclaredType
 */
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

/** The JSON:API attributes of a custom field (a value attached to a shipment or container). */
export const CustomFieldAttributesSchema = z.object({
  /** The `api_slug` of the field's definition. */
  api_slug: ApiSlugSchema,
  /** The value in its API form (see {@link CustomFieldValue}). */
  value: CustomFieldValueSchema,
  /** The value formatted for display (with the definition's `default_format`, option labels for enums). */
  display_value: z.string().nullable(),
});

/** The JSON:API attributes of a custom field. */
export interface CustomFieldAttributes extends z.infer<typeof CustomFieldAttributesSchema> {}

/** A stored custom field value with its owner and definition. */
export const CustomFieldSchema = CustomFieldAttributesSchema.extend({
  /** The custom field's id. */
  id: UuidSchema,
  /** The account that owns the value. */
  account_id: UuidSchema,
  /** The definition the value is for. */
  definition_id: UuidSchema,
  /** The type of the record the value is attached to. */
  entity_type: CustomFieldTargetTypeSchema,
  /** The id of the record the value is attached to. */
  entity_id: UuidSchema,
  /** The user who last set the value, when known. */
  updated_by_user_id: UuidSchema.nullable(),
  /**
   * The canonical text form storage keeps (e.g. `"12.500000"` for a decimal(18,6) number),
   * so exact decimals never pass through a JS float.
   */
  stored_value: z.string().nullable(),
  /** When the value was first set. */
  created_at: TimestampSchema,
  /** When the value last changed. */
  updated_at: TimestampSchema,
});

/** A stored custom field value. */
export interface CustomField extends z.infer<typeof CustomFieldSchema> {}
