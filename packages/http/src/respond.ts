import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The media type of every JSON:API response. */
export const JSON_API = "application/vnd.api+json";

/** Sends a JSON:API document (stringified once, sent as bytes). */
export function jsonApi(c: Context, status: number, document: unknown): Response {
  return c.body(JSON.stringify(document), status as ContentfulStatusCode, { "content-type": JSON_API });
}
