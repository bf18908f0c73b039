/**
 * The registry of every error code Bollard can return, with its HTTP status and title.
 * Codes are part of the API contract: add new ones, never rename or reuse one.
 */
export const ERROR_CODES = {
  // 400: malformed requests
  BAD_REQUEST: { status: 400, title: "Bad Request" },
  INVALID_PARAMETER: { status: 400, title: "Bad Request" },
  INVALID_INCLUDE: { status: 400, title: "Bad Request" },
  MALFORMED_JSON: { status: 400, title: "Bad Request" },
  // 401 / 403: identity and permission
  UNAUTHORIZED: { status: 401, title: "Unauthorized" },
  FORBIDDEN: { status: 403, title: "Forbidden" },
  // 404 / 405
  NOT_FOUND: { status: 404, title: "Not Found" },
  ROUTE_NOT_FOUND: { status: 404, title: "Not Found" },
  METHOD_NOT_ALLOWED: { status: 405, title: "Method Not Allowed" },
  // 409: conflicts with stored state
  CONFLICT: { status: 409, title: "Conflict" },
  // 413 / 415: request envelope
  PAYLOAD_TOO_LARGE: { status: 413, title: "Payload Too Large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: "Unsupported Media Type" },
  // 422: validation of a well-formed request
  VALIDATION_FAILED: { status: 422, title: "Unprocessable Entity" },
  BLANK: { status: 422, title: "Unprocessable Entity" },
  INVALID: { status: 422, title: "Unprocessable Entity" },
  DUPLICATE: { status: 422, title: "Unprocessable Entity" },
  NOT_RECOGNIZED: { status: 422, title: "Unprocessable Entity" },
  NOT_SUPPORTED: { status: 422, title: "Unprocessable Entity" },
  IMMUTABLE: { status: 422, title: "Unprocessable Entity" },
  UNKNOWN_ATTRIBUTE: { status: 422, title: "Unprocessable Entity" },
  TRACKING_STOPPED: { status: 422, title: "Unprocessable Entity" },
  // 422: custom field values and definitions, one code per reason a value is rejected
  UNKNOWN_SLUG: { status: 422, title: "Unprocessable Entity" },
  WRONG_ENTITY_TYPE: { status: 422, title: "Unprocessable Entity" },
  WRONG_TYPE: { status: 422, title: "Unprocessable Entity" },
  NOT_AN_OPTION: { status: 422, title: "Unprocessable Entity" },
  TOO_LONG: { status: 422, title: "Unprocessable Entity" },
  PATTERN_MISMATCH: { status: 422, title: "Unprocessable Entity" },
  OUT_OF_RANGE: { status: 422, title: "Unprocessable Entity" },
  REQUIRED: { status: 422, title: "Unprocessable Entity" },
  REFERENCE_NOT_FOUND: { status: 422, title: "Unprocessable Entity" },
  UNSAFE_PATTERN: { status: 422, title: "Unprocessable Entity" },
  // 422: a webhook URL whose host is (or resolves to) a private, loopback or link-local address
  UNSAFE_URL: { status: 422, title: "Unprocessable Entity" },
  // 429
  RATE_LIMITED: { status: 429, title: "Too Many Requests" },
  // 500 / 503
  INTERNAL: { status: 500, title: "Internal Server Error" },
  STORAGE_UNAVAILABLE: { status: 503, title: "Service Unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

/** One of the stable error codes in {@link ERROR_CODES}. */
export type ErrorCode = keyof typeof ERROR_CODES;
