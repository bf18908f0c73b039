import { createHash } from "node:crypto";
import { openApiWireText } from "@bollard/core/jsonapi";
import type { Context } from "hono";
import { CACHE_CONTROL } from "./middleware/conditional-get.js";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The media type of every JSON:API response. */
export const JSON_API = "application/vnd.api+json";

/** Sends a JSON:API document (stringified once, sent as bytes). */
export function jsonApi(c: Context, status: number, document: object): Response {
  return jsonApiText(c, status, JSON.stringify(document));
}

/**
 * Sends a JSON:API document that is already JSON text. A successful GET gets its `ETag` here, hashed
 * from its bytes at once: the conditional-GET middleware then only compares it (hashing a finished
 * response there means cloning its stream and an asynchronous digest, which cost two thirds of the
 * hottest route's throughput).
 */
export function jsonApiText(c: Context, status: number, text: string): Response {
  if (c.get("wireCompat") === "openapi") text = openApiWireText(text);
  if (status === 200 && c.req.method === "GET") return jsonApiGet(c, Buffer.from(text));
  return c.body(text, status as ContentfulStatusCode, { "content-type": JSON_API });
}

/**
 * Sends the JSON:API bytes of a successful GET with their `ETag` and `Cache-Control`, and notes
 * them for the conditional-GET middleware and the response cache (so neither reads the headers
 * back). The text is encoded once, here: hashed, kept and written as these bytes (as text, each of
 * the three encoded it again, and Node's adapter measured it once more for `Content-Length`).
 */
function jsonApiGet(c: Context, body: Uint8Array<ArrayBuffer>): Response {
  const etag = `"${createHash("sha1").update(body).digest("hex")}"`;
  c.set("responseBody", body);
  c.set("etag", etag);
  return c.body(body, 200, { "content-type": JSON_API, etag, "cache-control": CACHE_CONTROL });
}

/**
 * Sends a kept answer of the response cache: the UTF-8 bytes of a successful GET, with the headers
 * {@link jsonApiGet} gives it and the request's `X-Request-Id`.
 *
 * The response is built here with its headers as a plain object, which Node's HTTP adapter writes
 * as they are. Through `c.body`, Hono would copy them into a `Headers` (with the request id that the
 * request log set first) and the adapter would copy them back into an object: about a tenth of the
 * time of a cached shipment. The cache answers before any route runs, so the request id is the only
 * header set before it.
 */
export function keptJsonApi(c: Context, body: Uint8Array<ArrayBuffer>, etag: string): Response {
  c.set("etag", etag);
  return new Response(body, { status: 200, headers: keptHeaders(etag, c.get("requestId")) });
}

/** The headers of a response answered from the response cache (`cached-answers.ts` writes them too). */
export function keptHeaders(etag: string, requestId: string): Record<string, string> {
  return { "content-type": JSON_API, etag, "cache-control": CACHE_CONTROL, "x-request-id": requestId };
}
