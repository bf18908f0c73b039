import { z } from "zod";
import { BollardError, ValidationError, type ErrorCode, type FieldPath } from "../errors/index.js";
import { keysAt, meantKey, unknownKeyDetail } from "./unknown-keys.js";

/** How deep {@link nulPath} looks into an input; deeper inputs are refused by their schemas anyway. */
const NUL_SEARCH_DEPTH = 32;

/**
 * The path of the first string in `value` (or in one of its keys) that holds a NUL character, or
 * undefined. No storage keeps NUL faithfully (PostgreSQL refuses it in text), so Bollard refuses it
 * in every input, the same on every storage.
 */
export function nulPath(value: unknown, path: FieldPath = [], depth = 0): FieldPath | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (typeof value !== "object" || value === null || depth > NUL_SEARCH_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, index], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key];
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A 422 for an input holding a NUL character (see {@link nulPath}). */
function refuseNul(input: unknown, at: FieldPath): void {
  const path = nulPath(input, at);
  if (path) throw new ValidationError([new BollardError("invalid", `${path.length > 0 ? String(path.at(-1)) : "value"} must not contain a NUL character (\\u0000)`, { path })]);
}

/**
 * Parses a write's input at the core boundary with a zod schema. Every issue becomes a 422 whose
 * `path` is relative to the input (`["ref_numbers", 0]`), under `at` when the input is part of a larger one: unknown keys of strict objects are
 * `unknown_attribute` with a did-you-mean (`Unknown attribute "requestNumber"; did you mean
 * "request_number"?`), empty required strings `blank`, everything else `invalid`. A string holding
 * a NUL character anywhere in the input is `invalid` on its path.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, at: FieldPath = []): z.output<S> {
  refuseNul(input, at);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const relative = (path: readonly PropertyKey[]): FieldPath => path.map((part) => (typeof part === "number" ? part : String(part)));
  // Unknown keys come first: they explain the rest. The key a misspelling stands for is then
  // missing too, and that issue is the same mistake, so it is left out.
  const unknown: BollardError[] = [];
  const meant = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.code !== "unrecognized_keys") continue;
    const known = keysAt(schema, issue.path, input);
    for (const key of issue.keys) {
      const suggestion = meantKey(key, known);
      if (suggestion !== undefined) meant.add(JSON.stringify([...relative(issue.path), suggestion]));
      unknown.push(new BollardError("unknown_attribute", unknownKeyDetail(key, known), { path: [...at, ...relative(issue.path), key] }));
    }
  }
  const others = result.error.issues.flatMap((issue): BollardError[] => {
    if (issue.code === "unrecognized_keys") return [];
    if (issue.code === "invalid_type" && meant.has(JSON.stringify(relative(issue.path))) && valueAt(input, issue.path) === undefined) return [];
    const path = [...at, ...relative(issue.path)];
    const code: ErrorCode = issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1 ? "blank" : "invalid";
    const name = path.length > 0 ? String(path.at(-1)) : "value";
    return [new BollardError(code, code === "blank" ? `${name} can't be blank` : `${name}: ${issue.message}`, { path })];
  });
  throw new ValidationError([...unknown, ...others]);
}

/** The value at `path` of `value`, or undefined when the path leads nowhere. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let node = value;
  for (const part of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/**
 * Parses a read's options (filters) with a zod schema. An issue is a 400 `invalid_parameter` naming
 * the option (`status`, `createdAt.start`); the HTTP API names its query parameter instead.
 */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  const nul = nulPath(options);
  if (nul) throw new BollardError("invalid_parameter", `${nul.join(".")} must not contain a NUL character (\\u0000)`, { parameter: nul.join(".") });
  const result = schema.safeParse(options ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const keys = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]!] : issue.path;
  const parameter = keys.map(String).join(".") || "options";
  throw new BollardError("invalid_parameter", issue.code === "unrecognized_keys" ? `${parameter} is not an option of this read` : `${parameter}: ${issue.message}`, { parameter });
}

/** A list of reference strings as users send them: trimmed, non-empty, at most 100 of 255 characters. */
export const ReferenceListSchema = z.array(z.string().trim().min(1).max(255)).max(100);

/** The keys of a patch that were actually given. */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
