import type { Principal, Session, Tracker } from "@bollard/core";
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

/**
 * Resolves `Authorization: Token <key>` (or `Bearer <key>`) to a session; 401 otherwise.
 * Sessions are stateless, so one is reused for as long as the account service keeps returning the
 * same (cached) principal object instead of building every service again per request.
 */
export function authenticate(tracker: Tracker): MiddlewareHandler {
  const sessions = new WeakMap<Principal, Session>();
  return async (c, next) => {
    const principal = await tracker.accounts.authenticate(authorizationHeader(c));
    let session = sessions.get(principal);
    if (!session) sessions.set(principal, (session = tracker.session(principal)));
    c.set("session", session);
    await next();
  };
}

/**
 * The `Authorization` header. On Node it is read from the incoming message: asking the Fetch
 * `Request` for one header makes @hono/node-server build a `Headers` object of all of them.
 */
function authorizationHeader(c: Context): string | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming.headers.authorization ?? null;
  return c.req.header("authorization") ?? null;
}
