import type { CustomFieldDefinition, CustomFieldOption, CustomFieldOptionAttributes } from "../domain/index.js";

/** A service-provided definition every account can use by slug, with its options. */
export interface CustomFieldTemplate {
  /** The template itself: `account_id` null, a fixed id that materialized copies keep as `template_id`. */
  definition: CustomFieldDefinition;
  /** The options of an enum template, in order; empty for other types. */
  options: readonly Required<Pick<CustomFieldOptionAttributes, "label" | "value">>[];
}

const CREATED = "2026-01-01T00:00:00.000Z";

function template(n: number, fields: Pick<CustomFieldDefinition, "api_slug" | "display_name" | "description" | "entity_type" | "data_type"> & Partial<CustomFieldDefinition>): CustomFieldDefinition {
  return {
    // Fixed ids: materialized copies point at them, so they must never change.
    id: `0190e7a0-0000-7000-8000-${String(n).padStart(12, "0")}`,
    account_id: null,
    template_id: null,
    reference_type: null,
    validation: null,
    default_format: null,
    default_value: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...fields,
  };
}

const text = (n: number, api_slug: string, display_name: string, description: string) =>
  ({ definition: template(n, { api_slug, display_name, description, entity_type: "Shipment", data_type: "short_text", validation: { max_length: 255 } }), options: [] }) as CustomFieldTemplate;

// Incoterms 2020: the eleven rules, in the order the ICC lists them.
const INCOTERMS: CustomFieldTemplate["options"] = [
  { value: "EXW", label: "Ex Works" },
  { value: "FCA", label: "Free Carrier" },
  { value: "CPT", label: "Carriage Paid To" },
  { value: "CIP", label: "Carriage and Insurance Paid To" },
  { value: "DAP", label: "Delivered at Place" },
  { value: "DPU", label: "Delivered at Place Unloaded" },
  { value: "DDP", label: "Delivered Duty Paid" },
  { value: "FAS", label: "Free Alongside Ship" },
  { value: "FOB", label: "Free on Board" },
  { value: "CFR", label: "Cost and Freight" },
  { value: "CIF", label: "Cost, Insurance and Freight" },
];

/** The service-provided templates (the upstream service's "Terminal49 templates"). */
export const CUSTOM_FIELD_TEMPLATES: readonly CustomFieldTemplate[] = [
  text(1, "purchase_order_number", "Purchase Order Number", "The buyer's purchase order number"),
  text(2, "sales_order_number", "Sales Order Number", "The seller's sales order number"),
  text(3, "packing_list_number", "Packing List Number", "The number of the packing list"),
  text(4, "customer_reference_number", "Customer Reference Number", "The customer's own reference"),
  text(5, "internal_id_number", "Internal ID Number", "An identifier from your own systems"),
  {
    definition: template(6, { api_slug: "incoterm", display_name: "Incoterm", description: "The Incoterms 2020 rule of the sale", entity_type: "Shipment", data_type: "enum" }),
    options: INCOTERMS,
  },
  {
    definition: template(7, {
      api_slug: "hazmat_indicator",
      display_name: "Hazmat Indicator",
      description: "Whether the container carries dangerous goods",
      entity_type: "Cargo",
      data_type: "boolean",
      default_value: false,
    }),
    options: [],
  },
];

/** The template with this slug, if there is one. */
export function findTemplate(apiSlug: string): CustomFieldTemplate | undefined {
  return CUSTOM_FIELD_TEMPLATES.find((t) => t.definition.api_slug === apiSlug);
}

/**
 * The account's own copy of a template (new ids, `template_id` set, timestamps `now`) and its
 * options numbered from position 1; the caller stores both in the transaction that first uses it.
 */
export function materializeTemplate(
  template: CustomFieldTemplate,
  accountId: string,
  now: string,
  newId: () => string,
): {
  /** The account's definition. */
  definition: CustomFieldDefinition;
  /** Its options. */
  options: CustomFieldOption[];
} {
  const definition: CustomFieldDefinition = {
    ...template.definition,
    validation: template.definition.validation ? { ...template.definition.validation } : null,
    id: newId(),
    account_id: accountId,
    template_id: template.definition.id,
    created_at: now,
    updated_at: now,
  };
  const options = template.options.map((o, i): CustomFieldOption => ({
    id: newId(),
    account_id: accountId,
    definition_id: definition.id,
    label: o.label,
    value: o.value,
    position: i + 1,
    created_at: now,
    updated_at: now,
  }));
  return { definition, options };
}
