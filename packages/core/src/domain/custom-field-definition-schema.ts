import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";
import { CustomFieldDataTypeSchema, CustomFieldEntityTypeSchema } from "./enums.js";

/** A custom field's `api_slug`: lower-case snake case, so it is safe in paths and JSON keys. */
export const ApiSlugSchema = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, "must be lower-case snake_case starting with a letter");

/** The validation rules of a definition; unknown rule names are rejected rather than ignored. */
export const CustomFieldValidationSchema = z.strictObject({
  required: z.boolean().optional(),
  pattern: z.string().optional(),
  max_length: z.int().positive().optional(),
  // Strings for date/datetime bounds, numbers for number bounds.
  min: z.union([z.string(), z.number()]).optional(),
  max: z.union([z.string(), z.number()]).optional(),
});

/** The validation rules of a custom field definition. */
export type CustomFieldValidation = z.infer<typeof CustomFieldValidationSchema>;

/** A definition's default value, in the shape a value of its data type is accepted. */
export const CustomFieldDefaultValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/** A definition's default value. */
export type CustomFieldDefaultValue = z.infer<typeof CustomFieldDefaultValueSchema>;

/** The JSON:API attributes of a custom field definition. */
export const CustomFieldDefinitionAttributesSchema = z.object({
  entity_type: CustomFieldEntityTypeSchema,
  api_slug: ApiSlugSchema,
  display_name: z.string().min(1).max(255),
  description: z.string().nullable(),
  data_type: CustomFieldDataTypeSchema,
  // Required when data_type is `reference`; that cross-field rule is checked by the service.
  reference_type: z.string().nullable(),
  validation: CustomFieldValidationSchema.nullable(),
  default_format: z.string().nullable(),
  default_value: CustomFieldDefaultValueSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

/** The JSON:API attributes of a custom field definition. */
export type CustomFieldDefinitionAttributes = z.infer<typeof CustomFieldDefinitionAttributesSchema>;

/** A stored custom field definition; `account_id` null marks a service-provided template. */
export const CustomFieldDefinitionSchema = CustomFieldDefinitionAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema.nullable(),
  /** The template this definition was copied from, if any. */
  template_id: UuidSchema.nullable(),
});

/** A stored custom field definition. */
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>;
