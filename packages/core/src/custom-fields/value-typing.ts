import { UuidSchema, type CustomFieldDefinition, type CustomFieldValue } from "../domain/index.js";
import type { FieldPath } from "../errors/index.js";
import { parseDateFormat, formatStoredDate, formatStoredDateTime, type DateFormat } from "./date-format.js";
import { parseDateInput, parseDateTimeInput } from "./date-type.js";
import { optionLabel, parseEnumInput, parseEnumMultiInput, splitMulti, type OptionChoice } from "./enum-type.js";
import { quote, valueError, VALUE_PATH } from "./field-errors.js";
import { formatStoredDecimal, parseNumberFormat } from "./number-format.js";
import { decimalApiValue, parseDecimal, storedDecimal } from "./number-type.js";
import { applyValidation, SHORT_TEXT_MAX_LENGTH, textLength } from "./validation-rules.js";

/** A custom field value in its three forms. */
export interface TypedValue {
  /** What the API returns as `value` (see {@link typeValue} for each type). */
  value: CustomFieldValue;
  /** The canonical text storage keeps; null for an empty value. */
  stored_value: string | null;
  /** The text shown to people; null for an empty value. */
  display_value: string | null;
}

/** The parts of a definition that decide how its values are typed. */
export type FieldSettings = Pick<CustomFieldDefinition, "data_type" | "validation" | "default_format" | "reference_type">;

/** Options of {@link typeValue}. */
export interface TypeValueOptions {
  /** The definition's options (enum and enum_multi). */
  options?: readonly OptionChoice[];
  /** Where rejections point, in the write's input. @default ["value"] */
  path?: FieldPath;
}

/** The record types a `reference` definition can point at (its `reference_type`). */
export const REFERENCE_TYPES = ["shipment", "container", "tracking_request", "user"] as const;

/** A record type a `reference` field can point at. */
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

/** The date format of a definition (its `default_format` is validated when the definition is saved). */
export function dateFormatOf(settings: FieldSettings): DateFormat {
  const format = parseDateFormat(settings.default_format, settings.data_type === "datetime");
  return "problem" in format ? { zone: "UTC", pattern: null } : format;
}

function parseBoolean(input: unknown, path: FieldPath): string {
  if (typeof input === "boolean") return String(input);
  const text = typeof input === "string" ? input.trim().toLowerCase() : undefined;
  if (text === "true" || text === "false") return text;
  throw valueError("wrong_type", `A boolean field takes true or false, not ${quote(input)}`, path);
}

function parseReference(input: unknown, referenceType: string | null, path: FieldPath): string {
  const object = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  if (!object || typeof object.type !== "string" || typeof object.id !== "string") {
    throw valueError("wrong_type", `A reference field takes {"type": "${referenceType}", "id": "<uuid>"}, not ${quote(input)}`, path);
  }
  if (object.type !== referenceType) throw valueError("wrong_type", `This field references a ${referenceType}, not a ${quote(object.type)}`, [...path, "type"]);
  if (!UuidSchema.safeParse(object.id).success) throw valueError("wrong_type", `${quote(object.id)} is not a UUID`, [...path, "id"]);
  return `${object.type}:${object.id.toLowerCase()}`;
}

function parseStored(settings: FieldSettings, input: unknown, options: readonly OptionChoice[], path: FieldPath): string {
  switch (settings.data_type) {
    case "short_text": {
      if (typeof input !== "string") throw valueError("wrong_type", `A short_text field takes a string, not ${quote(input)}`, path);
      if (textLength(input) > SHORT_TEXT_MAX_LENGTH) throw valueError("too_long", `A short_text value has at most ${SHORT_TEXT_MAX_LENGTH} characters`, path);
      return input;
    }
    case "number":
      return storedDecimal(parseDecimal(input, path));
    case "date":
      return parseDateInput(input, dateFormatOf(settings).pattern, path);
    case "datetime":
      return parseDateTimeInput(input, dateFormatOf(settings), path);
    case "boolean":
      return parseBoolean(input, path);
    case "enum":
      return parseEnumInput(input, options, path);
    case "enum_multi":
      return parseEnumMultiInput(input, options, path);
    case "reference":
      return parseReference(input, settings.reference_type, path);
  }
}

