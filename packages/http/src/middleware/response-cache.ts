import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { answerVersionKeys, type SharedDataIncluded } from "@bollard/core/storage";
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
 * out (they project positions from the current time), as are demurrage (accrued to today), the
 * sandbox, the number inference and exports (files streamed as they are read, never held whole).
 */
const CACHED_PATHS = /^\/v2\/(shipments|containers|tracking_requests|custom_field_definitions|custom_fields|parties|webhooks|webhook_notifications)(\/|$)/;
const UNCACHED_PATHS = /\/map|\/demurrage|infer_number|\/export$/;

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

/** Reads the change versions of keys (`changeVersions.get` of the tracker's storage). */
export type ReadVersions = (keys: readonly string[]) => Promise<number[]>;

/** Who asks: the account whose version an answer is kept under, and the user it is kept for. */
export interface CacheAsker {
  /** The account's id. */
  readonly accountId: string;
  /** The user's id (answers are kept per user: a key's role may change what a route shows). */
  readonly userId: string;
}

/**
 * What the cache holds for a request: the kept response, or the versions a response built now
 * would be kept under (undefined when the storage cannot tell: build it, keep nothing).
 */
export type CacheLookup = { readonly kept: KeptResponse } | { readonly kept?: undefined; readonly version: string | undefined };

/**
 * The response cache of one app. Both doors to it, the middleware in the app and the Node fast
 * path before it (`cached-answers.ts`), ask {@link ResponseCache.lookup}: one key, one version check.
 */
export interface ResponseCache {
  /** Answers repeated GETs from the cache and keeps what the routes answer (see {@link responseCache}). */
  readonly middleware: MiddlewareHandler<AppEnv>;
  /**
   * The response kept for this user and URL (`c.req.url`: scheme, host, path and query) when the
   * account's data is unchanged since it was built (waiting for one being built under the same
   * versions); else the versions to keep a new one under. A found response becomes the most recently used.
   */
  lookup(asker: CacheAsker, url: string): Promise<CacheLookup>;
}

/**
 * Which records outside the account the answer to `url` may include: reference data with any
 * `include` parameter, vessels with one that names them (a percent-encoded query could spell
 * either).
 */
function sharedDataOf(url: string): SharedDataIncluded {
  const start = url.indexOf("?");
  if (start === -1) return {};
  const query = url.slice(start);
  return { reference: /include|%/i.test(query), vessels: query.includes("%") || (/include/i.test(query) && /vessel/i.test(query)) };
}

/** The one key of a kept response: the user's id and the URL. */
const keyOf = (asker: CacheAsker, url: string): string => `${asker.userId} ${url}`;

/** A kept response, or one being built, under the versions it was read at. */
type Entry = (KeptResponse & { readonly version: string }) | { readonly version: string; readonly building: Promise<KeptResponse | undefined> };

/**
 * The response cache: GET answers of the cached routes, kept per user and URL under the change
 * versions of the user's account (and, for answers that include shared records, of the shared
 * data) they were read at. An answer is served again only while those versions are unchanged, so
 * a write in one account leaves every other account's answers in place. Versions are read from
 * the storage on every lookup (one indexed read), so several servers over one database never serve
 * an answer another server's write made stale.
 */
export function responseCache(readVersions: ReadVersions, options: ResponseCacheOptions = {}): ResponseCache {
  const maxBytes = options.maxBytes ?? DEFAULT_RESPONSE_CACHE_BYTES;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  /** The versions an answer to `url` for `accountId` depends on, as one token; undefined when the storage cannot tell. */
  const versionOf = (accountId: string, url: string): Promise<string | undefined> =>
    readVersions(answerVersionKeys(accountId, sharedDataOf(url))).then(
      (versions) => versions.join(" "),
      () => undefined,
    );

  function remove(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    if (!("building" in entry)) bytes -= entry.body.byteLength;
  }

  function keep(key: string, entry: KeptResponse & { version: string }): void {
    remove(key);
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    for (const [oldest, value] of entries) {
      if (bytes <= maxBytes) break;
      if (!("building" in value)) remove(oldest);
    }
  }

  /** Makes a kept entry the most recently used (last in the map's order). */
  function touch(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
  }

  /**
   * What is kept for `key` under `version`: the response, the build under way to wait for, or
   * nothing. Synchronous, so a miss can claim the build before any other request looks.
   */
  function entryFor(key: string, version: string): KeptResponse | Promise<KeptResponse | undefined> | undefined {
    const found = entries.get(key);
    if (found === undefined || found.version !== version) return undefined;
    if ("building" in found) return found.building;
    touch(key, found);
    return found;
  }

  async function lookup(asker: CacheAsker, url: string): Promise<CacheLookup> {
    const version = await versionOf(asker.accountId, url);
    if (version === undefined) return { version };
    const found = entryFor(keyOf(asker, url), version);
    const kept = found instanceof Promise ? await found : found;
    return kept ? { kept } : { version };
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET" || !isCachedPath(c.req.path)) return next();
    const { principal } = c.get("session");
    const asker = { accountId: principal.account.id, userId: principal.user.id };
    const url = c.req.url;
    const before = await versionOf(asker.accountId, url);
    if (before === undefined) return next();
    const key = keyOf(asker, url);
    const found = entryFor(key, before);
    if (found !== undefined) {
      // Built under these versions now: its answer is this request's answer too (a failed build: answered uncached).
      const kept = found instanceof Promise ? await found : found;
      if (!kept) return next();
      c.set("cachedRoute", kept.route);
      return keptJsonApi(c, kept.body, kept.etag);
    }
    let settle: (entry: KeptResponse | undefined) => void = () => {};
    const building: Entry = { version: before, building: new Promise<KeptResponse | undefined>((resolve) => (settle = resolve)) };
    // While another request builds it under other versions, that one stays the one identical requests wait for.
    const current = entries.get(key);
    if (current === undefined || !("building" in current)) {
      remove(key);
      entries.set(key, building);
    }
    let built: KeptResponse | undefined;
    try {
      await next();
      const body = c.get("responseBody");
      const etag = c.get("etag");
      if (c.res.status === 200 && body !== undefined && etag !== undefined && body.byteLength <= maxBytes / 4 && (await versionOf(asker.accountId, url)) === before) built = { body, etag, route: c.req.routePath };
    } finally {
      if (entries.get(key) === building) entries.delete(key);
      if (built) keep(key, { ...built, version: before });
      settle(built);
    }
  };
  return { middleware, lookup };
}
