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
  /** True when a value may not be set empty (`null`, `""` or `[]`). */
  required: z.boolean().optional(),
  /** A regular expression a `short_text` value must match. */
  pattern: z.string().optional(),
  /** The most characters a `short_text` value may have. */
  max_length: z.int().positive().optional(),
  /** The lowest `number`, `date` or `datetime` value allowed: a string for date and datetime bounds, a number for number bounds. */
  min: z.union([z.string(), z.number()]).optional(),
  /** The highest `number`, `date` or `datetime` value allowed, typed like `min`. */
  max: z.union([z.string(), z.number()]).optional(),
});

/** The validation rules of a custom field definition. */
export interface CustomFieldValidation extends z.infer<typeof CustomFieldValidationSchema> {}

/** A definition's default value, in the shape a value of its data type is accepted. */
export const CustomFieldDefaultValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/**
 * A definition's default value.
 * @useDeclaredType
 */
export type CustomFieldDefaultValue = z.infer<typeof CustomFieldDefaultValueSchema>;

/** The JSON:API attributes of a custom field definition. */
export const CustomFieldDefinitionAttributesSchema = z.object({
  /** Whether the field applies to shipments or containers (`Cargo`). */
  entity_type: CustomFieldEntityTypeSchema,
  /** The field's key in the API; unique within the account. */
  api_slug: ApiSlugSchema,
  /** The field's name as people see it. */
  display_name: z.string().min(1).max(255),
  /** A longer explanation of the field, if given. */
  description: z.string().nullable(),
  /** The type of the field's values. */
  data_type: CustomFieldDataTypeSchema,
  /** The resource type a `reference` field points at; required for `reference` (checked by the service), `null` otherwise. */
  reference_type: z.string().nullable(),
  /** Rules a value must pass, if any. */
  validation: CustomFieldValidationSchema.nullable(),
  /** How values are displayed: a number pattern (`0,0.00`) or date-fns tokens for dates. */
  default_format: z.string().nullable(),
  /** The value a new custom field takes when it is created without one. */
  default_value: CustomFieldDefaultValueSchema.nullable(),
  /** When the definition was created. */
  created_at: TimestampSchema,
  /** When the definition last changed. */
  updated_at: TimestampSchema,
  /** The template this definition was copied from, if any. */
  template_id: UuidSchema.nullable(),
});

/** The JSON:API attributes of a custom field definition. */
export interface CustomFieldDefinitionAttributes extends z.infer<typeof CustomFieldDefinitionAttributesSchema> {}

/** A stored custom field definition; `account_id` null marks a service-provided template. */
export const CustomFieldDefinitionSchema = CustomFieldDefinitionAttributesSchema.extend({
  /** The definition's id. */
  id: UuidSchema,
  /** The account that owns the definition; `null` for a template shared by all accounts. */
  account_id: UuidSchema.nullable(),
});

/** A stored custom field definition. */
export interface CustomFieldDefinition extends z.infer<typeof CustomFieldDefinitionSchema> {}
