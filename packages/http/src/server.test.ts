import type { ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
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

  it("writes the responses to the requests read in one turn together, once each of them has been answered", async () => {
    // For each request: whether a response had already been written when its handler ran.
    const answeredBefore: boolean[] = [];
    const responses: ServerResponse[] = [];
    server = await startServer(
      {
        fetch: (_request, env) => {
          answeredBefore.push(responses.some((response) => response.writableEnded));
          responses.push((env as { outgoing: ServerResponse }).outgoing);
          return new Response("ok");
        },
      },
      { port: 0 },
    );
    const sockets = await Promise.all([0, 1].map(() => openSocket(server!.port)));
    try {
      // First one request on each connection, one after the other, so the server has accepted both.
      for (const socket of sockets) await exchange(socket);
      answeredBefore.length = 0;
      responses.length = 0;
      // Then one on each in the same tick: the server reads both in one turn of its event loop.
      const answers = await Promise.all(sockets.map((socket) => exchange(socket)));
      expect(answers.map((answer) => answer.split("\r\n")[0])).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
      expect(answeredBefore).toEqual([false, false]);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it("writes the header names it is given in their spelling, and the others as the response has them", async () => {
    const headers = { "api-version": "2.2.0", "next-page-cursor": "ZmVlZDo0Mg", "x-other": "kept" };
    server = await startServer({ fetch: () => new Response("ok", { headers }) }, { port: 0, headerNames: ["API-Version", "Next-Page-Cursor"] });
    const socket = await openSocket(server.port);
    try {
      const lines = (await exchange(socket)).split("\r\n");
      expect(lines).toContain("API-Version: 2.2.0");
      expect(lines).toContain("Next-Page-Cursor: ZmVlZDo0Mg");
      expect(lines).toContain("x-other: kept");
    } finally {
      socket.destroy();
    }
  });
});

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket)).once("error", reject);
  });
}

/** Writes a keep-alive GET on `socket` and resolves with the whole answer (its body is "ok"). */
function exchange(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const onData = (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.endsWith("\r\n\r\nok")) {
        socket.off("data", onData).off("error", reject);
        resolve(answer);
      }
    };
    socket.on("data", onData).once("error", reject);
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  });
}
