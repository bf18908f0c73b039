import { BollardError, ValidationError, type ErrorCode, type FieldPath } from "../../errors/index.js";
import { nulPath } from "../../validation/input-validation.js";
import type { ScenarioDocument } from "./scenario-document.js";
import { ScenarioDocumentSchema } from "./scenario-document-schema.js";

/**
 * Validates a scenario document. Every problem is reported at once, as a {@link ValidationError}
 * (422) whose `issues` each carry the `path` of the field at fault (relative to the document, under
 * `at` when it is part of a larger input) and a detail naming it as a JSON pointer, such as
 * `legs/1/departure is before legs/0/arrival`. Unknown fields are `unknown_attribute`, empty
 * required text `blank`, anything else `invalid`.
 *
 * @example
 * const doc = parseScenarioDocument(JSON.parse(body), ["data", "attributes"]);
 */
export function parseScenarioDocument(input: unknown, at: FieldPath = []): ScenarioDocument {
  const nul = nulPath(input, at);
  if (nul) throw new ValidationError([new BollardError("invalid", `${nul.join("/")} must not contain a NUL character (\\u0000)`, { path: nul })]);
  const result = ScenarioDocumentSchema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.flatMap((issue): BollardError[] => {
    const relative = issue.path.map((part) => (typeof part === "number" ? part : String(part)));
    const pointer = relative.join("/") || "document";
    const path = [...at, ...relative];
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => new BollardError("unknown_attribute", `${relative.length > 0 ? `${pointer}/` : ""}${key} is not a field of a scenario document`, { path: [...path, key] }));
    }
    if (issue.code === "custom") {
      return [new BollardError("invalid", issue.message.startsWith(pointer) ? issue.message : `${pointer} ${issue.message}`, { path })];
    }
    const code: ErrorCode = issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1 ? "blank" : "invalid";
    return [new BollardError(code, code === "blank" ? `${pointer} can't be blank` : `${pointer}: ${issue.message}`, { path })];
  });
  throw new ValidationError(issues);
}
