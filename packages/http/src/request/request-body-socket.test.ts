import { request as httpRequest } from "node:http";
import { MAX_BODY_BYTES } from "@bollard/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.js";
import { createHarness } from "../testing/http-harness.js";

/**
 * Request bodies over a real socket, where they are read from Node's request as it arrives (the
 * in-process tests read them from a web `Request`): whole, in pieces, empty, too large, not UTF-8,
 * of another media type.
 */
describe("request bodies over a socket", () => {
  let server: RunningServer;
  let harness: Awaited<ReturnType<typeof createHarness>>;
  let path: string;

  beforeAll(async () => {
    harness = await createHarness();
    server = await startServer(harness.app, { port: 0 });
    path = `/v2/shipments/${harness.data.acme.shipments[0]!.id}`;
  });
  afterAll(() => server.close());

  /** Sends a PATCH whose body is written in these pieces (chunked when there is no Content-Length), and reads the answer. */
  function patch(pieces: (string | Buffer)[], headers: Record<string, string> = {}): Promise<{ status: number; body: any; connection: string | undefined }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port: server.port, method: "PATCH", path, headers: { authorization: `Token ${harness.keys.editor}`, "content-type": "application/vnd.api+json", ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined, connection: res.headers.connection });
          });
        },
      );
      req.on("error", reject);
      const writeNext = (i: number) => {
        if (i === pieces.length) return req.end();
        req.write(pieces[i]);
        setTimeout(() => writeNext(i + 1), 5);
      };
      writeNext(0);
    });
  }

  const tagsBody = (tags: string[]) => JSON.stringify({ data: { type: "shipment", attributes: { tags } } });

  it("reads a body sent whole, or in pieces over several packets", async () => {
    const whole = tagsBody(["whole"]);
    const sent = await patch([whole], { "content-length": String(Buffer.byteLength(whole)) });
    expect(sent.status).toBe(200);
    expect(sent.body.data.attributes.tags).toEqual(["whole"]);

    // A character split across two pieces still decodes: the pieces are joined before decoding.
    const text = tagsBody(["pièces"]);
    const bytes = Buffer.from(text);
    const at = bytes.indexOf(Buffer.from("è")) + 1;
    const pieces = [bytes.subarray(0, 10), bytes.subarray(10, at), bytes.subarray(at)];
    const chunked = await patch(pieces);
    expect(chunked.status).toBe(200);
    expect(chunked.body.data.attributes.tags).toEqual(["pièces"]);
  });

  it("answers 422 for an empty body, 415 for another media type, 400 for bytes that are not UTF-8", async () => {
    expect((await patch([])).status).toBe(422);
    const form = await patch(["tags=x"], { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const latin1 = await patch([Buffer.from(tagsBody(["caf\u00e9"]), "latin1")]);
    expect(latin1.status).toBe(400);
    expect(latin1.body.errors[0].code).toBe("malformed_json");
  });

  it("answers 413 past the limit, declared or not, and serves the next request", async () => {
    const huge = tagsBody(["x".repeat(MAX_BODY_BYTES)]);
    expect((await patch([huge], { "content-length": String(huge.length) })).status).toBe(413);
    // Chunked, with no length to refuse up front: reading stops at the limit, and the connection
    // closes after the 413 (kept open, it would wait for the rest, and hold a shutdown up).
    const piece = "x".repeat(256 * 1024);
    const undeclared = await patch([`{"data":{"attributes":{"tags":["`, ...Array.from({ length: 5 }, () => piece), `"]}}}`]);
    expect(undeclared.status).toBe(413);
    expect(undeclared.body.errors[0].code).toBe("payload_too_large");
    expect(undeclared.connection).toBe("close");
    const after = await patch([tagsBody(["after"])]);
    expect(after.status).toBe(200);
    expect(after.body.data.attributes.tags).toEqual(["after"]);
  });
});
