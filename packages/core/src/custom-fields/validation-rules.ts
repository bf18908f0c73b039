import type { CustomFieldDataType, CustomFieldValidation } from "../domain/index.js";
import type { DateFormat } from "./date-format.js";
import { parseDateInput, parseDateTimeInput } from "./date-type.js";
import { IssueList, valueError, VALUE_PATH } from "./field-errors.js";
import { decimalApiValue, decimalFromStored, parseDecimal, storedDecimal } from "./number-type.js";
import { compilePattern, PATTERN_INPUT_MAX_LENGTH, unsafePatternReason } from "./safe-pattern.js";
import type { FieldPath } from "../errors/index.js";

/** The most characters (code points) a short_text value may have, whatever its `max_length`. */
export const SHORT_TEXT_MAX_LENGTH = 1024;

const RULES_BY_TYPE: Record<keyof CustomFieldValidation, readonly CustomFieldDataType[] | "all"> = {
  required: "all",
  pattern: ["short_text"],
  max_length: ["short_text"],
  min: ["number", "date", "datetime"],
  max: ["number", "date", "datetime"],
};

/** The length of a text as users count it: code points, not UTF-16 units. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

function boundStored(dataType: CustomFieldDataType, bound: string | number, format: DateFormat, path: FieldPath): string {
  if (dataType === "number") return storedDecimal(parseDecimal(bound, path));
  if (typeof bound !== "string") throw valueError("wrong_type", `A ${dataType} bound is a ${dataType} string`, path);
  return dataType === "date" ? parseDateInput(bound, format.pattern, path) : parseDateTimeInput(bound, format, path);
}

/**
 * Checks a definition's `validation` against its data type and returns it in canonical form
 * (bounds as stored values: numbers exact, dates `YYYY-MM-DD`, datetimes ISO UTC), or throws a 422
 * listing every problem under `/data/attributes/validation/<rule>`:
 * - `required` applies to every type; `pattern` and `max_length` (1 to 1024) to short_text;
 *   `min`/`max` to number, date and datetime, with min ≤ max. Other combinations are `not_supported`;
 * - a `pattern` must be safe to run (see `unsafePatternReason`), else `unsafe_pattern`.
 */
export function normalizeValidation(dataType: CustomFieldDataType, validation: CustomFieldValidation | null, format: DateFormat): CustomFieldValidation | null {
  if (validation === null) return null;
  const issues = new IssueList();
  const out: CustomFieldValidation = {};
  for (const [rule, value] of Object.entries(validation) as [keyof CustomFieldValidation, unknown][]) {
    if (value === undefined) continue;
    const types = RULES_BY_TYPE[rule];
    if (types !== "all" && !types.includes(dataType)) {
      issues.add("not_supported", `The ${rule} rule does not apply to ${dataType} fields`, ["validation", rule]);
    }
  }
  if (issues.issues.length > 0) issues.throwIfAny();
  if (validation.required !== undefined) out.required = validation.required;
  if (validation.max_length !== undefined) {
    if (validation.max_length > SHORT_TEXT_MAX_LENGTH) issues.add("out_of_range", `max_length is at most ${SHORT_TEXT_MAX_LENGTH}`, ["validation", "max_length"]);
    else out.max_length = validation.max_length;
  }
  if (validation.pattern !== undefined) {
    const reason = unsafePatternReason(validation.pattern);
    if (reason) issues.add("unsafe_pattern", `The pattern ${reason}`, ["validation", "pattern"]);
    else out.pattern = validation.pattern;
  }
  for (const rule of ["min", "max"] as const) {
    const bound = validation[rule];
    if (bound === undefined) continue;
    const stored = issues.collect(() => boundStored(dataType, bound, format, ["validation", rule]));
    if (stored !== undefined) out[rule] = dataType === "number" ? decimalApiValue(stored) : stored;
  }
  if (out.min !== undefined && out.max !== undefined && compareBound(dataType, String(out.min), String(out.max)) > 0) {
    issues.add("out_of_range", "min is greater than max", ["validation", "min"]);
  }
  issues.throwIfAny();
  return out;
}

function compareBound(dataType: CustomFieldDataType, a: string, b: string): number {
  if (dataType === "number") return decimalFromStored(a).cmp(decimalFromStored(b));
  // Stored dates and ISO timestamps are fixed-width, so text order is time order.
  return a < b ? -1 : a > b ? 1 : 0;
}

const PATTERN_CACHE_LIMIT = 256;
const patternCache = new Map<string, RegExp>();

function compiled(source: string): RegExp {
  let regex = patternCache.get(source);
  if (!regex) {
    if (patternCache.size >= PATTERN_CACHE_LIMIT) patternCache.clear();
    regex = compilePattern(source);
    patternCache.set(source, regex);
  }
  return regex;
}

/**
 * Applies a definition's rules to a non-empty stored value (see `typeValue`): `too_long` over
 * `max_length` code points or over 256 code points when there is a pattern (values are not matched
 * beyond that), `pattern_mismatch` when the pattern does not match the whole value (empty text is
 * not checked), `out_of_range` below `min` or above `max`.
 */
export function applyValidation(dataType: CustomFieldDataType, validation: CustomFieldValidation | null, stored: string, path: FieldPath = VALUE_PATH): void {
  if (!validation) return;
  if (dataType === "short_text") {
    const length = textLength(stored);
    if (validation.max_length !== undefined && length > validation.max_length) {
      throw valueError("too_long", `The value has ${length} characters; at most ${validation.max_length} are allowed`, path);
    }
    if (validation.pattern !== undefined && stored !== "") {
      if (length > PATTERN_INPUT_MAX_LENGTH) throw valueError("too_long", `A value checked against a pattern has at most ${PATTERN_INPUT_MAX_LENGTH} characters`, path);
      if (!compiled(validation.pattern).test(stored)) throw valueError("pattern_mismatch", `The value does not match the pattern ${JSON.stringify(validation.pattern)}`, path);
    }
    return;
  }
  if (dataType !== "number" && dataType !== "date" && dataType !== "datetime") return;
  // Number bounds are kept as their API value; String() of it is the exact decimal (see decimalApiValue).
  if (validation.min !== undefined && compareBound(dataType, stored, String(validation.min)) < 0) {
    throw valueError("out_of_range", `The value is below the minimum ${String(validation.min)}`, path);
  }
  if (validation.max !== undefined && compareBound(dataType, stored, String(validation.max)) > 0) {
    throw valueError("out_of_range", `The value is above the maximum ${String(validation.max)}`, path);
  }
}