/**
 * The API value and display text of a stored value. Used on every write and again when a
 * definition's `default_format` or an option's label changes, so displays follow the definition.
 * A reference is displayed as `<type> <id>` here; the service replaces that with the record's number.
 */
export function renderStored(settings: FieldSettings, stored: string | null, options: readonly OptionChoice[] = []): Pick<TypedValue, "value" | "display_value"> {
  if (stored === null) return { value: null, display_value: null };
  switch (settings.data_type) {
    case "short_text":
      return { value: stored, display_value: stored };
    case "number": {
      const format = settings.default_format === null ? null : parseNumberFormat(settings.default_format);
      return { value: decimalApiValue(stored), display_value: formatStoredDecimal(stored, format) };
    }
    case "date":
      return { value: stored, display_value: formatStoredDate(stored, dateFormatOf(settings).pattern) };
    case "datetime":
      return { value: stored, display_value: formatStoredDateTime(stored, dateFormatOf(settings)) };
    case "boolean":
      return { value: stored === "true", display_value: stored === "true" ? "Yes" : "No" };
    case "enum":
      return { value: stored, display_value: optionLabel(stored, options) };
    case "enum_multi": {
      const values = splitMulti(stored);
      return { value: values, display_value: values.map((v) => optionLabel(v, options)).join(", ") };
    }
    case "reference": {
      const [type = "", id = ""] = stored.split(":");
      return { value: { type, id }, display_value: `${type} ${id}` };
    }
  }
}

/**
 * Types a custom field input against its definition; throws a 422 (`/data/attributes/value` or
 * below) with a stable code otherwise. Per data type (value = API `value`, stored = `stored_value`):
 * - short_text: any string up to 1024 characters, kept as is; display as is;
 * - number: a JSON number or plain decimal text (`"1234.5"`, `".5"`, `"1e3"`) with at most 12
 *   integer digits, rounded half-up to 6 decimals; stored with six decimals (`"1234.500000"`); value
 *   a JSON number when its text is exactly the decimal, else the exact decimal string (see `decimalApiValue`);
 *   display per the number `default_format` (see `NumberFormat`);
 * - date: see `parseDateInput`; stored and valued `YYYY-MM-DD`; display that or per `default_format`;
 * - datetime: see `parseDateTimeInput`; stored and valued as an ISO UTC timestamp; display
 *   `YYYY-MM-DD HH:MM:SS` in UTC, or per `default_format` (and its zone);
 * - boolean: `true`/`false`, also as the strings `"true"`/`"false"` (any case); stored `"true"`/`"false"`;
 *   display `Yes`/`No`;
 * - enum: see `parseEnumInput`; display the option's label;
 * - enum_multi: see `parseEnumMultiInput`; value an array; display the labels joined with `, `;
 * - reference: `{type, id}` with `type` equal to the definition's `reference_type` (existence is
 *   checked by the service); stored `type:id`.
 * Empty input (`null`, a blank string, an empty enum_multi array) is `required` when the
 * definition requires a value; otherwise `null` (and a blank string on a non-text field) clears
 * the value, while short_text keeps `""` and enum_multi keeps `[]`.
 */
export function typeValue(settings: FieldSettings, input: unknown, options: TypeValueOptions = {}): TypedValue {
  const path = options.path ?? VALUE_PATH;
  const blank = typeof input === "string" && input.trim() === "";
  const empty = input === null || blank || (settings.data_type === "enum_multi" && Array.isArray(input) && input.length === 0);
  if (empty && settings.validation?.required) throw valueError("required", "A value is required", path);
  if (input === null || (blank && settings.data_type !== "short_text")) return { value: null, stored_value: null, display_value: null };
  const stored = parseStored(settings, input, options.options ?? [], path);
  applyValidation(settings.data_type, settings.validation, stored, path);
  return { ...renderStored(settings, stored, options.options ?? []), stored_value: stored };
}
