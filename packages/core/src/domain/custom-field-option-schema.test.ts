import { describe, expect, it } from "vitest";
import { CustomFieldOptionSchema, type CustomFieldOption } from "./custom-field-option-schema.js";

// An option of the live `incoterm` enum definition.
const option: CustomFieldOption = {
  label: "Free On Board",
  value: "FOB",
  position: 3,
  id: "0190a1b2-c3d4-7e5f-8a6b-700000000000",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  definition_id: "0190a1b2-c3d4-7e5f-8a6b-600000000002",
  created_at: "2024-01-02T03:04:05.678Z",
  updated_at: "2024-01-02T03:04:05.678Z",
};

describe("CustomFieldOptionSchema", () => {
  it("parses a full record, with or without a position", () => {
    expect(CustomFieldOptionSchema.parse(option)).toEqual(option);
    expect(CustomFieldOptionSchema.safeParse({ ...option, position: null }).success).toBe(true);
  });

  it.each([
    ["an empty label", { label: "" }],
    ["an empty value", { value: "" }],
    ["a too long value", { value: "v".repeat(256) }],
    ["a fractional position", { position: 1.5 }],
    ["a missing definition", { definition_id: undefined }],
  ])("rejects %s", (_label, patch) => {
    expect(CustomFieldOptionSchema.safeParse({ ...option, ...patch }).success).toBe(false);
  });
});
