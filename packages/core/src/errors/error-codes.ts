/** The HTTP status and title an {@link ErrorCode} maps to. */
export interface ErrorCodeInfo<Status extends number = number> {
  /** The HTTP status of a response carrying the code. */
  readonly status: Status;
  /** The error object's `title`: the status's reason phrase (e.g. `Unprocessable Entity`). */
  readonly title: string;
}

/**
 * The registry of every error code Bollard can return, with its HTTP status and title.
 * Codes are lower-case snake_case as Terminal49 writes them, and Terminal49's own where it
 * documents one (`duplicate`, `blank`). They are part of the API contract: add new ones, never
 * rename or reuse one.
 */
export const ERROR_CODES = {
  // 400: malformed requests
  /** A malformed request that no more specific 400 code describes. */
  bad_request: { status: 400, title: "Bad Request" } as ErrorCodeInfo<400>,
  /** A query or path parameter is malformed or out of range; `source.parameter` names it. */
  invalid_parameter: { status: 400, title: "Bad Request" } as ErrorCodeInfo<400>,
  /** `include` names a relationship the resource does not have. */
  invalid_include: { status: 400, title: "Bad Request" } as ErrorCodeInfo<400>,
  /** The request body is not valid JSON (or not UTF-8). */
  malformed_json: { status: 400, title: "Bad Request" } as ErrorCodeInfo<400>,
  // 401 / 403: identity and permission
  /** No API key, or one that is unknown. */
  unauthorized: { status: 401, title: "Unauthorized" } as ErrorCodeInfo<401>,
  /** The key's user lacks the role the action needs (viewers cannot write). */
  forbidden: { status: 403, title: "Forbidden" } as ErrorCodeInfo<403>,
  // 404 / 405
  /** The record does not exist in the caller's account. */
  not_found: { status: 404, title: "Not Found" } as ErrorCodeInfo<404>,
  /** No route matches the request path. */
  route_not_found: { status: 404, title: "Not Found" } as ErrorCodeInfo<404>,
  /** The path exists but not for this HTTP method. */
  method_not_allowed: { status: 405, title: "Method Not Allowed" } as ErrorCodeInfo<405>,
  // 409: conflicts with stored state
  /** A write clashes with stored state: a taken id or unique key, or a missing referenced record. */
  conflict: { status: 409, title: "Conflict" } as ErrorCodeInfo<409>,
  // 413 / 415: request envelope
  /** The request body is over the size limit. */
  payload_too_large: { status: 413, title: "Payload Too Large" } as ErrorCodeInfo<413>,
  /** The request body is not `application/json` or `application/vnd.api+json`. */
  unsupported_media_type: { status: 415, title: "Unsupported Media Type" } as ErrorCodeInfo<415>,
  // 422: validation of a well-formed request
  /** The body is not the JSON:API document the route expects (e.g. no `data` object). */
  validation_failed: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A required value is missing or empty. */
  blank: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A value has the right type but is not acceptable (e.g. a container number failing its check digit). */
  invalid: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A value that must be unique is already taken (a tracking request, an `api_slug`, an option value). */
  duplicate: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A code Bollard does not know, such as an unknown SCAC. */
  not_recognized: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A known value or combination Bollard does not support (an unsupported carrier, a rule for the wrong data type). */
  not_supported: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** An attribute that cannot change after creation was given a new value. */
  immutable: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** The body has an attribute the resource does not accept. */
  unknown_attribute: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** Data was sent for a shipment whose tracking is stopped. */
  tracking_stopped: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  // 422: custom field values and definitions, one code per reason a value is rejected
  /** No custom field definition or template has the `api_slug`. */
  unknown_slug: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** The custom field's definition is for the other entity type (shipment vs container). */
  wrong_entity_type: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A custom field value is not of the definition's data type. */
  wrong_type: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** An `enum` or `enum_multi` value is not one of the definition's options. */
  not_an_option: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A text value is longer than allowed. */
  too_long: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A `short_text` value does not match the definition's `pattern`. */
  pattern_mismatch: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A value is outside the allowed bounds (the definition's `min`/`max`, or a built-in limit). */
  out_of_range: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** An empty value for a custom field whose definition requires one. */
  required: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A value points at a record that does not exist (a `reference` custom field, a vessel by IMO or MMSI). */
  reference_not_found: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A custom field `pattern` that could take too long to run (catastrophic backtracking). */
  unsafe_pattern: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  /** A webhook URL whose host is (or resolves to) a private, loopback or link-local address. */
  unsafe_url: { status: 422, title: "Unprocessable Entity" } as ErrorCodeInfo<422>,
  // 429
  /** The API key exceeded its request rate limit; retry after `Retry-After` seconds. */
  rate_limited: { status: 429, title: "Too Many Requests" } as ErrorCodeInfo<429>,
  // 500 / 503
  /** An unexpected error; details are logged, never sent to the client. */
  internal: { status: 500, title: "Internal Server Error" } as ErrorCodeInfo<500>,
  /** The storage cannot be reached or opened. */
  storage_unavailable: { status: 503, title: "Service Unavailable" } as ErrorCodeInfo<503>,
} as const satisfies Record<string, ErrorCodeInfo>;

/**
 * One of the stable error codes in {@link ERROR_CODES}.
 * @useDeclaredType
 */
export type ErrorCode = keyof typeof ERROR_CODES;
