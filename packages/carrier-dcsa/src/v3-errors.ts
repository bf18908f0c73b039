import type { Context } from "hono";
import type { DcsaFeedbackElement } from "./dcsa-v3-types.js";

/** The version every 3.0 answer names in its `API-Version` header. */
export const V3_API_VERSION = "3.0.0";

/**
 * Answers with the standard's 3.0 error body (`GetEventsError`, `PostEventsError`):
 * `{"feedbackElements":[{"severity":"ERROR","message":…,"propertyPath":…}]}`, and `API-Version: 3.0.0`.
 */
export function v3Error(c: Context, status: 400 | 401 | 403 | 404 | 413 | 500, message: string, propertyPath?: string): Response {
  c.header("API-Version", V3_API_VERSION);
  const element: DcsaFeedbackElement = { severity: "ERROR", message: message.slice(0, 5000), ...(propertyPath !== undefined && { propertyPath: propertyPath.slice(0, 1000) }) };
  return c.json({ feedbackElements: [element] }, status);
}

/** The 401 of the 3.0 routes that take an API key. */
export const v3Unauthorized = (c: Context): Response => v3Error(c, 401, "Send a Bollard API key as Authorization: Token <key>");
