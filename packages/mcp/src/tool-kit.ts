import type { Session, Tracker } from "@bollard/core";
import { isBollardError } from "@bollard/core";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/** What every tool runs with: the session it acts as and the tracker behind it. */
export interface ToolContext {
  /** The session of the key or account the server acts for. */
  readonly session: Session;
  /** The tracker (for the clock and the sandbox). */
  readonly tracker: Tracker;
}

/**
 * One MCP tool: its name, JSON Schema input and structured output (as zod shapes), whether it
 * writes, and what it does.
 * @typeParam I - The input's zod shape.
 * @typeParam O - The output's zod shape.
 */
export interface BollardTool<I extends z.ZodRawShape = z.ZodRawShape, O extends z.ZodRawShape = z.ZodRawShape> {
  /** The tool's name (the hosted server's where it has one). */
  readonly name: string;
  /** A short human title. */
  readonly title: string;
  /** What it answers and when to use it: what an assistant reads to choose it. */
  readonly description: string;
  /** The arguments. */
  readonly input: I;
  /** The structured result every call returns. */
  readonly output: O;
  /** `write`: changes data (absent for viewer keys); `read`: only reads. */
  readonly access: "read" | "write";
  /** Whether the tool exists only on a sandbox server (`--sandbox`). @default false */
  readonly sandboxOnly?: boolean;
  /** Runs the tool. */
  run(args: z.output<z.ZodObject<I>>, context: ToolContext): Promise<z.input<z.ZodObject<O>>>;
}

/** Declares a tool, inferring its argument and result types from its shapes. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(tool: BollardTool<I, O>): BollardTool<I, O> {
  return tool;
}

/** The longest text a tool answers with (about 25,000 tokens): every tool pages or summarises below it. */
export const MAX_RESULT_CHARS = 100_000;

/** Registers tools on a server, each answering with structured content and the same JSON as text. */
export function registerTools(server: McpServer, tools: readonly BollardTool[], context: ToolContext): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, readOnlyHint: tool.access === "read", openWorldHint: false },
      },
      (async (args: unknown) => {
        try {
          const result = await tool.run(args as never, context);
          const text = JSON.stringify(result);
          if (text.length > MAX_RESULT_CHARS) return failure(`${tool.name}'s answer is over ${MAX_RESULT_CHARS} characters: ask for a smaller page_size or narrower filters`);
          return { content: [{ type: "text" as const, text }], structuredContent: result as Record<string, unknown> };
        } catch (error) {
          return failure(describeError(error));
        }
      }) as never,
    );
  }
}

/** A tool result that reports an error to the assistant, as MCP tools do (`isError`). */
function failure(message: string) {
  return { isError: true, content: [{ type: "text" as const, text: message }] };
}

/** The one-line message of an error a tool met: Bollard's own code, status and detail, else its message. */
export function describeError(error: unknown): string {
  if (isBollardError(error)) {
    const where = error.parameter ?? (error.path?.length ? error.path.join(".") : undefined);
    return `${error.code} (${error.status}): ${error.detail}${where ? ` [${where}]` : ""}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The page arguments of list tools: `page` from 1 and `page_size` up to `max`. */
export function pageArgs(defaultSize: number, max: number) {
  return {
    page: z.number().int().min(1).max(10_000).optional().describe("Page number, from 1 (default 1)"),
    page_size: z.number().int().min(1).max(max).optional().describe(`Items per page (default ${defaultSize}, at most ${max})`),
  };
}

/** The page facts every list tool answers with. */
export const PageMetaSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int().describe("How many items match across all pages"),
  has_more: z.boolean(),
});

/** The page facts of a list answer. */
export function pageMeta(page: number, pageSize: number, total: number): z.infer<typeof PageMetaSchema> {
  return { page, page_size: pageSize, total, has_more: page * pageSize < total };
}
