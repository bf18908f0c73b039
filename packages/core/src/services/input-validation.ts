import { z } from "zod";
import { BollardError, ValidationError, type ErrorCode } from "../errors/index.js";

/**
 * Parses input at the core boundary with a zod schema and turns every issue into a 422 with a
 * JSON pointer (`pointerPrefix` + the issue's path, e.g. `/data/attributes/ref_numbers/0`).
 * Unknown keys of strict objects are `UNKNOWN_ATTRIBUTE`, empty required strings `BLANK`,
 * everything else `INVALID`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, pointerPrefix = "/data/attributes"): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.flatMap((issue): BollardError[] => {
    const base = `${pointerPrefix}${issue.path.map((part) => `/${String(part)}`).join("")}`;
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => new BollardError("UNKNOWN_ATTRIBUTE", `${key} is not an attribute that can be set here`, { pointer: `${base}/${key}` }));
    }
    const code: ErrorCode = issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1 ? "BLANK" : "INVALID";
    const name = issue.path.length > 0 ? String(issue.path.at(-1)) : "value";
    return [new BollardError(code, code === "BLANK" ? `${name} can't be blank` : `${name}: ${issue.message}`, { pointer: base })];
  });
  throw new ValidationError(issues);
}

/** A list of reference strings as users send them: trimmed, non-empty, at most 100 of 255 characters. */
export const ReferenceListSchema = z.array(z.string().trim().min(1).max(255)).max(100);

/** The keys of a patch that were actually given. */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
