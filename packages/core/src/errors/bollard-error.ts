import { ERROR_CODES, type ErrorCode } from "./error-codes.js";

/** Where in a request an error points: a JSON pointer into the body, or a query parameter. */
export type ErrorSource =
  | {
      /** A JSON pointer into the request body, e.g. `/data/attributes/request_number`. */
      pointer: string;
    }
  | {
      /** The query or path parameter at fault, e.g. `include`. */
      parameter: string;
    };

/** Options for {@link BollardError}. */
export interface BollardErrorOptions {
  /** A JSON pointer into the request body, e.g. `/data/attributes/request_number`. */
  pointer?: string;
  /** The query or path parameter at fault, e.g. `include`. */
  parameter?: string;
  /** Extra machine-readable details, returned as the error's `meta`. */
  meta?: Record<string, unknown>;
  /** The underlying error, kept for logs and never sent to clients. */
  cause?: unknown;
}

/**
 * The one base class of every error Bollard raises on purpose. It carries a stable
 * `code` from {@link ERROR_CODES}, the HTTP `status` that code maps to, a human `detail`,
 * and optionally where in the request the problem is.
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
  /** Where in the request the problem is, when it is in one place. */
  readonly source: ErrorSource | undefined;
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
    this.source =
      options.pointer !== undefined
        ? { pointer: options.pointer }
        : options.parameter !== undefined
          ? { parameter: options.parameter }
          : undefined;
    this.meta = options.meta;
  }
}

/** A request that names a record that does not exist or belongs to another account. */
export class NotFoundError extends BollardError {
  /**
   * @param detail - The human-readable explanation.
   * @param options - Where the problem is and extra `meta`.
   */
  constructor(detail = "The resource could not be found", options: BollardErrorOptions = {}) {
    super("NOT_FOUND", detail, options);
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
    super(first.code, first.detail, {
      ...(first.source && "pointer" in first.source ? { pointer: first.source.pointer } : {}),
      ...(first.source && "parameter" in first.source ? { parameter: first.source.parameter } : {}),
      ...(first.meta ? { meta: first.meta } : {}),
    });
    this.issues = issues;
  }
}

/** The caller is known but lacks the permission the action needs (HTTP 403). */
export class ForbiddenError extends BollardError {
  /** @param detail - The human-readable explanation. */
  constructor(detail = "You do not have permission to perform this action") {
    super("FORBIDDEN", detail);
  }
}

/** The caller could not be identified (HTTP 401). */
export class UnauthorizedError extends BollardError {
  /** @param detail - The human-readable explanation. */
  constructor(detail = "Invalid or missing API token.") {
    super("UNAUTHORIZED", detail);
  }
}

/** True when `value` is a {@link BollardError} (also across duplicated module copies). */
export function isBollardError(value: unknown): value is BollardError {
  return value instanceof BollardError || (value instanceof Error && typeof (value as BollardError).code === "string" && typeof (value as BollardError).status === "number" && "detail" in value);
}
