import { describe, expect, it } from "vitest";
import type { CustomFieldDataType, CustomFieldValidation, CustomFieldValue } from "../domain/index.js";
import { ValidationError } from "../errors/index.js";
import { renderStored, typeValue, type FieldSettings } from "./value-typing.js";

const OPTIONS = [
  { value: "FOB", label: "Free on Board" },
  { value: "CIF", label: "Cost, Insurance and Freight" },
  { value: "EXW", label: "Ex Works" },
];
const UUID = "0190e7a0-1111-7000-8000-000000000001";

function settings(data_type: CustomFieldDataType, extra: Partial<FieldSettings> = {}): FieldSettings {
  return { data_type, validation: null, default_format: null, reference_type: data_type === "reference" ? "shipment" : null, ...extra };
}

type Valid = [input: unknown, value: CustomFieldValue, stored: string | null, display: string | null];
type Invalid = [input: unknown, code: string, path?: (string | number)[]];

interface TypeTable {
  settings: FieldSettings;
  valid: Valid[];
  invalid: Invalid[];
}

const TABLES: Record<string, TypeTable> = {
  short_text: {
    settings: settings("short_text", { validation: { max_length: 10, pattern: "PO-\\d+" } }),
    valid: [
      ["PO-1", "PO-1", "PO-1", "PO-1"],
      ["PO-1234567", "PO-1234567", "PO-1234567", "PO-1234567"],
      ["", "", "", ""],
      [null, null, null, null],
    ],
    invalid: [
      [12, "wrong_type"],
      [true, "wrong_type"],
      [["PO-1"], "wrong_type"],
      [{}, "wrong_type"],
      ["PO-12345678", "too_long"],
      ["po-1", "pattern_mismatch"],
      ["xPO-1", "pattern_mismatch"],
      ["a".repeat(2000), "too_long"],
    ],
  },
  number: {
    settings: settings("number", { default_format: "$0,0.00", validation: { min: -1000000, max: "999999999999.999999" } }),
    valid: [
      [1234.5, 1234.5, "1234.500000", "$1,234.50"],
      ["1234.5", 1234.5, "1234.500000", "$1,234.50"],
      [" 42 ", 42, "42.000000", "$42.00"],
      ["-0.125", -0.125, "-0.125000", "-$0.13"],
      ["0.0000005", 0.000001, "0.000001", "$0.00"],
      ["0.0000004", 0, "0.000000", "$0.00"],
      ["-0.0000004", 0, "0.000000", "$0.00"],
      ["1e3", 1000, "1000.000000", "$1,000.00"],
      [".5", 0.5, "0.500000", "$0.50"],
      ["123456789012.123456", "123456789012.123456", "123456789012.123456", "$123,456,789,012.12"],
      ["999999999999.9999994", "999999999999.999999", "999999999999.999999", "$1,000,000,000,000.00"],
      [0.1, 0.1, "0.100000", "$0.10"],
      [null, null, null, null],
      ["", null, null, null],
    ],
    invalid: [
      ["1,234.5", "wrong_type"],
      ["$12", "wrong_type"],
      ["12abc", "wrong_type"],
      ["NaN", "wrong_type"],
      ["Infinity", "wrong_type"],
      [Number.NaN, "wrong_type"],
      [true, "wrong_type"],
      [[1], "wrong_type"],
      ["1".repeat(80), "wrong_type"],
      ["1000000000000", "out_of_range"],
      ["999999999999.9999995", "out_of_range"],
      [1e21, "out_of_range"],
      ["1e9999", "out_of_range"],
      ["-1000000.000001", "out_of_range"],
    ],
  },
  date: {
    settings: settings("date", { validation: { min: "2000-01-01", max: "2099-12-31" } }),
    valid: [
      ["2026-11-21", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["2026-11-21T23:30:00-05:00", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["21 Nov 2026", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["21 november 2026", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["21-Nov-2026", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["Nov 21, 2026", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["November 21, 2026", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["11/21/2026", "2026-11-21", "2026-11-21", "2026-11-21"],
      ["2/3/2026", "2026-02-03", "2026-02-03", "2026-02-03"],
      ["2024-02-29", "2024-02-29", "2024-02-29", "2024-02-29"],
      ["21.11.2026", "2026-11-21", "2026-11-21", "2026-11-21"],
    ],
    invalid: [
      ["2026-02-29", "wrong_type"],
      ["2026-13-01", "wrong_type"],
      ["21/11/2026", "wrong_type"],
      ["tomorrow", "wrong_type"],
      ["26-11-21", "wrong_type"],
      [20261121, "wrong_type"],
      ["1999-12-31", "out_of_range"],
      ["2100-01-01", "out_of_range"],
    ],
  },
  datetime: {
    settings: settings("datetime"),
    valid: [
      ["2026-11-21T14:30:00Z", "2026-11-21T14:30:00.000Z", "2026-11-21T14:30:00.000Z", "2026-11-21 14:30:00"],
      ["2026-11-21T14:30:00+02:00", "2026-11-21T12:30:00.000Z", "2026-11-21T12:30:00.000Z", "2026-11-21 12:30:00"],
      ["2026-11-21 14:30", "2026-11-21T14:30:00.000Z", "2026-11-21T14:30:00.000Z", "2026-11-21 14:30:00"],
      ["2026-11-21T14:30:00.120000Z", "2026-11-21T14:30:00.120Z", "2026-11-21T14:30:00.120Z", "2026-11-21 14:30:00"],
      ["2026-11-21", "2026-11-21T00:00:00.000Z", "2026-11-21T00:00:00.000Z", "2026-11-21 00:00:00"],
      ["Nov 21, 2026 2:30 PM", "2026-11-21T14:30:00.000Z", "2026-11-21T14:30:00.000Z", "2026-11-21 14:30:00"],
      ["21 Nov 2026, 14:30:05", "2026-11-21T14:30:05.000Z", "2026-11-21T14:30:05.000Z", "2026-11-21 14:30:05"],
      ["11/21/2026 09:05", "2026-11-21T09:05:00.000Z", "2026-11-21T09:05:00.000Z", "2026-11-21 09:05:00"],
    ],
    invalid: [
      ["2026-11-21T24:00:00Z", "wrong_type"],
      ["2026-11-21T14:30:00.1234Z", "wrong_type"],
      ["2026-11-21T14:30:00+25:00", "wrong_type"],
      ["0999-12-31T23:00:00Z", "wrong_type"],
      [1700000000000, "wrong_type"],
      ["now", "wrong_type"],
    ],
  },
  boolean: {
    settings: settings("boolean"),
    valid: [
      [true, true, "true", "Yes"],
      [false, false, "false", "No"],
      ["true", true, "true", "Yes"],
      [" FALSE ", false, "false", "No"],
    ],
    invalid: [
      [1, "wrong_type"],
      [0, "wrong_type"],
      ["yes", "wrong_type"],
      [[true], "wrong_type"],
    ],
  },
  enum: {
    settings: settings("enum"),
    valid: [
      ["FOB", "FOB", "FOB", "Free on Board"],
      ["CIF", "CIF", "CIF", "Cost, Insurance and Freight"],
    ],
    invalid: [
      ["fob", "not_an_option"],
      ["DDP", "not_an_option"],
      ["Free on Board", "not_an_option"],
      [["FOB"], "wrong_type"],
      [3, "wrong_type"],
    ],
  },
  enum_multi: {
    settings: settings("enum_multi"),
    valid: [
      [["FOB", "EXW"], ["FOB", "EXW"], "FOB,EXW", "Free on Board, Ex Works"],
      [["CIF"], ["CIF"], "CIF", "Cost, Insurance and Freight"],
      [[], [], "", ""],
    ],
    invalid: [
      ["FOB", "wrong_type"],
      ["FOB,EXW", "wrong_type"],
      [["FOB", "DDP"], "not_an_option", ["value", 1]],
      [["FOB", "FOB"], "duplicate", ["value", 1]],
      [["FOB", 1], "wrong_type", ["value", 1]],
    ],
  },
  reference: {
    settings: settings("reference"),
    valid: [
      [{ type: "shipment", id: UUID }, { type: "shipment", id: UUID }, `shipment:${UUID}`, `shipment ${UUID}`],
      [{ type: "shipment", id: UUID.toUpperCase() }, { type: "shipment", id: UUID }, `shipment:${UUID}`, `shipment ${UUID}`],
    ],
    invalid: [
      [UUID, "wrong_type"],
      [{ type: "container", id: UUID }, "wrong_type", ["value", "type"]],
      [{ type: "shipment", id: "nope" }, "wrong_type", ["value", "id"]],
      [{ type: "shipment" }, "wrong_type"],
      [[UUID], "wrong_type"],
    ],
  },
};

function rejection(run: () => unknown): { code: string; path: readonly (string | number)[] | undefined } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const first = (error as ValidationError).issues[0]!;
    expect(first.status).toBe(422);
    return { code: first.code, path: first.path };
  }
  throw new Error("expected a rejection");
}

describe.each(Object.entries(TABLES))("typing %s values", (_type, table) => {
  it.each(table.valid)("accepts %j as value %j, stored %j, displayed %j", (input, value, stored, display) => {
    const typed = typeValue(table.settings, input, { options: OPTIONS });
    expect(typed).toEqual({ value, stored_value: stored, display_value: display });
    // What is stored renders back to the same value and display.
    expect(renderStored(table.settings, typed.stored_value, OPTIONS).value).toEqual(value);
  });

  it.each(table.invalid)("rejects %j with %s", (input, code, path) => {
    expect(rejection(() => typeValue(table.settings, input, { options: OPTIONS }))).toEqual({ code, path: path ?? ["value"] });
  });
});

describe("empty values", () => {
  const required: CustomFieldValidation = { required: true };
  it.each<[CustomFieldDataType, unknown]>([
    ["short_text", ""],
    ["short_text", "   "],
    ["number", null],
    ["date", ""],
    ["enum_multi", []],
    ["boolean", null],
  ])("%s: %j is required when the definition requires a value", (type, input) => {
    expect(rejection(() => typeValue(settings(type, { validation: required }), input, { options: OPTIONS })).code).toBe("required");
  });

  it("points rejections where asked (e.g. a definition's default_value)", () => {
    expect(rejection(() => typeValue(settings("number"), "x", { path: ["default_value"] })).path).toEqual(["default_value"]);
  });

  it("keeps the display of an enum value whose option is gone", () => {
    expect(renderStored(settings("enum"), "DDP", OPTIONS)).toEqual({ value: "DDP", display_value: "DDP" });
  });
});
