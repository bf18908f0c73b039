import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { keptJsonApi } from "../respond.js";

/** Options of the response cache (`HttpAppOptions.responseCache`). */
export interface ResponseCacheOptions {
  /**
   * The most response text kept, in bytes (of UTF-8); the least recently used
   * responses go first. A response larger than a quarter of it is never kept.
   * @default 67108864 (64 MiB)
   */
  maxBytes?: number;
}

/** The default {@link ResponseCacheOptions.maxBytes}. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The GETs whose answer depends on the stored data and the URL alone. Vessels and maps are left
 * out (they project positions from the current time), as are the sandbox and the number inference.
 */
const CACHED_PATHS = /^\/v2\/(shipments|containers|tracking_requests|custom_field_definitions|custom_fields|parties|webhooks|webhook_notifications)(\/|$)/;
const UNCACHED_PATHS = /\/map|infer_number/;

/** Whether a GET of `path` (a URL's path, without its query) may be answered from the cache. */
export function isCachedPath(path: string): boolean {
  return CACHED_PATHS.test(path) && !UNCACHED_PATHS.test(path);
}

/**
 * A kept response: its JSON:API text as UTF-8 bytes, `ETag` and the route pattern that built it.
 * Bytes, because writing the text encodes it again on every write: 1.6 ms for the 216 KiB shipment
 * list, against a few microseconds for its bytes.
 */
export interface KeptResponse {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  readonly route: string;
}

/** The response cache of one app: the middleware that answers from it and fills it, and a lookup. */
export interface ResponseCache {
  /** Answers repeated GETs from the cache and keeps what the routes answer (see {@link responseCache}). */
  readonly middleware: MiddlewareHandler<AppEnv>;
  /**
   * The response kept for this user and URL (`c.req.url`: scheme, host, path and query) when the
   * data is unchanged since it was built; undefined when none is kept, one is being built, the
   * data changed, or the storage cannot tell. A found response becomes the most recently used.
   */
  kept(userId: string, url: string): Promise<KeptResponse | undefined>;
}

export function responseCache(dataVersion: () => Promise<string>, options: ResponseCacheOptions = {}): ResponseCache {
  const maxBytes = options.maxBytes ?? DEFAULT_RESPONSE_CACHE_BYTES;
  let version: string | undefined;
  let entries = new Map<string, KeptResponse | Promise<KeptResponse | undefined>>();
  let bytes = 0;

  /** The current token, or undefined when the storage cannot tell (the handler then reports why). */
  const currentVersion = () => dataVersion().catch(() => undefined);

  function keep(key: string, entry: KeptResponse): void {
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    for (const [oldest, value] of entries) {
      if (bytes <= maxBytes) break;
      if (value instanceof Promise) continue;
      entries.delete(oldest);
      bytes -= value.body.byteLength;
    }
  }

  /** Makes a kept entry the most recently used (last in the map's order). */
  function touch(key: string, entry: KeptResponse): void {
    entries.delete(key);
    entries.set(key, entry);
  }

  async function kept(userId: string, url: string): Promise<KeptResponse | undefined> {
    const current = await currentVersion();
    if (current === undefined || current !== version) return undefined;
    const key = `${userId} ${url}`;
    const entry = entries.get(key);
    if (entry === undefined || entry instanceof Promise) return undefined;
    touch(key, entry);
    return entry;
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET" || !isCachedPath(c.req.path)) return next();
    const before = await currentVersion();
    if (before === undefined) return next();
    if (before !== version) {
      version = before;
      entries = new Map();
      bytes = 0;
    }
    const key = `${c.get("session").principal.user.id} ${c.req.url}`;
    const found = entries.get(key);
    const entry = found instanceof Promise ? await found : found;
    if (entry) {
      if (!(found instanceof Promise)) touch(key, entry);
      c.set("cachedRoute", entry.route);
      return keptJsonApi(c, entry.body, entry.etag);
    }
    if (found) return next();

    let settle: (entry: KeptResponse | undefined) => void = () => {};
    const building = new Promise<KeptResponse | undefined>((resolve) => (settle = resolve));
    const mine = entries;
    mine.set(key, building);
    let built: KeptResponse | undefined;
    try {
      await next();
      const body = c.get("responseBody");
      const etag = c.get("etag");
      if (c.res.status === 200 && body !== undefined && etag !== undefined && body.byteLength <= maxBytes / 4 && (await currentVersion()) === before) built = { body, etag, route: c.req.routePath };
    } finally {
      if (mine.get(key) === building) mine.delete(key);
      if (built && mine === entries) keep(key, built);
      settle(built);
    }
  };
  return { middleware, kept };
}
