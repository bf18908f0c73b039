import { BollardError, ValidationError, isBollardError, type FieldPath } from "../errors/index.js";
import type { ErrorDocument, ErrorObject } from "./jsonapi-types.js";

/** How an HTTP API locates errors in its requests. */
export interface ErrorLocation {
  /**
   * The JSON pointer an error's input path goes under.
   * @default "/data/attributes"
   */
  pointerPrefix?: string;
  /** The query parameter name of each SDK option name that differs (`from` → `show_positions[from_timestamp]`). */
  parameters?: Readonly<Record<string, string>>;
}

/** The JSON pointer of an input path under `prefix` (RFC 6901: `~` and `/` in keys escaped). */
export function pointerOf(path: FieldPath, prefix = "/data/attributes"): string {
  return prefix + path.map((part) => `/${String(part).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/** One JSON:API error object for a {@link BollardError}. */
export function errorObject(error: BollardError, location: ErrorLocation = {}): ErrorObject {
  const object: ErrorObject = { status: String(error.status), title: error.title, detail: error.detail, code: error.code };
  if (error.pointer !== undefined) object.source = { pointer: error.pointer };
  else if (error.path !== undefined) object.source = { pointer: pointerOf(error.path, location.pointerPrefix) };
  // An option's item (`types.0`) is located at the option's query parameter.
  else if (error.parameter !== undefined) object.source = { parameter: location.parameters?.[error.parameter] ?? location.parameters?.[error.parameter.split(".")[0]!] ?? error.parameter };
  if (error.meta) object.meta = error.meta;
  return object;
}

/**
 * The JSON:API error document for any thrown value. Bollard errors keep their status,
 * code, detail and location (a {@link ValidationError} lists every issue); anything else is
 * an internal error whose details are never exposed.
 */
export function errorDocument(error: unknown, location: ErrorLocation = {}): ErrorDocument {
  if (error instanceof ValidationError) return { errors: error.issues.map((issue) => errorObject(issue, location)) };
  if (isBollardError(error)) return { errors: [errorObject(error, location)] };
  return { errors: [errorObject(new BollardError("internal", "An unexpected error occurred"))] };
}

/** The HTTP status for any thrown value (500 for anything that is not a Bollard error). */
export function errorStatus(error: unknown): number {
  return isBollardError(error) ? error.status : 500;
}
