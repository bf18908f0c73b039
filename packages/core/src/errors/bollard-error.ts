import { ERROR_CODES, type ErrorCode } from "./error-codes.js";

/**
 * Where in a caller's input a problem is, relative to that input: `["request_number"]`,
 * `["validation", "pattern"]`, `["positions", 3, "timestamp"]`. The HTTP API turns it into a
 * JSON pointer under the request's `data.attributes`.
 */
export type FieldPath = readonly (string | number)[];

/** Options for {@link BollardError}. */
export interface BollardErrorOptions {
  /** Where in the caller's input the problem is, relative to it (see {@link FieldPath}). */
  path?: FieldPath;
  /** The option or query parameter at fault, e.g. `include` or `page`. */
  parameter?: string;
  /**
   * An absolute JSON pointer into an HTTP request body, e.g. `/data/id`; for HTTP adapters,
   * which know the document's shape (core speaks in {@link FieldPath}s).
   */
  pointer?: string;
  /** Extra machine-readable details, returned as the error's `meta`. */
  meta?: Record<string, unknown>;
  /** The underlying error, kept for logs and never sent to clients. */
  cause?: unknown;
}

/**
 * The one base class of every error Bollard raises on purpose. It carries a stable
 * `code` from {@link ERROR_CODES}, the HTTP `status` that code maps to, a human `detail`,
 * and optionally where in the caller's input the problem is.
 */
export class BollardError extends Error {
  /** The stable machine-readable code; clients branch on this. */
  readonly code: ErrorCode;
  /** The HTTP status the code maps to. */
  readonly status: number;
  /** The code's short, fixed title (the status's reason phrase). */
  readonly title: string;
  /** What went wrong in this case, for people; also the error's `message`. */
  readonly detail: string;
  /** Where in the caller's input the problem is, relative to it; undefined when it is not in one field. */
  readonly path: FieldPath | undefined;
  /** The option or query parameter at fault, when the problem is in one. */
  readonly parameter: string | undefined;
  /** An absolute JSON pointer into an HTTP request body, set by HTTP adapters. */
  readonly pointer: string | undefined;
  /** Extra machine-readable details, returned as the error object's `meta`. */
  readonly meta: Record<string, unknown> | undefined;

  /**
   * @param code - One of {@link ERROR_CODES}; sets `status` and `title`.
   * @param detail - The human-readable explanation.
   * @param options - Where the problem is, extra `meta` and the underlying `cause`.
   */
  constructor(code: ErrorCode, detail: string, options: BollardErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.title = ERROR_CODES[code].title;
    this.detail = detail;
    this.path = options.path;
    this.parameter = options.parameter;
    this.pointer = options.pointer;
    this.meta = options.meta;
  }
}

/** Where an error points, as {@link BollardErrorOptions}: to copy an issue's location onto another error. */
export function locationOf(error: BollardError): Pick<BollardErrorOptions, "path" | "parameter" | "pointer"> {
  return {
    ...(error.path !== undefined && { path: error.path }),
    ...(error.parameter !== undefined && { parameter: error.parameter }),
    ...(error.pointer !== undefined && { pointer: error.pointer }),
  };
}

/** A request that names a record that does not exist or belongs to another account. */
export class NotFoundError extends BollardError {
  /**
   * @param detail - The human-readable explanation.
   * @param options - Where the problem is and extra `meta`.
   */
  constructor(detail = "The resource could not be found", options: BollardErrorOptions = {}) {
    super("not_found", detail, options);
  }
}

/** One or more field-level problems with a well-formed request (HTTP 422). */
export class ValidationError extends BollardError {
  /** Every problem found, so callers can report them all at once; the first is also `this`. */
  readonly issues: readonly BollardError[];

  /** @param issues - Every problem found; at least one, else a `TypeError` is thrown. */
  constructor(issues: readonly BollardError[]) {
    const first = issues[0];
    if (!first) throw new TypeError("ValidationError needs at least one issue");
    super(first.code, first.detail, { ...locationOf(first), ...(first.meta ? { meta: first.meta } : {}) });
    this.issues = issues;
  }
}

/** The caller is known but lacks the permission the action needs (HTTP 403). */
export class ForbiddenError extends BollardError {
  /** @param detail - The human-readable explanation. */
  constructor(detail = "You do not have permission to perform this action") {
    super("forbidden", detail);
  }
}

/** The caller could not be identified (HTTP 401). */
export class UnauthorizedError extends BollardError {
  /** @param detail - The human-readable explanation. */
  constructor(detail = "Invalid or missing API token.") {
    super("unauthorized", detail);
  }
}

/** True when `value` is a {@link BollardError} (also across duplicated module copies). */
export function isBollardError(value: unknown): value is BollardError {
  return value instanceof BollardError || (value instanceof Error && typeof (value as BollardError).code === "string" && typeof (value as BollardError).status === "number" && "detail" in value);
}
