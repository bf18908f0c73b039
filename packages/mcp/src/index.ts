/**
 * `@bollard/mcp`: Bollard as a Model Context Protocol server. {@link createMcpServer} serves a
 * session of a tracker over any MCP transport; {@link createMcpHttpHandler} is the Streamable HTTP
 * endpoint `bollard serve` mounts at `/mcp`; `bollard mcp` runs it over stdio.
 * @example
 * ```ts
 * import { createMcpServer } from "@bollard/mcp";
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
 *
 * const session = tracker.session(await tracker.accounts.authenticate(apiKey));
 * await createMcpServer(tracker, { session }).connect(new StdioServerTransport());
 * ```
 * @packageDocumentation
 */
export { createMcpServer, type McpServerOptions } from "./mcp-server.js";
export { createMcpHttpHandler, type McpHttpHandler, type McpHttpOptions, type McpRequestBudget } from "./mcp-http-handler.js";
export { BOLLARD_TOOLS, HOSTED_TOOLS, SANDBOX_TOOLS, selectTools, type ToolSelection } from "./tool-catalogue.js";
export { MAX_RESULT_CHARS, type BollardTool, type ToolContext } from "./tool-kit.js";
export { PROMPT_NAMES } from "./prompts.js";
export { RESOURCE_URIS } from "./resources.js";
