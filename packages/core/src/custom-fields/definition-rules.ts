import type { CustomFieldDataType, CustomFieldDefaultValue, CustomFieldDefinition, CustomFieldValidation } from "../domain/index.js";
import { parseDateFormat, type DateFormat } from "./date-format.js";
import { MULTI_SEPARATOR, type OptionChoice } from "./enum-type.js";
import { IssueList } from "./field-errors.js";
import { parseNumberFormat } from "./number-format.js";
import { normalizeValidation } from "./validation-rules.js";
import { REFERENCE_TYPES, typeValue } from "./value-typing.js";

/** The settings of a definition that depend on its data type. */
export type DefinitionSettings = Pick<CustomFieldDefinition, "reference_type" | "validation" | "default_format" | "default_value">;

/** Settings as a create or patch request gives them (absent is null). */
export interface DefinitionSettingsInput {
  /** The definition's data type. */
  data_type: CustomFieldDataType;
  /** What a `reference` field points at. */
  reference_type: string | null;
  /** The validation rules given. */
  validation: CustomFieldValidation | null;
  /** The display format given. */
  default_format: string | null;
  /** The default value given. */
  default_value: CustomFieldDefaultValue | null;
}


function settleFormat(input: DefinitionSettingsInput, issues: IssueList): { format: string | null; date: DateFormat } {
  const none = { format: null, date: { zone: "UTC", pattern: null } };
  const { data_type: type, default_format: format } = input;
  if (format === null || format === "") return none;
  if (type === "number") {
    if (parseNumberFormat(format)) return { format, date: none.date };
    issues.add("invalid", 'default_format of a number is [prefix]0[,0][.00][[00]][suffix], e.g. "0,0.00", "0.000", "$0,0.00"', ["default_format"]);
    return none;
  }
  if (type === "date" || type === "datetime") {
    const parsed = parseDateFormat(format, type === "datetime");
    if (!("problem" in parsed)) return { format, date: parsed };
    issues.add("invalid", `default_format ${parsed.problem}`, ["default_format"]);
    return none;
  }
  issues.add("not_supported", `default_format applies only to number, date and datetime fields, not ${type}`, ["default_format"]);
  return none;
}

function enumDefaultShape(input: DefinitionSettingsInput, issues: IssueList): CustomFieldDefaultValue | null {
  const value = input.default_value;
  const path = ["default_value"];
  if (input.data_type === "enum" && typeof value !== "string") issues.add("wrong_type", "The default of an enum field is one option value", path);
  else if (input.data_type === "enum_multi" && !(Array.isArray(value) && new Set(value).size === value.length && value.every((v) => !v.includes(MULTI_SEPARATOR)))) {
    issues.add("wrong_type", "The default of an enum_multi field is an array of distinct option values", path);
  } else return value;
  return null;
}

/**
 * Checks and normalizes the type-dependent settings of a definition, reporting every problem
 * at once (422, each with the path of its attribute):
 * - `reference_type` is required for `reference` (one of shipment, container, tracking_request,
 *   user) and refused for other types;
 * - `default_format` applies to number (see `NumberFormat`), date and datetime (see `DateFormat`);
 * - `validation`: see `normalizeValidation`;
 * - `default_value` is typed like a value (and stored in its API form); refused for `reference`.
 *   For enum types it is checked against `options` when given (on update); a new definition has
 *   no options yet, so only its shape is checked and a value taking the default is typed in full.
 */
export function settleDefinitionSettings(input: DefinitionSettingsInput, options?: readonly OptionChoice[]): DefinitionSettings {
  const issues = new IssueList();
  const type = input.data_type;
  let referenceType: string | null = null;
  if (type === "reference") {
    if (input.reference_type === null || input.reference_type === "") issues.add("blank", "reference_type is required for a reference field", ["reference_type"]);
    else if (!(REFERENCE_TYPES as readonly string[]).includes(input.reference_type)) {
      issues.add("not_supported", `reference_type must be one of ${REFERENCE_TYPES.join(", ")}`, ["reference_type"]);
    } else referenceType = input.reference_type;
  } else if (input.reference_type !== null) {
    issues.add("not_supported", "reference_type applies only to reference fields", ["reference_type"]);
  }
  const { format, date } = settleFormat(input, issues);
  const validation = issues.collect(() => normalizeValidation(type, input.validation, date)) ?? null;
  let defaultValue: CustomFieldDefaultValue | null = null;
  if (input.default_value !== null && issues.issues.length === 0) {
    const settings = { data_type: type, validation, default_format: format, reference_type: referenceType };
    if (type === "reference") issues.add("not_supported", "A reference field has no default value", ["default_value"]);
    else if ((type === "enum" || type === "enum_multi") && options === undefined) defaultValue = enumDefaultShape(input, issues);
    else {
      const typed = issues.collect(() => typeValue(settings, input.default_value, { options: options ?? [], path: ["default_value"] }));
      defaultValue = (typed?.value as CustomFieldDefaultValue | undefined) ?? null;
    }
  }
  issues.throwIfAny();
  return { reference_type: referenceType, validation, default_format: format, default_value: defaultValue };
}
