import { describe, expect, it } from "vitest";
import { CustomFieldSchema, CustomFieldValueSchema, type CustomField } from "./custom-field-schema.js";

const field: CustomField = {
  api_slug: "declared_value",
  value: 12.5,
  display_value: "12.50",
  id: "0190a1b2-c3d4-7e5f-8a6b-800000000000",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  definition_id: "0190a1b2-c3d4-7e5f-8a6b-600000000003",
  entity_type: "container",
  entity_id: "0190a1b2-c3d4-7e5f-8a6b-100000000000",
  updated_by_user_id: "0190a1b2-c3d4-7e5f-8a6b-400000000000",
  stored_value: "12.500000",
  created_at: "2024-07-01T06:00:00.000Z",
  updated_at: "2024-07-01T06:00:00.000Z",
};

describe("CustomFieldSchema", () => {
  it("parses a full record", () => {
    expect(CustomFieldSchema.parse(field)).toEqual(field);
  });

  it.each([
    ["short_text", "PO-88213"],
    ["boolean", true],
    ["enum_multi", ["fcl", "lcl"]],
    ["reference", { type: "shipment", id: "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b" }],
    ["cleared", null],
  ])("accepts a %s value", (_label, value) => {
    expect(CustomFieldSchema.safeParse({ ...field, value }).success).toBe(true);
  });

  it.each([
    ["a mixed array value", { value: ["a", 1] }],
    ["a reference without a uuid", { value: { type: "shipment", id: "1" } }],
    ["an unknown entity type", { entity_type: "Cargo" }],
    ["a bad slug", { api_slug: "Declared Value" }],
    ["a numeric stored value", { stored_value: 12.5 }],
    ["a missing definition", { definition_id: undefined }],
  ])("rejects %s", (_label, patch) => {
    expect(CustomFieldSchema.safeParse({ ...field, ...patch }).success).toBe(false);
  });
});

describe("CustomFieldValueSchema", () => {
  it("rejects undefined and arbitrary objects", () => {
    expect(CustomFieldValueSchema.safeParse(undefined).success).toBe(false);
    expect(CustomFieldValueSchema.safeParse({ amount: 1 }).success).toBe(false);
  });
});
