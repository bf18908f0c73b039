import { ForbiddenError, type Principal, type Session, type Tracker } from "@bollard/core";
import type { MiddlewareHandler } from "hono";
import { requestHeader } from "../request/request-header.js";

/**
 * Resolves `Authorization: Token <key>` (or `Bearer <key>`) to a session; 401 otherwise. An
 * `x-account-id` header (what the hosted service's SDK sends with a user token to pick the account)
 * must name the key's own account, any case: a Bollard key belongs to one account, so another id
 * is a 403 rather than an answer from the wrong account.
 * Sessions are stateless, so one is reused for as long as the account service keeps returning the
 * same (cached) principal object instead of building every service again per request.
 */
export function authenticate(tracker: Tracker): MiddlewareHandler {
  const sessions = new WeakMap<Principal, Session>();
  return async (c, next) => {
    const principal = await tracker.accounts.authenticate(requestHeader(c, "authorization") ?? null);
    const accountId = requestHeader(c, "x-account-id")?.trim();
    if (accountId && accountId.toLowerCase() !== principal.account.id.toLowerCase()) {
      throw new ForbiddenError(`This API key belongs to account ${principal.account.id}, not to the x-account-id ${accountId}`);
    }
    let session = sessions.get(principal);
    if (!session) sessions.set(principal, (session = tracker.session(principal)));
    c.set("session", session);
    await next();
  };
}
