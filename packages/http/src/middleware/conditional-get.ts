import type { MiddlewareHandler } from "hono";
import { etag } from "hono/etag";

/**
 * Conditional GETs on the JSON:API: every successful GET carries an `ETag` (a hash of its body)
 * and `Cache-Control: private, no-cache`; a request whose `If-None-Match` names the current tag
 * gets `304 Not Modified` without a body. Pollers (the dashboard) ask again cheaply: nothing to
 * send, parse or redraw when nothing changed.
 */
export function conditionalGet(): MiddlewareHandler {
  const tag = etag();
  return async (c, next) => {
    await tag(c, async () => {
      await next();
      if (c.req.method === "GET" && c.res.ok && !c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "private, no-cache");
    });
  };
}
