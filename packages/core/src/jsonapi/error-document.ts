import { BollardError, ValidationError, isBollardError } from "../errors/index.js";
import type { ErrorDocument, ErrorObject } from "./jsonapi-types.js";

/** One JSON:API error object for a {@link BollardError}. */
export function errorObject(error: BollardError): ErrorObject {
  const object: ErrorObject = { status: String(error.status), title: error.title, detail: error.detail, code: error.code };
  if (error.source) object.source = error.source;
  if (error.meta) object.meta = error.meta;
  return object;
}

/**
 * The JSON:API error document for any thrown value. Bollard errors keep their status,
 * code, detail and source (a {@link ValidationError} lists every issue); anything else is
 * an internal error whose details are never exposed.
 */
export function errorDocument(error: unknown): ErrorDocument {
  if (error instanceof ValidationError) return { errors: error.issues.map(errorObject) };
  if (isBollardError(error)) return { errors: [errorObject(error)] };
  return { errors: [errorObject(new BollardError("INTERNAL", "An unexpected error occurred"))] };
}

/** The HTTP status for any thrown value (500 for anything that is not a Bollard error). */
export function errorStatus(error: unknown): number {
  return isBollardError(error) ? error.status : 500;
}
