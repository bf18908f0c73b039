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

/** What the log says of one answered request. */
export interface AnsweredRequest {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  /** The matched route's pattern (`/v2/shipments/:id`): a label of bounded cardinality for metrics. */
  readonly route: string;
  readonly status: number;
  /** Whether the response cache answered. */
  readonly cached: boolean;
  /** `performance.now()` when the request arrived. */
  readonly started: number;
}

/** The log entry of an answered request, as both the app and the response cache's Node fast path write it. */
export function requestEntry(request: AnsweredRequest): LogEntry {
  return {
    level: "info",
    msg: "request",
    request_id: request.requestId,
    method: request.method,
    path: request.path,
    route: request.route,
    status: request.status,
    ...(request.cached && { cache: "hit" }),
    ms: Math.round((performance.now() - request.started) * 100) / 100,
  };
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
    const cachedRoute: string | undefined = c.get("cachedRoute");
    log(requestEntry({ requestId, method: c.req.method, path: c.req.path, route: cachedRoute ?? c.req.routePath, status: c.res.status, cached: cachedRoute !== undefined, started }));
  };
}
