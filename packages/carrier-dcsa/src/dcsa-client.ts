import type { DcsaCarrierConfig } from "./carrier-config.js";
import type { DcsaEvent } from "./dcsa-types.js";

/** Why a call to a carrier failed. */
export type DcsaFailureKind = "not_found" | "bad_reference" | "unreachable" | "unrecognized";

/** A failed call to a carrier's DCSA API. Its message never holds credentials. */
export class DcsaRequestError extends Error {
  /** What went wrong, for the carrier source's answer. */
  readonly kind: DcsaFailureKind;
  /** The carrier's HTTP status, when it answered. */
  readonly status: number | null;
  constructor(kind: DcsaFailureKind, message: string, status: number | null = null) {
    super(message);
    this.name = "DcsaRequestError";
    this.kind = kind;
    this.status = status;
  }
}

/** The query of one `GET /events` search. */
export type EventQuery = Partial<Record<"carrierBookingReference" | "transportDocumentReference" | "equipmentReference" | "eventType", string>>;

/** Waits, unless aborted. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Seconds of a `Retry-After` header (delta seconds or an HTTP date), or null. */
function retryAfterSeconds(header: string | null): number | null {
  if (header === null) return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, (at - Date.now()) / 1000) : null;
}

/** A DCSA Track & Trace client for one carrier: authentication, retries and paging. */
export interface DcsaClient {
  /** Every event matching the query, following the `Next-Page` links. */
  events(query: EventQuery, signal?: AbortSignal): Promise<DcsaEvent[]>;
  /** Sends a request with the carrier's credentials, retrying 5xx, 429 and network errors. */
  request(url: URL, init: { method?: string; body?: string; signal?: AbortSignal | undefined }): Promise<Response>;
}

const MAX_PAGES = 200;

/** Creates the client of one configured carrier. */
export function createDcsaClient(config: DcsaCarrierConfig, fetchImpl: typeof fetch = fetch): DcsaClient {
  const base = new URL(config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`);
  let token: { value: string; expiresAt: number } | null = null;

  async function bearer(signal: AbortSignal | undefined, renew: boolean): Promise<string> {
    const auth = config.auth;
    if (auth?.type !== "oauth2") throw new Error("not an OAuth2 carrier");
    if (token && !renew && Date.now() < token.expiresAt) return token.value;
    const body = new URLSearchParams({ grant_type: "client_credentials", ...(auth.scope && { scope: auth.scope }), ...(auth.audience && { audience: auth.audience }) });
    const basic = Buffer.from(`${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`).toString("base64");
    let response: Response;
    try {
      response = await fetchImpl(auth.tokenUrl, { method: "POST", body, headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, signal: timeout(signal) });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new DcsaRequestError("unreachable", `The token endpoint did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) throw new DcsaRequestError("unreachable", `The token endpoint answered ${response.status}`, response.status);
    const json = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof json?.access_token !== "string") throw new DcsaRequestError("unrecognized", "The token endpoint's answer has no access_token");
    const lifetime = typeof json.expires_in === "number" ? json.expires_in : 300;
    // Renew a little early so a token does not expire between the check and the carrier's check.
    token = { value: json.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 30) * 1000 };
    return token.value;
  }

  function timeout(signal: AbortSignal | undefined): AbortSignal {
    const limit = AbortSignal.timeout(config.timeoutMs);
    return signal ? AbortSignal.any([signal, limit]) : limit;
  }

  async function headers(url: URL, signal: AbortSignal | undefined, renew: boolean): Promise<Record<string, string>> {
    const out: Record<string, string> = { accept: "application/json", "api-version": "2" };
    // Credentials go to the carrier's own origin only, never to a host a Next-Page link names.
    if (url.origin !== base.origin) return out;
    if (config.auth?.type === "api_key") out[config.auth.header.toLowerCase()] = config.auth.key;
    if (config.auth?.type === "oauth2") out.authorization = `Bearer ${await bearer(signal, renew)}`;
    return out;
  }

  async function request(url: URL, init: { method?: string; body?: string; signal?: AbortSignal | undefined }): Promise<Response> {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        const sent = await headers(url, init.signal, false);
        if (init.body !== undefined) sent["content-type"] = "application/json";
        response = await fetchImpl(url, { method: init.method ?? "GET", headers: sent, ...(init.body !== undefined && { body: init.body }), signal: timeout(init.signal) });
      } catch (error) {
        if (init.signal?.aborted || error instanceof DcsaRequestError) throw error;
        if (attempt >= config.maxAttempts) throw new DcsaRequestError("unreachable", `${url.origin} did not answer: ${(error as Error).message}`);
        await sleep(backoff(attempt), init.signal);
        continue;
      }
      if (response.status === 401 && config.auth?.type === "oauth2" && !renewed) {
        // The token may have been revoked or expired early: fetch a new one, once.
        renewed = true;
        await response.body?.cancel();
        await bearer(init.signal, true);
        attempt--;
        continue;
      }
      if (response.status !== 429 && response.status < 500) return response;
      await response.body?.cancel();
      const wait = retryAfterSeconds(response.headers.get("retry-after"));
      if (attempt >= config.maxAttempts || (wait !== null && wait > config.maxRetryAfterSeconds)) {
        throw new DcsaRequestError("unreachable", `${url.origin} answered ${response.status}${wait !== null ? ` (retry after ${wait} s)` : ""}`, response.status);
      }
      await sleep(wait !== null ? wait * 1000 : backoff(attempt), init.signal);
    }
  }

  return {
    request,
    async events(query, signal) {
      const first = new URL("events", base);
      for (const [name, value] of Object.entries(query)) if (value !== undefined) first.searchParams.set(name, value);
      first.searchParams.set("limit", String(config.pageSize));
      const events: DcsaEvent[] = [];
      let url: URL | null = first;
      for (let page = 0; url && page < MAX_PAGES; page++) {
        const response = await request(url, { signal });
        if (response.status === 404) throw new DcsaRequestError("not_found", `${base.origin} does not know ${JSON.stringify(query)}`, 404);
        if (response.status === 400) throw new DcsaRequestError("bad_reference", `${base.origin} refused the query ${JSON.stringify(query)}`, 400);
        if (!response.ok) throw new DcsaRequestError("unreachable", `${base.origin} answered ${response.status}`, response.status);
        const body = (await response.json().catch(() => null)) as unknown;
        if (!Array.isArray(body)) throw new DcsaRequestError("unrecognized", `${base.origin} answered something other than a list of events`);
        events.push(...(body as DcsaEvent[]));
        url = nextPage(response.headers.get("next-page"), first, body.length);
      }
      return events;
    },
  };
}

/** Retry waits without a `Retry-After`: 0.5 s, 1 s, 2 s, … */
function backoff(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 8_000);
}

/**
 * The next page's URL from a `Next-Page` header: a link (absolute, or relative to the events
 * URL), or a bare cursor, which is sent as `?cursor=` with the first page's query.
 */
function nextPage(header: string | null, first: URL, count: number): URL | null {
  if (header === null || header.trim() === "" || count === 0) return null;
  const value = header.trim();
  if (/^https?:\/\//i.test(value) || value.startsWith("/") || value.startsWith("?")) return new URL(value, first);
  const url = new URL(first);
  url.searchParams.set("cursor", value);
  return url;
}
