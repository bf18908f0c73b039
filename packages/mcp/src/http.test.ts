import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bollardCommand, REPOSITORY_ROOT } from "./testing/bollard-cli.js";
import { type DemoDatabase, seedDemoDatabase } from "./testing/demo-database.js";
import { callEveryTool, type SampleIds } from "./testing/every-tool.js";

/*
 * `/mcp` on a real `bollard serve` (no --sandbox) over its socket: the API key as a bearer token,
 * every tool for an editor, the read-only ones alone for a viewer, no sandbox tools.
 */

const dir = mkdtempSync(join(tmpdir(), "bollard-mcp-http-"));
let demo: DemoDatabase;
let ids: SampleIds;
let base: string;
let stop: () => Promise<unknown>;
const clients: Client[] = [];

/** A client of the server's /mcp with these headers. */
async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "bollard-mcp-http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

beforeAll(async () => {
  demo = await seedDemoDatabase(join(dir, "demo.sqlite"));
  const tracker = await createTracker({ storage: sqliteStorage({ filename: demo.db }) });
  const session = tracker.session(await tracker.accounts.authenticate(demo.editorKey));
  const container = (await session.containers.list({ page: { number: 1, size: 1 } })).data[0]!;
  ids = { containerId: container.id, containerNumber: container.number, shipmentId: container.shipment_id };
  await tracker.close();
  const { command, args } = bollardCommand(["serve", "--db", demo.db, "--port", "0", "--no-dashboard", "--processes", "0", "--background", "off", "--log-level", "warn"]);
  const child = spawn(command, args, { cwd: REPOSITORY_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  stop = async () => (child.kill("SIGTERM"), exited);
  let output = "";
  base = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)\/v2/.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`bollard serve exited before listening: ${output}`)));
  });
}, 180_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await stop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe("/mcp on bollard serve", () => {
  it("calls every tool as an editor (Bearer key), with no sandbox tools on a server without --sandbox", async () => {
    const client = await connect({ Authorization: `Bearer ${demo.editorKey}` });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("track_container");
    expect(names.filter((name) => name.startsWith("sandbox_"))).toStrictEqual([]);
    const answers = await callEveryTool(client, ids);
    expect(answers.size).toBe(names.length);
    expect((await client.listPrompts()).prompts).toHaveLength(3);
    expect((await client.listResources()).resources).toHaveLength(3);
  }, 180_000);

  it("gives a viewer key (as Token KEY) the read-only tools alone; a write tool is refused", async () => {
    const client = await connect({ Authorization: `Token ${demo.viewerKey}` });
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(15);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(tools.map((tool) => tool.name)).not.toContain("track_container");
    expect(tools.map((tool) => tool.name)).not.toContain("bulk_import_dry_run");
    const refused = await client.callTool({ name: "track_container", arguments: { number: ids.containerNumber } }).catch((error: Error) => ({ isError: true, content: [{ type: "text", text: error.message }] }));
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toMatch(/track_container/);
    const read = await client.callTool({ name: "get_container", arguments: { id: ids.containerId } });
    expect(read.isError).toBeFalsy();
  });

  it("answers 401 without a key or with a wrong one", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const missing = await fetch(`${base}/mcp`, { method: "POST", headers, body });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const wrong = await fetch(`${base}/mcp`, { method: "POST", headers: { ...headers, authorization: "Bearer bol_nope" }, body });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe("Invalid API key");
  });
});
