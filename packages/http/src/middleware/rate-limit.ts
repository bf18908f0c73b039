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
 * Limits each API key (one per user) to a fixed window budget. Over it, the answer is 429
 * with `Retry-After` in whole seconds until the window resets, as the real service does.
 */
export function rateLimit(options: RateLimit, now: () => number = Date.now, detail?: string): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const key = c.get("session").principal.user.id;
    const at = now();
    let window = windows.get(key);
    if (!window || at - window.start >= options.windowMs) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (at - w.start >= options.windowMs) windows.delete(k);
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > options.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + options.windowMs - at) / 1000));
      c.header("retry-after", String(retryAfter));
      throw new BollardError("rate_limited", detail ?? `Your account has exceeded its API rate limit of ${options.limit} requests per ${options.windowMs / 1000} s. Retry in ${retryAfter} s.`);
    }
    await next();
  };
}
