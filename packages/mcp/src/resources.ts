import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { containerView } from "./record-views.js";
import { DEMURRAGE_BASIS, MILESTONE_GLOSSARY, QUERY_GUIDANCE } from "./resource-texts.js";
import type { ToolContext } from "./tool-kit.js";

/** The URIs of the static resources. */
export const RESOURCE_URIS = {
  /** What each transport event and container status means. */
  milestoneGlossary: "bollard://docs/milestone-glossary",
  /** Which tool answers which question. */
  queryGuidance: "bollard://docs/query-guidance",
  /** How last free days and charges are worked out. */
  demurrageBasis: "bollard://docs/demurrage-basis",
} as const;

/** Registers the resources: three documents and a container by id. */
export function registerResources(server: McpServer, context: ToolContext): void {
  const documents = [
    ["milestone-glossary", RESOURCE_URIS.milestoneGlossary, "Milestone Glossary", "What each transport event and container status means, by journey phase", MILESTONE_GLOSSARY],
    ["query-guidance", RESOURCE_URIS.queryGuidance, "Query Guidance", "Which Bollard tool answers which question, and the rules for quoting figures", QUERY_GUIDANCE],
    ["demurrage-basis", RESOURCE_URIS.demurrageBasis, "Demurrage Basis", "How Bollard works out last free days, accrued and projected charges", DEMURRAGE_BASIS],
  ] as const;
  for (const [name, uri, title, description, text] of documents) {
    server.registerResource(name, uri, { title, description, mimeType: "text/markdown" }, async () => ({ contents: [{ uri, mimeType: "text/markdown", text }] }));
  }
  server.registerResource(
    "container",
    new ResourceTemplate("bollard://container/{id}", { list: undefined }),
    { title: "Container", description: "A container's compact view as JSON", mimeType: "application/json" },
    async (uri, { id }) => {
      const container = await context.session.containers.get(String(id));
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(containerView(container)) }] };
    },
  );
}
