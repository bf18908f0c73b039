import type { Context } from "hono";

const STATUS_TEXT: Readonly<Record<number, string>> = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 413: "Payload Too Large", 415: "Unsupported Media Type", 500: "Internal Server Error" };

/** Answers with the standard's error body (`error` schema). */
export function dcsaError(c: Context, status: 400 | 401 | 404 | 413 | 415 | 500, reason: string, message: string): Response {
  const url = new URL(c.req.url);
  c.header("API-Version", "2.2.0");
  return c.json(
    { httpMethod: c.req.method, requestUri: url.pathname + url.search, statusCode: status, statusCodeText: STATUS_TEXT[status], errorDateTime: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"), errors: [{ reason, message }] },
    status,
  );
}

/**
 * The DCSA standards' response header names, in their spelling (`startServer`'s `headerNames`):
 * HTTP names are case-insensitive, but DCSA's conformance kit reads `Next-Page-Cursor` as spelled.
 */
export const DCSA_HEADER_NAMES: readonly string[] = ["API-Version", "Next-Page-Cursor", "Next-Page", "Current-Page", "First-Page", "Prev-Page", "Last-Page"];
