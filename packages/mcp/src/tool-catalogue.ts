import type { BollardTool } from "./tool-kit.js";
import { bulkImportDryRun } from "./tools/bulk-tools.js";
import { getContainer, getContainerRoute, getContainerTransportEvents } from "./tools/container-tools.js";
import { getContainerDemurrage, getDemurrageExposure, listLastFreeDays } from "./tools/demurrage-tools.js";
import { getEta, getEtaAccuracy, listDelayedShipments } from "./tools/eta-tools.js";
import { listExceptions } from "./tools/exception-tools.js";
import { getAsOf, getHistory } from "./tools/history-tools.js";
import { listContainers, listShipments, listTrackingRequests } from "./tools/list-tools.js";
import { getSupportedShippingLines, searchContainer, trackContainer } from "./tools/lookup-tools.js";
import {
  sandboxAddFault,
  sandboxCreateSnapshot,
  sandboxGetClock,
  sandboxListFaults,
  sandboxListScenarios,
  sandboxListSnapshots,
  sandboxRemoveFault,
  sandboxReset,
  sandboxRestoreSnapshot,
  sandboxSetClock,
  sandboxTrackScenario,
} from "./tools/sandbox-tools.js";
import { getShipmentDetails } from "./tools/shipment-tools.js";
import { listWebhookDeliveries, listWebhooks } from "./tools/webhook-tools.js";

/** Tools of any shapes as the catalogue holds them (each was checked against its own shapes where it was defined). */
function tools(...list: readonly Pick<BollardTool, "name" | "access">[]): readonly BollardTool[] {
  return list as unknown as readonly BollardTool[];
}

/** The hosted Terminal49 MCP server's ten tools, with its names and argument shapes. */
export const HOSTED_TOOLS: readonly BollardTool[] = tools(searchContainer, trackContainer, getContainer, getShipmentDetails, getContainerTransportEvents, getSupportedShippingLines, getContainerRoute, listShipments, listContainers, listTrackingRequests);

/** Bollard's own tools: history, demurrage and detention, ETA, exceptions, bulk dry runs, webhooks. */
export const BOLLARD_TOOLS: readonly BollardTool[] = tools(getHistory, getAsOf, getContainerDemurrage, getDemurrageExposure, listLastFreeDays, getEta, listDelayedShipments, getEtaAccuracy, listExceptions, bulkImportDryRun, listWebhooks, listWebhookDeliveries);

/** The sandbox controls, on a `--sandbox` server only. */
export const SANDBOX_TOOLS: readonly BollardTool[] = tools(sandboxGetClock, sandboxSetClock, sandboxListScenarios, sandboxTrackScenario, sandboxListFaults, sandboxAddFault, sandboxRemoveFault, sandboxReset, sandboxListSnapshots, sandboxCreateSnapshot, sandboxRestoreSnapshot);

/** Which tools a server offers. */
export interface ToolSelection {
  /** Whether the key may write (`editor`): a viewer gets the read-only tools alone. */
  canWrite: boolean;
  /** Whether the sandbox tools are on. */
  sandbox: boolean;
}

/** The tools a server offers a key: write tools only to editors, sandbox tools only on a sandbox. */
export function selectTools(selection: ToolSelection): BollardTool[] {
  const all = [...HOSTED_TOOLS, ...BOLLARD_TOOLS, ...(selection.sandbox ? SANDBOX_TOOLS : [])];
  return all.filter((tool) => selection.canWrite || tool.access === "read");
}
