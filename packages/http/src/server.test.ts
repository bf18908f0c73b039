import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server.js";

describe("startServer", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close({ timeoutMs: 1000 });
    server = undefined;
  });

  it("serves any fetch handler over a real socket, and closes", async () => {
    const seen: string[] = [];
    server = await startServer({ fetch: (request) => (seen.push(new URL(request.url).pathname), new Response("plain", { status: 201 })) }, { port: 0 });
    const { port } = server;
    const response = await fetch(`http://127.0.0.1:${port}/any/path?x=1`);
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("plain");
    expect(seen).toEqual(["/any/path"]);
    await server.close();
    server = undefined;
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
