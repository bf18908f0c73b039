import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The media type of every JSON:API response. */
export const JSON_API = "application/vnd.api+json";

/** Sends a JSON:API document (stringified once, sent as bytes). */
export function jsonApi(c: Context, status: number, document: unknown): Response {
  return jsonApiText(c, status, JSON.stringify(document));
}

/** Sends a JSON:API document that is already JSON text. */
export function jsonApiText(c: Context, status: number, text: string): Response {
  return c.body(text, status as ContentfulStatusCode, { "content-type": JSON_API });
}
