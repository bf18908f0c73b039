import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bollardCommand, REPOSITORY_ROOT } from "./testing/bollard-cli.js";
import { seedDemoDatabase } from "./testing/demo-database.js";
import { callEveryTool, type SampleIds } from "./testing/every-tool.js";

/*
 * `bollard mcp --sandbox` over stdio, spawned once: the SDK's client lists the tools, prompts and
 * resources and calls every tool on the demo database, each answer checked against its schema.
 */

const dir = mkdtempSync(join(tmpdir(), "bollard-mcp-stdio-"));
let client: Client;
let ids: SampleIds;

beforeAll(async () => {
  const demo = await seedDemoDatabase(join(dir, "demo.sqlite"));
  const tracker = await createTracker({ storage: sqliteStorage({ filename: demo.db }) });
  const session = tracker.session(await tracker.accounts.authenticate(demo.editorKey));
  const containers = await session.containers.list({ page: { number: 1, size: 100 } });
  const container = containers.data.find((c) => c.pod_discharged_at !== null) ?? containers.data[0]!;
  ids = { containerId: container.id, containerNumber: container.number, shipmentId: container.shipment_id };
  await tracker.close();
  const { command, args } = bollardCommand(["mcp", "--db", demo.db, "--key", demo.editorKey, "--sandbox"]);
  client = new Client({ name: "bollard-mcp-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args, cwd: REPOSITORY_ROOT, stderr: "pipe" }));
}, 180_000);

afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("bollard mcp over stdio", () => {
  it("lists the hosted server's ten tools, Bollard's own and the sandbox tools, each with input and output schemas", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of ["search_container", "track_container", "get_container", "get_shipment_details", "get_container_transport_events", "get_supported_shipping_lines", "get_container_route", "list_shipments", "list_containers", "list_tracking_requests"]) expect(names).toContain(name);
    for (const name of ["get_history", "get_as_of", "get_container_demurrage", "list_last_free_days", "get_eta", "get_eta_accuracy", "list_exceptions", "bulk_import_dry_run", "list_webhook_deliveries", "sandbox_set_clock", "sandbox_reset"]) expect(names).toContain(name);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
    }
    const track = tools.find((tool) => tool.name === "track_container")!;
    expect(Object.keys(track.inputSchema.properties ?? {}).sort()).toStrictEqual(["bookingNumber", "containerNumber", "number", "numberType", "refNumbers", "scac"]);
    expect(track.annotations?.readOnlyHint).toBe(false);
  });

  it("lists the prompts and resources, and reads each", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toStrictEqual(["analyze-delays", "check-demurrage", "track-shipment"]);
    const prompt = await client.getPrompt({ name: "check-demurrage", arguments: { container_id: ids.containerId } });
    expect((prompt.messages[0]!.content as { text: string }).text).toContain("get_container_demurrage");
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toStrictEqual(["bollard://docs/demurrage-basis", "bollard://docs/milestone-glossary", "bollard://docs/query-guidance"]);
    for (const resource of resources) expect(((await client.readResource({ uri: resource.uri })).contents[0] as { text: string }).text.length).toBeGreaterThan(200);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toStrictEqual(["bollard://container/{id}"]);
    const container = JSON.parse(((await client.readResource({ uri: `bollard://container/${ids.containerId}` })).contents[0] as { text: string }).text);
    expect(container.number).toBe(ids.containerNumber);
  });

  it("calls every tool on the demo database, each answer valid against its output schema", async () => {
    const answers = await callEveryTool(client, ids);
    expect(answers.size).toBeGreaterThanOrEqual(33);
    expect(answers.get("track_container")).toMatchObject({ tracking_request_created: false, container: { id: ids.containerId } });
    expect(answers.get("bulk_import_dry_run")).toMatchObject({ status: "completed", row_count: 2 });
    expect((answers.get("bulk_import_dry_run")!.counts as Record<string, number>).invalid).toBe(1);
    expect(answers.get("sandbox_set_clock")).toMatchObject({ advanced: true });
  }, 180_000);

  it("answers an unknown id with a clear error, not a made-up record", async () => {
    const result = await client.callTool({ name: "get_container", arguments: { id: "00000000-0000-7000-8000-000000000000" } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(/^not_found \(404\)/);
  });
});
