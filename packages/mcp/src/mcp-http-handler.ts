import type { Tracker } from "@bollard/core";
import { isBollardError } from "@bollard/core";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMcpServer } from "./mcp-server.js";

/** Options of {@link createMcpHttpHandler}. */
export interface McpHttpOptions {
  /**
   * Offer the sandbox tools (the tracker must be a sandbox).
   * @default false
   */
  sandbox?: boolean;
  /**
   * The version the server reports to clients.
   * @default "0.1.0"
   */
  version?: string;
  /**
   * The API's rate limit, spent by every MCP request as by a /v2 request (the `RequestBudget` of
   * `@bollard/http`'s `createRequestBudget`): `take(userId)` answers null within the budget, else
   * the seconds until it resets (a 429 with `Retry-After`).
   * @default no limit
   */
  budget?: McpRequestBudget;
}

/** A per-user request budget, as `@bollard/http`'s `RequestBudget` is one. */
export interface McpRequestBudget {
  /** Spends one request of `userId`'s budget: null within it, else the whole seconds until it resets. */
  take(userId: string): number | null;
}

/** Answers one HTTP request to the MCP endpoint (a Fetch API handler). */
export type McpHttpHandler = (request: Request) => Promise<Response>;

/**
 * The Streamable HTTP transport of the MCP server, stateless: each request is authenticated with
 * its API key (`Authorization: Bearer KEY`, or `Token KEY` as the /v2 API takes it) and answered
 * by a server over that key's session, so a viewer key sees the read-only tools alone; with a
 * `budget`, each request spends the key's rate limit. Mount it
 * at `/mcp` (`bollard serve` does).
 * @example
 * const mcp = createMcpHttpHandler(tracker);
 * const fetch = (request: Request) => (new URL(request.url).pathname === "/mcp" ? mcp(request) : app.fetch(request));
 */
export function createMcpHttpHandler(tracker: Tracker, options: McpHttpOptions = {}): McpHttpHandler {
  return async (request) => {
    const header = request.headers.get("authorization");
    if (!header) return jsonRpcError(401, "Missing API key: send Authorization: Bearer <key>");
    const principal = await tracker.accounts.authenticate(header).catch((error: unknown) => {
      if (isBollardError(error) && error.status === 401) return null;
      throw error;
    });
    if (!principal) return jsonRpcError(401, "Invalid API key");
    const retryAfter = options.budget?.take(principal.user.id) ?? null;
    if (retryAfter !== null) return jsonRpcError(429, `Your account has exceeded its API rate limit. Retry in ${retryAfter} s.`, { "retry-after": String(retryAfter) });
    const server = createMcpServer(tracker, { session: tracker.session(principal), ...options });
    // Stateless: no session id, JSON answers instead of an event stream for single requests.
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      // The answer is complete (JSON mode): the per-request server and transport can go.
      void server.close();
    }
  };
}

/** A JSON-RPC error answer outside any request (authentication, the rate limit), with its HTTP status. */
function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32001, message }, id: null }, { status, headers: status === 401 ? { "www-authenticate": 'Bearer realm="bollard"', ...headers } : headers });
}
