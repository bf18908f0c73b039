import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/** A prompt's one user message. */
const userMessage = (text: string) => ({ messages: [{ role: "user" as const, content: { type: "text" as const, text } }] });

/** The prompts every Bollard MCP server offers: the hosted server's three, written for Bollard's tools. */
export const PROMPT_NAMES = ["track-shipment", "check-demurrage", "analyze-delays"] as const;

/** Registers the prompts on a server. */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    "track-shipment",
    {
      title: "Track Container Shipment",
      description: "Find or start tracking a container and report its status, location and issues",
      argsSchema: {
        container_number: z.string().describe("Container number (e.g. MSCU1234566)"),
        carrier: z.string().optional().describe("Shipping line SCAC (e.g. MAEU for Maersk)"),
      },
    },
    ({ container_number: number, carrier }) =>
      userMessage(
        `Track container ${number}${carrier ? ` with carrier ${carrier}` : ""}. First call search_container with it; if it is not tracked yet, call track_container${carrier ? ` with scac ${carrier}` : ""}. ` +
          "Then call get_container (include shipment and pod_terminal) and report the current status, where it is, availability for pickup, holds, and the last free day. " +
          "Only state figures the tools returned; say so when a value is missing.",
      ),
  );
  server.registerPrompt(
    "check-demurrage",
    {
      title: "Check Demurrage Risk",
      description: "Analyse demurrage and detention risk for a container, with Bollard's figures and their working",
      argsSchema: { container_id: z.string().describe("The container's id (UUID)") },
    },
    ({ container_id: id }) =>
      userMessage(
        `Analyse demurrage and detention risk for container ${id}. Call get_container (include pod_terminal) and get_container_demurrage. Report:\n` +
          "- the binding last free day, where it comes from (basis) and the free days remaining\n" +
          "- availability and any holds blocking pickup\n" +
          "- money accrued so far and projected, quoting Bollard's amounts and currency exactly (never estimate a rate: when a charge has no rate, say the money is unknown)\n" +
          "- terminal fees as reported\n" +
          "- the action that avoids further charges",
      ),
  );
  server.registerPrompt(
    "analyze-delays",
    {
      title: "Analyze Journey Delays",
      description: "Identify delays and their likely causes in a container's journey",
      argsSchema: { container_id: z.string().describe("The container's id (UUID)") },
    },
    ({ container_id: id }) =>
      userMessage(
        `Analyse the journey of container ${id}. Call get_container (include shipment), get_container_transport_events, get_eta with its shipment_id, ` +
          "get_history for the shipment (attribute pod_eta_at) and list_exceptions for the shipment. Report:\n" +
          "- the delay against the first ETA and the ETA at departure (hours), and Bollard's predicted arrival with its p10/p90 bounds\n" +
          "- when the ETA slipped and by how much, from the history\n" +
          "- unusual gaps or long stays between milestones, rollovers and transshipment dwell\n" +
          "- open exceptions\n" +
          "- the impact on transit time. Use only the tools' figures.",
      ),
  );
}
