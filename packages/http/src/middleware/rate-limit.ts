import { BollardError } from "@bollard/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";

/** A request budget per API key: `limit` requests per `windowMs`. */
export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  /** The window's length in milliseconds. */
  windowMs: number;
}

/**
 * Parses `100/min` style limits (units `s`, `sec`, `min`, `h`, `hour`).
 * Returns null when the text is not such a limit.
 */
export function parseRateLimit(text: string): RateLimit | null {
  const match = /^\s*(\d+)\s*\/\s*(s|sec|second|m|min|minute|h|hour)\s*$/i.exec(text);
  if (!match) return null;
  const limit = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const windowMs = unit.startsWith("s") ? 1_000 : unit.startsWith("h") ? 3_600_000 : 60_000;
  return limit > 0 ? { limit, windowMs } : null;
}

/**
 * What a user may still spend: each request takes one from its user's fixed window. Shared by the
 * /v2 API and anything else that answers for the same keys (the MCP endpoint of `bollard serve`),
 * so one budget covers both.
 */
export interface RequestBudget {
  /** Spends one request of `userId`'s window: null when it is within the budget, else the whole seconds until the window resets. */
  take(userId: string): number | null;
  /** The budget it spends. */
  readonly options: RateLimit;
}

/** A {@link RequestBudget} of `options.limit` requests per `options.windowMs` for each user. */
export function createRequestBudget(options: RateLimit, now: () => number = Date.now): RequestBudget {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    options,
    take(userId) {
      const at = now();
      let window = windows.get(userId);
      if (!window || at - window.start >= options.windowMs) {
        if (windows.size > 10_000) for (const [k, w] of windows) if (at - w.start >= options.windowMs) windows.delete(k);
        window = { start: at, count: 0 };
        windows.set(userId, window);
      }
      window.count += 1;
      return window.count > options.limit ? Math.max(1, Math.ceil((window.start + options.windowMs - at) / 1000)) : null;
    },
  };
}

/**
 * Limits each API key (one per user) to a fixed window budget (a {@link RateLimit}, or a
 * {@link RequestBudget} shared with other endpoints). Over it, the answer is 429 with
 * `Retry-After` in whole seconds until the window resets, as the real service does.
 */
export function rateLimit(budget: RateLimit | RequestBudget, now: () => number = Date.now, detail?: string): MiddlewareHandler<AppEnv> {
  const shared = "take" in budget ? budget : createRequestBudget(budget, now);
  const { limit, windowMs } = shared.options;
  return async (c, next) => {
    const retryAfter = shared.take(c.get("session").principal.user.id);
    if (retryAfter !== null) {
      c.header("retry-after", String(retryAfter));
      throw new BollardError("rate_limited", detail ?? `Your account has exceeded its API rate limit of ${limit} requests per ${windowMs / 1000} s. Retry in ${retryAfter} s.`);
    }
    await next();
  };
}
