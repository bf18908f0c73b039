import { describe, expect, it } from "vitest";
import type { CustomFieldDataType } from "../domain/index.js";
import { ValidationError } from "../errors/index.js";
import { settleDefinitionSettings, type DefinitionSettingsInput } from "./definition-rules.js";

const input = (data_type: CustomFieldDataType, extra: Partial<DefinitionSettingsInput> = {}): DefinitionSettingsInput => ({
  data_type,
  reference_type: null,
  validation: null,
  default_format: null,
  default_value: null,
  ...extra,
});

function issues(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((i) => `${i.code} ${i.path ? i.path.join("/") : ""}`);
  }
  throw new Error("expected a rejection");
}

describe("definition settings", () => {
  it("normalizes bounds and defaults to their stored forms", () => {
    expect(settleDefinitionSettings(input("number", { validation: { min: "-5.50", max: 1e3 }, default_format: "0,0.00", default_value: "12.5" }))).toEqual({
      reference_type: null,
      validation: { min: -5.5, max: 1000 },
      default_format: "0,0.00",
      default_value: 12.5,
    });
    expect(settleDefinitionSettings(input("date", { validation: { min: "Jan 1, 2020" }, default_value: "11/21/2026" }))).toMatchObject({
      validation: { min: "2020-01-01" },
      default_value: "2026-11-21",
    });
    expect(settleDefinitionSettings(input("datetime", { default_format: "Europe/Paris|dd/MM/yyyy HH:mm", default_value: "2026-11-21 10:00" }))).toMatchObject({
      default_value: "2026-11-21T09:00:00.000Z",
    });
    expect(settleDefinitionSettings(input("boolean", { default_value: "false" })).default_value).toBe(false);
    expect(settleDefinitionSettings(input("reference", { reference_type: "container" })).reference_type).toBe("container");
  });

  it("checks enum defaults by shape when there are no options yet, and against the options when given", () => {
    expect(settleDefinitionSettings(input("enum", { default_value: "FOB" })).default_value).toBe("FOB");
    expect(issues(() => settleDefinitionSettings(input("enum_multi", { default_value: ["a,b"] })))).toEqual(["wrong_type default_value"]);
    expect(issues(() => settleDefinitionSettings(input("enum", { default_value: "FOB" }), [{ value: "CIF", label: "CIF" }]))).toEqual(["not_an_option default_value"]);
  });

  it.each<[string, DefinitionSettingsInput, string[]]>([
    ["reference without reference_type", input("reference"), ["blank reference_type"]],
    ["reference to an unknown type", input("reference", { reference_type: "vessel" }), ["not_supported reference_type"]],
    ["reference_type on a number", input("number", { reference_type: "shipment" }), ["not_supported reference_type"]],
    ["a bad number format", input("number", { default_format: "#,##0.00" }), ["invalid default_format"]],
    ["a moment.js date format", input("date", { default_format: "YYYY-MM-DD" }), ["invalid default_format"]],
    ["a zone on a date", input("date", { default_format: "UTC|yyyy" }), ["invalid default_format"]],
    ["a format on text", input("short_text", { default_format: "0.00" }), ["not_supported default_format"]],
    ["a pattern on a number", input("number", { validation: { pattern: "\\d+" } }), ["not_supported validation/pattern"]],
    ["min on text", input("short_text", { validation: { min: 1 } }), ["not_supported validation/min"]],
    ["an unsafe pattern", input("short_text", { validation: { pattern: "(a+)+$" } }), ["unsafe_pattern validation/pattern"]],
    ["a huge max_length", input("short_text", { validation: { max_length: 5000 } }), ["out_of_range validation/max_length"]],
    ["min above max", input("number", { validation: { min: 10, max: "9.99" } }), ["out_of_range validation/min"]],
    ["a date bound that is no date", input("date", { validation: { max: "soon" } }), ["wrong_type validation/max"]],
    ["a number bound out of range", input("number", { validation: { max: "1e13" } }), ["out_of_range validation/max"]],
    ["a default of the wrong type", input("number", { default_value: true }), ["wrong_type default_value"]],
    ["a default breaking its own rule", input("short_text", { validation: { max_length: 2 }, default_value: "abc" }), ["too_long default_value"]],
    ["a default on a reference", input("reference", { reference_type: "shipment", default_value: "x" }), ["not_supported default_value"]],
    [
      "several problems at once",
      input("number", { reference_type: "x", default_format: "nope", validation: { min: "x", max: "y" } }),
      ["not_supported reference_type", "invalid default_format", "wrong_type validation/min", "wrong_type validation/max"],
    ],
  ])("refuses %s", (_name, settings, expected) => {
    expect(issues(() => settleDefinitionSettings(settings))).toEqual(expected);
  });
});
