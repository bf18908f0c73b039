import type { Principal, Session, Tracker } from "@bollard/core";
import type { Context, MiddlewareHandler } from "hono";

/** The Hono environment of routes behind {@link apiKeySession}: the caller's session. */
export type SessionEnv = { Variables: { session: Session } };

/**
 * Resolves the request's Bollard API key (`Authorization: Token <key>` or `Bearer <key>`) to a
 * session of its account and user, kept for the routes as `session`; answers `refuse(c)` (each DCSA
 * version's 401) when there is no valid key. One session per principal is kept while the key's
 * principal is remembered by core.
 */
export function apiKeySession(tracker: Tracker, refuse: (c: Context) => Response): MiddlewareHandler<SessionEnv> {
  const sessions = new WeakMap<Principal, Session>();
  return async (c, next) => {
    let principal: Principal;
    try {
      principal = await tracker.accounts.authenticate(c.req.header("authorization") ?? null);
    } catch {
      return refuse(c);
    }
    let session = sessions.get(principal);
    if (!session) sessions.set(principal, (session = tracker.session(principal)));
    c.set("session", session);
    await next();
  };
}
