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

/**
 * A kept response: its JSON:API text as UTF-8 bytes, `ETag` and the route pattern that built it.
 * Bytes, because writing the text encodes it again on every write: 1.6 ms for the 216 KiB shipment
 * list, against a few microseconds for its bytes.
 */
interface Entry {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  readonly route: string;
}

/**
 * Answers a repeated GET from memory while the data is unchanged: each response is kept under the
 * user and the full URL, for the `dataVersion` token it was built under, and every entry goes when
 * the token changes, whoever wrote (this process, the background thread, another process). A
 * response is kept only when the token was the same before and after it was built, so it shows one
 * committed state. Requests for the same response that arrive while it is being built wait for it
 * instead of building it again. Only successful JSON:API answers of {@link CACHED_PATHS} are kept.
 */
export function responseCache(dataVersion: () => Promise<string>, options: ResponseCacheOptions = {}): MiddlewareHandler<AppEnv> {
  const maxBytes = options.maxBytes ?? DEFAULT_RESPONSE_CACHE_BYTES;
  let version: string | undefined;
  let entries = new Map<string, Entry | Promise<Entry | undefined>>();
  let bytes = 0;

  /** The current token, or undefined when the storage cannot tell (the handler then reports why). */
  const currentVersion = () => dataVersion().catch(() => undefined);

  function keep(key: string, entry: Entry): void {
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    for (const [oldest, value] of entries) {
      if (bytes <= maxBytes) break;
      if (value instanceof Promise) continue;
      entries.delete(oldest);
      bytes -= value.body.byteLength;
    }
  }

  return async (c, next) => {
    if (c.req.method !== "GET" || !CACHED_PATHS.test(c.req.path) || UNCACHED_PATHS.test(c.req.path)) return next();
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
      if (!(found instanceof Promise)) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, entry);
      }
      c.set("cachedRoute", entry.route);
      return keptJsonApi(c, entry.body, entry.etag);
    }
    if (found) return next();

    let settle: (entry: Entry | undefined) => void = () => {};
    const building = new Promise<Entry | undefined>((resolve) => (settle = resolve));
    const mine = entries;
    mine.set(key, building);
    let built: Entry | undefined;
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
}
