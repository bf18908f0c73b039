import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeHttpTransport } from "./http-transport.js";

let server: Server;
let url: string;
let received = 0;
beforeAll(async () => {
  // Answers at once, except `/slow`, which never answers.
  server = createServer((request, response) => {
    received += 1;
    if (request.url !== "/slow") response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("nodeHttpTransport", () => {
  const transport = nodeHttpTransport({ allowPrivateUrls: true });

  it("answers a header no HTTP client can send with an error instead of throwing, and sends nothing", async () => {
    const before = received;
    for (const value of ["5€", "a\u0007b", "a\r\nX-Injected: 1"]) {
      const response = await transport({ url: `${url}/hook`, headers: { "X-Custom": value }, body: "{}", timeoutMs: 2_000 });
      expect(response).toMatchObject({ status: null, body: null });
      expect(response.error).toMatch(/^the request could not be sent: /);
    }
    expect(received).toBe(before);
    expect((await transport({ url: `${url}/hook`, headers: { "X-Custom": "ok" }, body: "{}", timeoutMs: 2_000 })).status).toBe(204);
  });

  it("gives up a request in flight when its signal aborts", async () => {
    const abort = new AbortController();
    const started = performance.now();
    const pending = transport({ url: `${url}/slow`, headers: {}, body: "{}", timeoutMs: 30_000, signal: abort.signal });
    setTimeout(() => abort.abort(), 100);
    const response = await pending;
    expect(response.status).toBeNull();
    expect(response.error).toBe("aborted: the server is shutting down");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses an address of an IANA special-purpose range when private targets are not allowed", async () => {
    const strict = nodeHttpTransport({ allowPrivateUrls: false });
    for (const target of ["http://198.18.0.1/", "http://[2001:db8::1]/", "http://192.0.2.10/", "http://127.0.0.1:1/"]) {
      expect((await strict({ url: target, headers: {}, body: "{}", timeoutMs: 2_000 })).error).toMatch(/^refused: /);
    }
  });
});
