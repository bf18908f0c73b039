import type { CustomField, CustomFieldDefinition, CustomFieldOption } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { nextSerial, nowTimestamp } from "./fixture-values.js";

/** A short-text shipment field definition ("Customer PO") with a slug unique to this call. */
export function makeCustomFieldDefinition(accountId: string, overrides: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition {
  const n = nextSerial();
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    template_id: null,
    entity_type: "Shipment",
    api_slug: `customer_po_${n}`,
    display_name: `Customer PO ${n}`,
    description: "The purchase order number on the customer's booking",
    data_type: "short_text",
    reference_type: null,
    validation: { required: false, max_length: 64 },
    default_format: null,
    default_value: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** An option of an enum definition ("Priority"), with a value unique to this call. */
export function makeCustomFieldOption(accountId: string, definitionId: string, overrides: Partial<CustomFieldOption> = {}): CustomFieldOption {
  const n = nextSerial();
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    definition_id: definitionId,
    label: `Priority ${n}`,
    value: `priority_${n}`,
    position: n % 10,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A value of the definition on a shipment of its own (a fresh `entity_id`). */
export function makeCustomField(accountId: string, definitionId: string, overrides: Partial<CustomField> = {}): CustomField {
  const n = nextSerial();
  const now = nowTimestamp();
  const po = `PO-${88_000 + n}`;
  return {
    id: uuidv7(),
    account_id: accountId,
    definition_id: definitionId,
    entity_type: "shipment",
    entity_id: uuidv7(),
    api_slug: "customer_po",
    value: po,
    display_value: po,
    stored_value: po,
    updated_by_user_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
