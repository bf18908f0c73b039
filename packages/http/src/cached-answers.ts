import type { IncomingMessage, ServerResponse } from "node:http";
import { type Tracker, uuidv7 } from "@bollard/core";
import { type LogEntry, requestEntry } from "./middleware/request-log.js";
import { type CacheAsker, isCachedPath, type ResponseCache } from "./middleware/response-cache.js";
import { keptHeaders } from "./respond.js";

/**
 * Answers a request on Node's own request and response objects when it can: false, or a promise of
 * false, leaves the request to the app untouched; a promise of true means it was answered.
 */
export type NodeAnswer = (request: IncomingMessage, response: ServerResponse) => false | Promise<boolean>;

/**
 * Answers the GETs the response cache holds straight on Node's request and response, before the
 * request would become a Fetch `Request` and pass the app's middleware: the same status, headers,
 * body, request id and log entry as the app's answer from the cache, after the same key check, at
 * about half the cost of going through the app. Everything else is left to the app: other methods,
 * conditional GETs (`If-None-Match`), a missing or refused key (the app answers 401), a response
 * not kept or kept before the data changed, and URLs the app would spell differently from the
 * request line (a percent-encoded path, an absolute target, a host the URL parser rewrites).
 */
export function cachedAnswers(tracker: Tracker, cache: ResponseCache, log: (entry: LogEntry) => void): NodeAnswer {
  async function answer(response: ServerResponse, authorization: string, url: string, path: string): Promise<boolean> {
    const started = performance.now();
    let asker: CacheAsker;
    try {
      const { account, user } = await tracker.accounts.authenticate(authorization);
      asker = { accountId: account.id, userId: user.id };
    } catch {
      return false;
    }
    // The key `c.req.url` gives in the app: the URL as @hono/node-server builds it from the request.
    const { kept } = await cache.lookup(asker, url);
    if (!kept) return false;
    const requestId = uuidv7();
    // As startServer does for the app's responses: those of one turn leave together.
    await tracker.turns.endOfTurn();
    response.writeHead(200, { ...keptHeaders(kept.etag, requestId), "Content-Length": kept.body.byteLength });
    response.end(kept.body);
    log(requestEntry({ requestId, method: "GET", path, route: kept.route, status: 200, cached: true, started }));
    return true;
  }

  return (request, response) => {
    const target = request.url ?? "";
    const { authorization, host } = request.headers;
    if (request.method !== "GET" || target[0] !== "/" || authorization === undefined || host === undefined || request.headers["if-none-match"] !== undefined) return false;
    const query = target.indexOf("?");
    const path = query === -1 ? target : target.slice(0, query);
    if (path.includes("%") || !isCachedPath(path)) return false;
    const scheme = (request.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
    return answer(response, authorization, `${scheme}://${host}${target}`, path);
  };
}

const answersOfApps = new WeakMap<object, NodeAnswer>();

/** Records the {@link cachedAnswers} of an app made by `createHttpApp`. */
export function setCachedAnswers(app: object, answer: NodeAnswer): void {
  answersOfApps.set(app, answer);
}

/**
 * The answers from the response cache of an app made by `createHttpApp`, for `startServer`'s
 * `answerFirst`; undefined when it has no cache (turned off, a sandbox) or limits rates (the limit counts in the app).
 *
 * @example
 * const app = createHttpApp(tracker);
 * await startServer(app, { port: 8080, answerFirst: cachedAnswersOf(app), turns: tracker.turns });
 */
export function cachedAnswersOf(app: object): NodeAnswer | undefined {
  return answersOfApps.get(app);
}
