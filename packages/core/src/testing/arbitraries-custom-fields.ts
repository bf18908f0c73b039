import fc from "fast-check";
import {
  CustomFieldDataTypeSchema,
  CustomFieldEntityTypeSchema,
  CustomFieldTargetTypeSchema,
  type CustomField,
  type CustomFieldDefinition,
  type CustomFieldOption,
  type CustomFieldValue,
} from "../domain/index.js";
import { apiSlugArb, doubleArb, intArb, nullable, textArb, timestampArb, uuidArb } from "./arbitrary-values.js";

const plain = { noNullPrototype: true } as const;
const boundArb = fc.oneof(textArb(), doubleArb());

/** Any valid custom field definition of the account, with every kind of validation and default. */
export function arbitraryCustomFieldDefinition(accountId: string): fc.Arbitrary<CustomFieldDefinition> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      template_id: nullable(uuidArb),
      entity_type: fc.constantFrom(...CustomFieldEntityTypeSchema.options),
      api_slug: apiSlugArb,
      display_name: textArb({ minLength: 1, maxLength: 255 }),
      description: nullable(textArb()),
      data_type: fc.constantFrom(...CustomFieldDataTypeSchema.options),
      reference_type: nullable(textArb()),
      validation: nullable(
        fc.record(
          { required: fc.boolean(), pattern: textArb(), max_length: intArb(1), min: boundArb, max: boundArb },
          { requiredKeys: [], noNullPrototype: true },
        ),
      ),
      default_format: nullable(textArb()),
      default_value: nullable(fc.oneof(textArb(), doubleArb(), fc.boolean(), fc.array(textArb(), { maxLength: 4 }))),
      created_at: timestampArb,
      updated_at: timestampArb,
    },
    plain,
  );
}

/** Any valid option of the definition, with or without a position. */
export function arbitraryCustomFieldOption(accountId: string, definitionId: string): fc.Arbitrary<CustomFieldOption> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      definition_id: fc.constant(definitionId),
      label: textArb({ minLength: 1, maxLength: 255 }),
      value: textArb({ minLength: 1, maxLength: 255 }),
      position: nullable(intArb()),
      created_at: timestampArb,
      updated_at: timestampArb,
    },
    plain,
  );
}

const valueArb: fc.Arbitrary<CustomFieldValue> = fc.oneof(
  textArb(),
  doubleArb(),
  fc.boolean(),
  fc.array(textArb(), { maxLength: 4 }),
  fc.record({ type: textArb(), id: uuidArb }, plain),
  fc.constant(null),
);

/** Any valid value of the definition, of every value shape, on any kind of record. */
export function arbitraryCustomField(accountId: string, definitionId: string): fc.Arbitrary<CustomField> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      definition_id: fc.constant(definitionId),
      entity_type: fc.constantFrom(...CustomFieldTargetTypeSchema.options),
      entity_id: uuidArb,
      api_slug: apiSlugArb,
      value: valueArb,
      display_value: nullable(textArb()),
      stored_value: nullable(fc.oneof(textArb(), fc.stringMatching(/^-?\d{1,12}\.\d{6}$/))),
      updated_by_user_id: nullable(uuidArb),
      created_at: timestampArb,
      updated_at: timestampArb,
    },
    plain,
  );
}

