/**
 * The registry of every error code Bollard can return, with its HTTP status and title.
 * Codes are part of the API contract: add new ones, never rename or reuse one.
 */
export const ERROR_CODES = {
  // 400: malformed requests
  /** A malformed request that no more specific 400 code describes. */
  BAD_REQUEST: { /** HTTP status. */ status: 400, /** JSON:API error title. */ title: "Bad Request" },
  /** A query or path parameter is malformed or out of range; `source.parameter` names it. */
  INVALID_PARAMETER: { /** HTTP status. */ status: 400, /** JSON:API error title. */ title: "Bad Request" },
  /** `include` names a relationship the resource does not have. */
  INVALID_INCLUDE: { /** HTTP status. */ status: 400, /** JSON:API error title. */ title: "Bad Request" },
  /** The request body is not valid JSON (or not UTF-8). */
  MALFORMED_JSON: { /** HTTP status. */ status: 400, /** JSON:API error title. */ title: "Bad Request" },
  // 401 / 403: identity and permission
  /** No API key, or one that is unknown. */
  UNAUTHORIZED: { /** HTTP status. */ status: 401, /** JSON:API error title. */ title: "Unauthorized" },
  /** The key's user lacks the role the action needs (viewers cannot write). */
  FORBIDDEN: { /** HTTP status. */ status: 403, /** JSON:API error title. */ title: "Forbidden" },
  // 404 / 405
  /** The record does not exist in the caller's account. */
  NOT_FOUND: { /** HTTP status. */ status: 404, /** JSON:API error title. */ title: "Not Found" },
  /** No route matches the request path. */
  ROUTE_NOT_FOUND: { /** HTTP status. */ status: 404, /** JSON:API error title. */ title: "Not Found" },
  /** The path exists but not for this HTTP method. */
  METHOD_NOT_ALLOWED: { /** HTTP status. */ status: 405, /** JSON:API error title. */ title: "Method Not Allowed" },
  // 409: conflicts with stored state
  /** A write clashes with stored state: a taken id or unique key, or a missing referenced record. */
  CONFLICT: { /** HTTP status. */ status: 409, /** JSON:API error title. */ title: "Conflict" },
  // 413 / 415: request envelope
  /** The request body is over the size limit. */
  PAYLOAD_TOO_LARGE: { /** HTTP status. */ status: 413, /** JSON:API error title. */ title: "Payload Too Large" },
  /** The request body is not `application/json` or `application/vnd.api+json`. */
  UNSUPPORTED_MEDIA_TYPE: { /** HTTP status. */ status: 415, /** JSON:API error title. */ title: "Unsupported Media Type" },
  // 422: validation of a well-formed request
  /** The body is not the JSON:API document the route expects (e.g. no `data` object). */
  VALIDATION_FAILED: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A required value is missing or empty. */
  BLANK: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A value has the right type but is not acceptable (e.g. a container number failing its check digit). */
  INVALID: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A value that must be unique is already taken (a tracking request, an `api_slug`, an option value). */
  DUPLICATE: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A code Bollard does not know, such as an unknown SCAC. */
  NOT_RECOGNIZED: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A known value or combination Bollard does not support (an unsupported carrier, a rule for the wrong data type). */
  NOT_SUPPORTED: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** An attribute that cannot change after creation was given a new value. */
  IMMUTABLE: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** The body has an attribute the resource does not accept. */
  UNKNOWN_ATTRIBUTE: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** Data was sent for a shipment whose tracking is stopped. */
  TRACKING_STOPPED: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  // 422: custom field values and definitions, one code per reason a value is rejected
  /** No custom field definition or template has the `api_slug`. */
  UNKNOWN_SLUG: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** The custom field's definition is for the other entity type (shipment vs container). */
  WRONG_ENTITY_TYPE: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A custom field value is not of the definition's data type. */
  WRONG_TYPE: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** An `enum` or `enum_multi` value is not one of the definition's options. */
  NOT_AN_OPTION: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A text value is longer than allowed. */
  TOO_LONG: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A `short_text` value does not match the definition's `pattern`. */
  PATTERN_MISMATCH: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A value is outside the allowed bounds (the definition's `min`/`max`, or a built-in limit). */
  OUT_OF_RANGE: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** An empty value for a custom field whose definition requires one. */
  REQUIRED: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A value points at a record that does not exist (a `reference` custom field, a vessel by IMO or MMSI). */
  REFERENCE_NOT_FOUND: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A custom field `pattern` that could take too long to run (catastrophic backtracking). */
  UNSAFE_PATTERN: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  /** A webhook URL whose host is (or resolves to) a private, loopback or link-local address. */
  UNSAFE_URL: { /** HTTP status. */ status: 422, /** JSON:API error title. */ title: "Unprocessable Entity" },
  // 429
  /** The API key exceeded its request rate limit; retry after `Retry-After` seconds. */
  RATE_LIMITED: { /** HTTP status. */ status: 429, /** JSON:API error title. */ title: "Too Many Requests" },
  // 500 / 503
  /** An unexpected error; details are logged, never sent to the client. */
  INTERNAL: { /** HTTP status. */ status: 500, /** JSON:API error title. */ title: "Internal Server Error" },
  /** The storage cannot be reached or opened. */
  STORAGE_UNAVAILABLE: { /** HTTP status. */ status: 503, /** JSON:API error title. */ title: "Service Unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

/**
 * One of the stable error codes in {@link ERROR_CODES}.
 * @useDeclaredType
 */
export type ErrorCode = keyof typeof ERROR_CODES;
