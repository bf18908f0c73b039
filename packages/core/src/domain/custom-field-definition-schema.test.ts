import { describe, expect, it } from "vitest";
import {
  ApiSlugSchema,
  CustomFieldDefinitionSchema,
  CustomFieldValidationSchema,
  type CustomFieldDefinition,
} from "./custom-field-definition-schema.js";

// The live `hazmat_indicator` template: container-scoped, so entity_type is "Cargo".
const definition: CustomFieldDefinition = {
  entity_type: "Cargo",
  api_slug: "hazmat_indicator",
  display_name: "Hazmat Indicator",
  description: "Whether the container carries dangerous goods",
  data_type: "boolean",
  reference_type: null,
  validation: null,
  default_format: null,
  default_value: false,
  created_at: "2024-01-02T03:04:05.678Z",
  updated_at: "2024-01-02T03:04:05.678Z",
  id: "0190a1b2-c3d4-7e5f-8a6b-600000000000",
  account_id: null,
  template_id: null,
};

describe("CustomFieldDefinitionSchema", () => {
  it("parses a service template", () => {
    expect(CustomFieldDefinitionSchema.parse(definition)).toEqual(definition);
  });

  it("parses an account definition with validation and a number format", () => {
    const own = {
      ...definition,
      entity_type: "Shipment",
      api_slug: "purchase_order_number",
      display_name: "PO Number",
      data_type: "short_text",
      validation: { required: true, pattern: "^PO-\\d+$", max_length: 32 },
      default_value: null,
      account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
      template_id: "0190a1b2-c3d4-7e5f-8a6b-600000000001",
    };
    expect(CustomFieldDefinitionSchema.safeParse(own).success).toBe(true);
    const ranged = { ...own, data_type: "number", validation: { min: 0, max: "1000.5" }, default_format: "0.00", default_value: 0 };
    expect(CustomFieldDefinitionSchema.safeParse(ranged).success).toBe(true);
    const multi = { ...own, data_type: "enum_multi", validation: null, default_value: ["fcl", "lcl"] };
    expect(CustomFieldDefinitionSchema.safeParse(multi).success).toBe(true);
  });

  it.each([
    ["the create-only Container entity type", { entity_type: "Container" }],
    ["an unknown data type", { data_type: "json" }],
    ["an empty display name", { display_name: "" }],
    ["a too long display name", { display_name: "x".repeat(256) }],
    ["an unknown validation rule", { validation: { required: true, unique: true } }],
    ["a zero max_length", { validation: { max_length: 0 } }],
    ["an object default", { default_value: { a: 1 } }],
    ["a missing updated_at", { updated_at: undefined }],
  ])("rejects %s", (_label, patch) => {
    expect(CustomFieldDefinitionSchema.safeParse({ ...definition, ...patch }).success).toBe(false);
  });
});

describe("ApiSlugSchema", () => {
  it.each(["incoterm", "purchase_order_number", "po2", "field_1"])("accepts %s", (slug) => {
    expect(ApiSlugSchema.safeParse(slug).success).toBe(true);
  });

  it.each(["", "PurchaseOrder", "1st_field", "po__number", "po_", "_po", "po-number", "x".repeat(65)])("rejects %j", (slug) => {
    expect(ApiSlugSchema.safeParse(slug).success).toBe(false);
  });

  it("accepts exactly 64 characters", () => {
    expect(ApiSlugSchema.safeParse("x".repeat(64)).success).toBe(true);
  });
});

describe("CustomFieldValidationSchema", () => {
  it("accepts an empty rule set", () => {
    expect(CustomFieldValidationSchema.parse({})).toEqual({});
  });
});
