import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { forbiddenAddressReason, systemLookup, type HostLookup } from "./url-safety.js";

/** One HTTP POST of a webhook delivery. */
export interface WebhookHttpRequest {
  /** Where to POST. */
  url: string;
  /** Every header to send. */
  headers: Record<string, string>;
  /** The JSON body. */
  body: string;
  /** The whole exchange (connect, send, read) must finish within this; otherwise it is aborted. */
  timeoutMs: number;
  /** Aborts the exchange at once (a shutdown that cannot wait); the response then has `error` set. */
  signal?: AbortSignal;
  /** The account whose webhook is delivered (absent for `POST /v2/webhooks/trigger`); not sent. */
  accountId?: string;
}

/** What came back; `status` is null (and `error` set) when no response came. */
export interface WebhookHttpResponse {
  /** The response status, or null when no response came. */
  status: number | null;
  /** The response headers (lower-case names), or null without a response. */
  headers: Record<string, string> | null;
  /** The response body up to the size cap (UTF-8 decoded), or null without a response. */
  body: string | null;
  /** Why no usable response came (timeout, refused, unsafe address), else null. */
  error: string | null;
  /** How long the exchange took, in milliseconds. */
  durationMs: number;
}

/** Sends webhook requests; never rejects (failures come back as `error`). Swappable for tests. */
export type WebhookTransport = (request: WebhookHttpRequest) => Promise<WebhookHttpResponse>;

/** Options of {@link nodeHttpTransport}. */
export interface HttpTransportOptions {
  /** Allow private, loopback and link-local targets (local development). */
  allowPrivateUrls: boolean;
  /** @default systemLookup */
  lookup?: HostLookup;
  /**
   * The most response body read; the rest is discarded unread.
   * @default 65_536
   */
  responseBodyLimitBytes?: number;
}

/**
 * The default transport: `node:http`/`node:https` with keep-alive. Unless private targets are
 * allowed, the host is checked when connecting: IP literals directly, names through a resolver
 * hook that refuses private addresses, so the address checked is the address connected to
 * (no window for DNS rebinding between check and connect).
 */
export function nodeHttpTransport(options: HttpTransportOptions): WebhookTransport {
  const limit = options.responseBodyLimitBytes ?? 64 * 1024;
  const lookup = options.lookup ?? systemLookup;
  const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 64 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }) };
  const guarded = options.allowPrivateUrls ? undefined : guardedLookup(lookup);

  return (input) =>
    new Promise((resolve) => {
      const started = performance.now();
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const done = (partial: Partial<WebhookHttpResponse>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: null, headers: null, body: null, error: null, ...partial, durationMs: Math.round(performance.now() - started) });
      };
      let url: URL;
      try {
        url = new URL(input.url);
      } catch {
        return done({ error: "the URL is not valid" });
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return done({ error: `${url.protocol} URLs are not supported` });
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (!options.allowPrivateUrls && (isIP(host) !== 0 || host === "localhost" || host.endsWith(".localhost"))) {
        const reason = isIP(host) !== 0 ? forbiddenAddressReason(host) : "loopback";
        if (reason) return done({ error: `refused: ${host} is a ${reason} address` });
      }
      if (input.signal?.aborted) return done({ error: "aborted before sending" });
      const https = url.protocol === "https:";
      const send = https ? httpsRequest : httpRequest;
      let request: ReturnType<typeof send>;
      try {
        request = send(url, {
          method: "POST",
          headers: { ...input.headers, "Content-Length": String(Buffer.byteLength(input.body)) },
          agent: https ? agents.https : agents.http,
          ...(guarded && { lookup: guarded }),
          ...(input.signal && { signal: input.signal }),
        });
      } catch (error) {
        // A header Node refuses to send (a value stored before values were checked): no request can go out.
        return done({ error: `the request could not be sent: ${describe(error as Error)}` });
      }
      timer = setTimeout(() => request.destroy(new Error(`timed out after ${input.timeoutMs} ms`)), input.timeoutMs);
      request.on("error", (error) => done({ error: describe(error) }));
      request.on("response", (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => done({ status: response.statusCode ?? null, headers: flatHeaders(response), body: Buffer.concat(chunks).toString("utf8") });
        response.on("data", (chunk: Buffer) => {
          if (size >= limit) return;
          const take = chunk.subarray(0, limit - size);
          chunks.push(take);
          size += take.length;
          if (size >= limit) {
            finish();
            response.destroy();
          }
        });
        response.on("end", finish);
        response.on("close", finish);
        response.on("error", finish);
      });
      request.end(input.body);
    });
}

function guardedLookup(lookup: HostLookup): LookupFunction {
  return (hostname, options, callback) => {
    const reply = callback as (error: Error | null, address?: string | { address: string; family: number }[], family?: number) => void;
    const refuse = (problem: string) => reply(Object.assign(new Error(`refused: ${problem}`), { code: "EUNSAFEHOST" }));
    void (async () => {
      const name = hostname.toLowerCase().replace(/\.$/, "");
      if (name === "localhost" || name.endsWith(".localhost")) return refuse(`${name} is a loopback host`);
      const addresses = await lookup(name);
      for (const address of addresses) {
        const reason = forbiddenAddressReason(address);
        if (reason) return refuse(`${name} resolves to ${address}, a ${reason} address`);
      }
      const entries = addresses.map((address) => ({ address, family: isIP(address) })).filter((e) => !options.family || e.family === options.family);
      if (entries.length === 0) return reply(Object.assign(new Error(`${hostname} did not resolve`), { code: "ENOTFOUND" }));
      if (options.all) reply(null, entries);
      else reply(null, entries[0]!.address, entries[0]!.family);
    })().catch((error: Error) => reply(error));
  };
}

function flatHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

const MESSAGES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset by the receiver",
  ENOTFOUND: "the host name did not resolve",
  EAI_AGAIN: "the host name could not be resolved right now",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host is unreachable",
  CERT_HAS_EXPIRED: "the receiver's TLS certificate has expired",
};

function describe(error: Error & { code?: string }): string {
  if (error.code === "EUNSAFEHOST") return error.message;
  if (error.name === "AbortError" || error.code === "ABORT_ERR") return "aborted: the server is shutting down";
  return (error.code && MESSAGES[error.code]) ?? error.message;
}
