import type { Session, Tracker } from "@bollard/core";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerPrompts } from "./prompts.js";
import { registerResources } from "./resources.js";
import { selectTools } from "./tool-catalogue.js";
import { registerTools } from "./tool-kit.js";

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** The session the server acts as: its account's data, and its role (a viewer gets the read-only tools alone). */
  session: Session;
  /**
   * Offer the sandbox tools (clock, scenarios, faults, reset, snapshots). Needs a tracker created
   * with `sandbox` (`bollard mcp --sandbox`, `bollard serve --sandbox`).
   * @default false
   */
  sandbox?: boolean;
  /**
   * The version the server reports to clients.
   * @default "0.1.0"
   */
  version?: string;
}

/**
 * Creates an MCP server over a session of the tracker: the hosted Terminal49 server's ten tools
 * with their names and argument shapes, Bollard's own (history, demurrage, ETA, exceptions, bulk
 * dry runs, webhooks), the sandbox tools when asked for, three prompts and four resources. Connect
 * it to any transport of `@modelcontextprotocol/sdk`.
 * @example
 * import { createTracker } from "@bollard/core";
 * import { sqliteStorage } from "@bollard/storage-sqlite";
 * import { createMcpServer } from "@bollard/mcp";
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
 *
 * const tracker = await createTracker({ storage: sqliteStorage({ filename: "bollard.sqlite" }) });
 * const session = tracker.session(await tracker.accounts.authenticate(process.env.BOLLARD_API_KEY!));
 * await createMcpServer(tracker, { session }).connect(new StdioServerTransport());
 */
export function createMcpServer(tracker: Tracker, options: McpServerOptions): McpServer {
  const sandbox = options.sandbox ?? false;
  if (sandbox && tracker.sandbox === null) throw new RangeError("createMcpServer({ sandbox: true }) needs a tracker created with the sandbox option");
  const server = new McpServer(
    { name: "bollard", title: "Bollard container tracking", version: options.version ?? "0.1.0" },
    { instructions: "Bollard answers container and shipment tracking questions from its own data. Read bollard://docs/query-guidance to choose tools; quote figures exactly and say when data is missing." },
  );
  const context = { session: options.session, tracker };
  registerTools(server, selectTools({ canWrite: options.session.principal.user.role === "editor", sandbox }), context);
  registerPrompts(server);
  registerResources(server, context);
  return server;
}
