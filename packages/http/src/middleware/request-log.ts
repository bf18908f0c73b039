import type { MiddlewareHandler } from "hono";
import { uuidv7 } from "@bollard/core";

/** One structured log line. Never holds keys, headers or bodies. */
export interface LogEntry {
  /** `info` for requests, `error` for unexpected errors. */
  level: "info" | "error";
  /** What the entry is about, e.g. `request`. */
  msg: string;
  [key: string]: unknown;
}

/** Gives each request an id (echoed as `X-Request-Id`) and logs method, path, route pattern, status and duration. */
export function requestLog(log: (entry: LogEntry) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = uuidv7();
    c.set("requestId", requestId);
    // Set before the handler runs: once a response exists, adding a header would rebuild it.
    c.header("x-request-id", requestId);
    await next();
    log({
      level: "info",
      msg: "request",
      request_id: requestId,
      method: c.req.method,
      path: c.req.path,
      // The matched route's pattern (`/v2/shipments/:id`): a label of bounded cardinality for metrics.
      route: c.get("cachedRoute") ?? c.req.routePath,
      status: c.res.status,
      ...(c.get("cachedRoute") !== undefined && { cache: "hit" }),
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  };
}
