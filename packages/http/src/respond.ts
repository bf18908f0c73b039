import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The media type of every JSON:API response. */
export const JSON_API = "application/vnd.api+json";

/** Sends a JSON:API document (stringified once, sent as bytes). */
export function jsonApi(c: Context, status: number, document: unknown): Response {
  return jsonApiText(c, status, JSON.stringify(document));
}

/**
 * Sends a JSON:API document that is already JSON text. A successful GET gets its `ETag` here, hashed
 * from the text at once: the conditional-GET middleware then only compares it (hashing a finished
 * response there means cloning its stream and an asynchronous digest, which cost two thirds of the
 * hottest route's throughput).
 */
export function jsonApiText(c: Context, status: number, text: string): Response {
  const headers: Record<string, string> = { "content-type": JSON_API };
  if (status === 200 && c.req.method === "GET") {
    headers.etag = `"${createHash("sha1").update(text).digest("hex")}"`;
    c.set("responseText", text);
  }
  return c.body(text, status as ContentfulStatusCode, headers);
}
