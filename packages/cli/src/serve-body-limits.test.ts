import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBollard, type BollardProcess } from "./testing/bollard-process.js";

const KEY = "body-limits-key-0123456789abcdef";
const MB = 1024 * 1024;

/** The resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.split(/\s+/)[1]) * 1024;
}

/**
 * Streams `total` bytes as a chunked body (no Content-Length) as fast as the server takes them,
 * and resolves with the answer's status and Connection header, and how much was sent before it.
 * A server that answers and closes while bytes are still arriving resets the connection, and on a
 * busy machine the reset can reach this client before the answer does (TCP drops what was not
 * read yet): the status is then `"reset"`, the refusal seen as the connection closing mid-upload.
 */
function upload(port: number, method: string, path: string, headers: Record<string, string>, total: number): Promise<{ status: number | "reset"; connection: string | undefined; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, sent }));
    });
    // The server closes the connection once it has answered: the rest of the upload fails to send.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if ((error.code === "EPIPE" || error.code === "ECONNRESET") && sent > 0 && sent < total) resolve({ status: "reset", connection: "close", sent });
      else reject(error);
    });
    const chunk = Buffer.alloc(MB, "x");
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("bollard serve bounds request bodies while they stream", () => {
  let server: BollardProcess;
  let port: number;

  beforeAll(async () => {
    server = startBollard(["serve", "--db", ":memory:", "--port", "0", "--no-demo", "--background", "inline"], { BOLLARD_API_KEY: KEY });
    port = Number((await server.waitFor(/listening on http:\/\/[^:]+:(\d+)\/v2/))[1]);
  });
  afterAll(async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  });

  it("refuses a 300 MB chunked upload to a DCSA notification and to a /v2 write, and the process grows by less than 50 MB", async () => {
    // Warm both routes first, so what they load on first use is not counted as the upload's.
    const json = { "content-type": "application/json" };
    await upload(port, "POST", "/dcsa/v2/notifications/unknown", json, 1);
    await upload(port, "POST", "/v2/tracking_requests", { ...json, authorization: `Token ${KEY}` }, 1);
    const before = rss(server.child.pid!);

    // An unknown subscription is answered before a byte of the body is read.
    const push = await upload(port, "POST", "/dcsa/v2/notifications/unknown", { ...json, "notification-signature": "sha256=00" }, 300 * MB);
    expect([401, "reset"]).toContain(push.status);
    // A /v2 write reads up to the limit, then answers 413 and closes the connection.
    const write = await upload(port, "POST", "/v2/tracking_requests", { ...json, authorization: `Token ${KEY}` }, 300 * MB);
    expect([413, "reset"]).toContain(write.status);
    expect(write.connection).toBe("close");

    const grown = rss(server.child.pid!) - before;
    console.log(`body limits: 2 × 300 MB chunked uploads refused (${push.status}, ${write.status}) after ${(push.sent / MB).toFixed(0)} MB and ${(write.sent / MB).toFixed(0)} MB sent; RSS grew ${(grown / MB).toFixed(1)} MB`);
    expect(grown, `grew ${(grown / MB).toFixed(1)} MB`).toBeLessThan(50 * MB);
    // Neither upload was taken whole: the server stopped listening well before 300 MB.
    expect(push.sent).toBeLessThan(300 * MB);
    expect(write.sent).toBeLessThan(300 * MB);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });
});
