import { BollardError, ValidationError, type FieldPath } from "../errors/index.js";
import { quote, valueError, VALUE_PATH } from "./field-errors.js";

/** The part of an option that typing needs. */
export interface OptionChoice {
  /** The stored value. */
  value: string;
  /** The label displayed. */
  label: string;
}

/** Separates the values of an `enum_multi` field in storage; option values may not contain it. */
export const MULTI_SEPARATOR = ",";

function allowed(options: readonly OptionChoice[]): string {
  if (options.length === 0) return "the definition has no options yet";
  const shown = options.slice(0, 12).map((o) => JSON.stringify(o.value));
  return `allowed: ${shown.join(", ")}${options.length > shown.length ? ", …" : ""}`;
}

/** Reads an `enum` input: a string equal (exactly, case-sensitive) to one option value; stored as that value. */
export function parseEnumInput(input: unknown, options: readonly OptionChoice[], path: FieldPath = VALUE_PATH): string {
  if (typeof input !== "string") throw valueError("wrong_type", `An enum field takes one option value as a string, not ${quote(input)}`, path);
  if (!options.some((o) => o.value === input)) throw valueError("not_an_option", `${quote(input)} is not an option (${allowed(options)})`, path);
  return input;
}

/**
 * Reads an `enum_multi` input: an array of distinct strings, each equal to an option value, kept in
 * the order given; stored joined with commas (`""` for none). Every bad element is reported at its
 * own path (`["value", 2]`).
 */
export function parseEnumMultiInput(input: unknown, options: readonly OptionChoice[], path: FieldPath = VALUE_PATH): string {
  if (!Array.isArray(input)) throw valueError("wrong_type", `An enum_multi field takes an array of option values, not ${quote(input)}`, path);
  const issues: BollardError[] = [];
  const seen = new Set<string>();
  input.slice(0, 1000).forEach((item: unknown, index) => {
    const at = [...path, index];
    if (typeof item !== "string") issues.push(new BollardError("wrong_type", `Each value must be a string, not ${quote(item)}`, { path: at }));
    else if (!options.some((o) => o.value === item)) issues.push(new BollardError("not_an_option", `${quote(item)} is not an option (${allowed(options)})`, { path: at }));
    else if (seen.has(item)) issues.push(new BollardError("duplicate", `${quote(item)} is given twice`, { path: at }));
    else seen.add(item);
  });
  if (input.length > 1000) issues.push(new BollardError("too_long", "An enum_multi value lists at most 1000 options", { path }));
  if (issues.length > 0) throw new ValidationError(issues.slice(0, 20));
  return input.join(MULTI_SEPARATOR);
}

/** The values of a stored `enum_multi` text. */
export function splitMulti(stored: string): string[] {
  return stored === "" ? [] : stored.split(MULTI_SEPARATOR);
}

/** The label of an option value; a value whose option was deleted shows as itself. */
export function optionLabel(value: string, options: readonly OptionChoice[]): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
