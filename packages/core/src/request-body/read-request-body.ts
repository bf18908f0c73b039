import type { IncomingMessage } from "node:http";
import { BollardError } from "../errors/index.js";

/** The largest request body a Bollard server accepts, unless a route says less. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Options of {@link readRequestBody}. */
export interface ReadRequestBodyOptions {
  /**
   * The most bytes accepted; one more and the read stops with `payload_too_large`.
   * @default MAX_BODY_BYTES (1 MiB)
   */
  maxBytes?: number;
  /**
   * Node's own request, when the server is `@hono/node-server` (its `env.incoming`): read directly,
   * it skips the web stream the adapter would build around it on first use.
   * @default none: the web request's body stream is read
   */
  incoming?: unknown;
}

/**
 * Reads a request body, counting bytes as they arrive, chunked or not: past `maxBytes` it stops
 * keeping what arrives and throws a BollardError `payload_too_large` (413), so no upload can hold
 * more than `maxBytes` of the server's memory. A declared `Content-Length` over the limit fails
 * before a byte is read. Resolves with the body's non-empty chunks (none for an empty body).
 *
 * After a 413 the server should close the connection (`Connection: close`): what is left of the
 * body is never read, and a connection kept open would wait for it.
 * @example
 * const chunks = await readRequestBody(c.req.raw, { incoming: c.env?.incoming });
 */
export async function readRequestBody(request: Request, options: ReadRequestBodyOptions = {}): Promise<Uint8Array[]> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  return isNodeRequest(options.incoming) ? incomingChunks(options.incoming, maxBytes) : streamChunks(request.body, maxBytes);
}

/** Joins chunks read by {@link readRequestBody} into one buffer. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  return Buffer.concat(chunks);
}

/** The error of a body over `maxBytes`. */
export function bodyTooLarge(maxBytes: number): BollardError {
  return new BollardError("payload_too_large", `The request body is over ${maxBytes} bytes`);
}

function isNodeRequest(value: unknown): value is IncomingMessage {
  return typeof value === "object" && value !== null && typeof (value as IncomingMessage).on === "function" && "readableEnded" in value;
}

/** Reads Node's request as it arrives; past the limit it stops listening, so nothing more is kept. */
function incomingChunks(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array[]> {
  if (incoming.readableEnded) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const settle = (error?: Error) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (error) reject(error);
      else resolve(chunks);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) settle(bodyTooLarge(maxBytes));
      else if (chunk.byteLength > 0) chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onError = (error: Error) => settle(error);
    // Closed before its end: the client went away mid-body.
    const onClose = () => settle(new Error("the request was closed before its body ended"));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

/** Reads a web request's body stream (the app called in process); past the limit it cancels the stream. */
async function streamChunks(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array[]> {
  if (!body) return [];
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(maxBytes);
    }
    if (value.byteLength > 0) chunks.push(value);
  }
}
