import type { Principal, Session, Tracker } from "@bollard/core";
import type { MiddlewareHandler } from "hono";
import { requestHeader } from "../request/request-header.js";

/**
 * Resolves `Authorization: Token <key>` (or `Bearer <key>`) to a session; 401 otherwise.
 * Sessions are stateless, so one is reused for as long as the account service keeps returning the
 * same (cached) principal object instead of building every service again per request.
 */
export function authenticate(tracker: Tracker): MiddlewareHandler {
  const sessions = new WeakMap<Principal, Session>();
  return async (c, next) => {
    const principal = await tracker.accounts.authenticate(requestHeader(c, "authorization") ?? null);
    let session = sessions.get(principal);
    if (!session) sessions.set(principal, (session = tracker.session(principal)));
    c.set("session", session);
    await next();
  };
}
