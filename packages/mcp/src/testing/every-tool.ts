import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { expect } from "vitest";

/** Ids of the demo data the sample calls use. */
export interface SampleIds {
  containerId: string;
  containerNumber: string;
  shipmentId: string;
}

/**
 * Arguments for one call of every tool, in the order they are called (the sandbox's reset and
 * restore come last, so every read before them sees the demo data).
 */
export function sampleArguments(ids: SampleIds): [string, Record<string, unknown>][] {
  return [
    ["search_container", { query: ids.containerNumber }],
    ["get_container", { id: ids.containerId, include: ["shipment", "pod_terminal", "transport_events"] }],
    ["get_shipment_details", { id: ids.shipmentId }],
    ["get_container_transport_events", { id: ids.containerId }],
    ["get_supported_shipping_lines", { search: "maersk" }],
    ["get_container_route", { id: ids.containerId }],
    ["list_shipments", { page_size: 5 }],
    ["list_containers", { status: "available", include: "shipment" }],
    ["list_tracking_requests", { status: "created", page_size: 5 }],
    ["get_history", { resource: "shipment", id: ids.shipmentId }],
    ["get_as_of", { resource: "container", id: ids.containerId, as_of: new Date().toISOString() }],
    ["get_container_demurrage", { id: ids.containerId }],
    ["get_demurrage_exposure", { group_by: "carrier" }],
    ["list_last_free_days", { within_days: 7, include_passed: true }],
    ["get_eta", { shipment_id: ids.shipmentId }],
    ["list_delayed_shipments", { min_delay_hours: 1 }],
    ["get_eta_accuracy", {}],
    ["list_exceptions", {}],
    ["list_webhooks", {}],
    ["list_webhook_deliveries", {}],
    ["track_container", { number: ids.containerNumber }],
    ["bulk_import_dry_run", { rows: [{ "Container #": ids.containerNumber, Carrier: "MSCU" }, { "Container #": "NOTANUMBER", Carrier: "MSCU" }] }],
    ["sandbox_get_clock", {}],
    ["sandbox_set_clock", { advance_by_seconds: 3600 }],
    ["sandbox_list_scenarios", {}],
    ["sandbox_track_scenario", { name: "rollover" }],
    ["sandbox_add_fault", { target: "carrier", effect: "fail", scac: "TEST", times: 1 }],
    ["sandbox_list_faults", {}],
    ["sandbox_create_snapshot", {}],
    ["sandbox_list_snapshots", {}],
    ["sandbox_reset", {}],
  ];
}

/**
 * Calls every tool the server lists with its sample arguments and checks each answer against the
 * tool's output schema (the client checks too) and that it is not an error; the tools that need an
 * id of an earlier answer (a fault, a snapshot) get it from there. Returns the answers by tool.
 */
export async function callEveryTool(client: Client, ids: SampleIds): Promise<Map<string, Record<string, unknown>>> {
  const { tools } = await client.listTools();
  const listed = new Map(tools.map((tool) => [tool.name, tool]));
  const samples = sampleArguments(ids).filter(([name]) => listed.has(name));
  const sampled = new Set(samples.map(([name]) => name));
  const later: [string, (answers: Map<string, Record<string, unknown>>) => Record<string, unknown>][] = [
    ["sandbox_remove_fault", (answers) => ({ id: (answers.get("sandbox_add_fault")!.fault as { id: string }).id })],
    ["sandbox_restore_snapshot", (answers) => ({ id: (answers.get("sandbox_create_snapshot")!.snapshot as { id: string }).id })],
  ];
  for (const [name] of later) if (listed.has(name)) sampled.add(name);
  expect([...listed.keys()].filter((name) => !sampled.has(name)), "every listed tool has a sample call").toStrictEqual([]);
  const validator = new AjvJsonSchemaValidator();
  const answers = new Map<string, Record<string, unknown>>();
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { text?: string }[])[0]?.text;
    expect(result.isError, `${name}: ${text}`).toBeFalsy();
    const check = validator.getValidator(listed.get(name)!.outputSchema as never)(result.structuredContent);
    expect(check.valid, `${name}: ${check.errorMessage}`).toBe(true);
    expect(JSON.parse(text!)).toStrictEqual(result.structuredContent);
    answers.set(name, result.structuredContent as Record<string, unknown>);
  };
  for (const [name, args] of samples) {
    if (name === "sandbox_reset") for (const [laterName, argsOf] of later) if (listed.has(laterName)) await call(laterName, argsOf(answers));
    await call(name, args);
  }
  return answers;
}
