import { createServer as createHttpServer, type RequestListener, type ServerOptions, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { NodeAnswer } from "./cached-answers.js";
import { createTurnScheduler, type TurnScheduler } from "@bollard/core/storage";

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** @default 8080 (0 picks a free port) */
  port?: number;
  /** @default "127.0.0.1" */
  host?: string;
  /**
   * Tried on each request before the app, on Node's own request and response: when it answers,
   * the app never sees the request. `cachedAnswersOf(app)` answers from the app's response cache.
   * @default none: the app answers every request
   */
  answerFirst?: NodeAnswer;
  /**
   * The turn scheduler responses leave by: the tracker's (`tracker.turns`), so the responses of a
   * turn leave before its storage's group commit runs (see `TurnScheduler`).
   * @default a scheduler of the server's own
   */
  turns?: TurnScheduler;
  /**
   * Response header names to write in exactly this casing. HTTP header names are case-insensitive,
   * and Fetch responses carry them in lower case; a client that looks one up case-sensitively (DCSA's
   * conformance kit reads `Next-Page-Cursor`) gets it as it expects. `DCSA_HEADER_NAMES` of
   * `@bollard/carrier-dcsa` lists that standard's.
   * @default none: every name as the response has it
   */
  headerNames?: readonly string[];
}

/** A running HTTP server. */
export interface RunningServer {
  /** `host:port` it listens on. */
  readonly address: string;
  /** The port it listens on (the one chosen when asked for port 0). */
  readonly port: number;
  /** Resolves with the signal's name at the first SIGINT or SIGTERM. */
  untilSignal(): Promise<NodeJS.Signals>;
  /**
   * Stops accepting connections and lets in-flight requests finish; after `timeoutMs`, closes the
   * connections still open. Resolves when the server is closed.
   */
  close(options?: {
    /**
     * How long requests in flight may take.
     * @default no limit
     */
    timeoutMs?: number;
  }): Promise<void>;
}

/** What {@link startServer} serves: a Hono app, or anything with its `fetch`. */
export interface FetchHandler {
  /** Answers one request. */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/**
 * Serves a Hono app (or any {@link FetchHandler}) on `@hono/node-server` and resolves once it
 * listens. The responses to the requests read in one turn of the event loop are written together,
 * at its end.
 */
export function startServer(app: FetchHandler, options: StartServerOptions = {}): Promise<RunningServer> {
  const turns = options.turns ?? createTurnScheduler();
  const fetch = async (request: Request, env: unknown) => {
    const response = await app.fetch(request, env);
    await turns.endOfTurn();
    return response;
  };
  return new Promise((resolve, reject) => {
    const answerFirst = options.answerFirst;
    const spelled = options.headerNames && options.headerNames.length > 0 ? new Map(options.headerNames.map((name) => [name.toLowerCase(), name])) : undefined;
    const createServer = (serverOptions: ServerOptions, listener: RequestListener) =>
      createHttpServer(serverOptions, (request, response) => {
        if (spelled) spellHeaders(response, spelled);
        const answering = answerFirst?.(request, response);
        if (!answering) return listener(request, response);
        answering.then(
          (answered) => answered || listener(request, response),
          () => listener(request, response),
        );
      });
    const server = serve({ fetch, port: options.port ?? 8080, hostname: options.host ?? "127.0.0.1", ...((answerFirst || spelled) && { createServer: createServer as typeof createHttpServer }) }, (info: AddressInfo) => {
      resolve({
        address: `${info.family === "IPv6" ? `[${info.address}]` : info.address}:${info.port}`,
        port: info.port,
        untilSignal: () =>
          new Promise((done) => {
            const onSignal = (signal: NodeJS.Signals) => {
              process.off("SIGINT", onSignal);
              process.off("SIGTERM", onSignal);
              done(signal);
            };
            process.on("SIGINT", onSignal);
            process.on("SIGTERM", onSignal);
          }),
        close: (options = {}) =>
          new Promise<void>((done) => {
            const timer =
              options.timeoutMs === undefined
                ? undefined
                : setTimeout(() => {
                    if ("closeAllConnections" in server) server.closeAllConnections();
                  }, options.timeoutMs);
            server.close(() => (clearTimeout(timer), done()));
            // Keep-alive sockets would hold close() open; idle ones can go now, busy ones after their response.
            if ("closeIdleConnections" in server) server.closeIdleConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}

/** Makes `response.writeHead` write the names of `spelled` (lower case → as spelled) in their casing. */
function spellHeaders(response: ServerResponse, spelled: ReadonlyMap<string, string>): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    const last = rest.at(-1);
    if (last && typeof last === "object" && !Array.isArray(last)) {
      const headers: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(last)) headers[spelled.get(name.toLowerCase()) ?? name] = value;
      rest[rest.length - 1] = headers;
    }
    return writeHead(status, ...rest);
  }) as ServerResponse["writeHead"];
}
