import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { requestHeader } from "../request/request-header.js";

/** What a successful GET is sent with when its handler set no caching rule. */
export const CACHE_CONTROL = "private, no-cache";

/**
 * Conditional GETs on the JSON:API: every successful GET carries an `ETag` (a hash of its body)
 * and `Cache-Control: private, no-cache`; a request whose `If-None-Match` names the current tag
 * gets `304 Not Modified` without a body (with the tag, `Cache-Control` and `X-Request-Id` only). Pollers (the
 * dashboard) ask again cheaply: nothing to send, parse or redraw when nothing changed.
 *
 * JSON:API documents come tagged from `jsonApiText` (which hashed the text it sent), so their
 * headers are not read again here; other bodies (a map's GeoJSON) are hashed here, except those
 * sent with `Cache-Control: no-store` (exports, streamed as they are read).
 */
export function conditionalGet(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const ifNoneMatch = requestHeader(c, "if-none-match");
    await next();
    if (!c.res.ok) return;
    let tag = c.get("etag");
    if (tag === undefined) {
      // An answer that must not be stored (a streamed export) gets no tag: hashing it would read it
      // whole. (Asked only here: reading a tagged JSON:API answer's headers would reorder them.)
      if (c.res.headers.get("cache-control") === "no-store") return;
      tag = c.res.headers.get("etag") ?? `"${createHash("sha1").update(new Uint8Array(await c.res.clone().arrayBuffer())).digest("hex")}"`;
      c.res.headers.set("etag", tag);
      if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", CACHE_CONTROL);
    }
    if (ifNoneMatch === undefined || !matches(tag, ifNoneMatch)) return;
    const cacheControl = c.res.headers.get("cache-control");
    await c.res.body?.cancel();
    const requestId = c.get("requestId");
    // Unset first: assigning over a response would carry its headers into the 304.
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers: { etag: tag, ...(cacheControl && { "cache-control": cacheControl }), ...(requestId && { "x-request-id": requestId }) } });
  };
}

/** Whether `If-None-Match` (`*`, or a list of tags, weak or strong) names `tag`. */
function matches(tag: string, ifNoneMatch: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some((candidate) => candidate.replace(/^W\//, "") === tag);
}
