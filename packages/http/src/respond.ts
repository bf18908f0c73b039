import { createHash } from "node:crypto";
import type { Context } from "hono";
import { CACHE_CONTROL } from "./middleware/conditional-get.js";
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
  if (status === 200 && c.req.method === "GET") return jsonApiGet(c, text, `"${createHash("sha1").update(text).digest("hex")}"`);
  return c.body(text, status as ContentfulStatusCode, { "content-type": JSON_API });
}

/**
 * Sends the JSON:API text (or its UTF-8 bytes) of a successful GET with its `ETag` and
 * `Cache-Control`, and notes them for the conditional-GET middleware and the response cache (so
 * neither reads the headers back).
 */
export function jsonApiGet(c: Context, body: string | Uint8Array<ArrayBuffer>, etag: string): Response {
  if (typeof body === "string") c.set("responseText", body);
  c.set("etag", etag);
  return c.body(body, 200, { "content-type": JSON_API, etag, "cache-control": CACHE_CONTROL });
}
