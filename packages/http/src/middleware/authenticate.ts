import type { Tracker } from "@bollard/core";
import type { MiddlewareHandler } from "hono";

/** Resolves `Authorization: Token <key>` (or `Bearer <key>`) to a session; 401 otherwise. */
export function authenticate(tracker: Tracker): MiddlewareHandler {
  return async (c, next) => {
    const principal = await tracker.accounts.authenticate(c.req.header("authorization") ?? null);
    c.set("session", tracker.session(principal));
    await next();
  };
}
