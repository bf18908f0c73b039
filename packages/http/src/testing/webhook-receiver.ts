import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a test receiver got. */
export interface ReceivedWebhook {
  /** The request's headers (Node.js lower-cases their names). */
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent (what signatures cover). */
  body: string;
  /** The status the receiver answered. */
  status: number;
}

/** A local webhook receiver on 127.0.0.1 for socket tests. */
export interface TestReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  readonly url: string;
  /** Every request received so far, in arrival order. */
  readonly received: ReceivedWebhook[];
  /** Drops open connections and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a receiver on a free port that records every request and answers with `respond`'s
 * status (200 by default). `respond` may also write the response itself and return null
 * (e.g. to hang or to send a large body).
 */
export async function startTestReceiver(respond: (request: { headers: IncomingHttpHeaders; body: string }, response: ServerResponse) => number | null = () => 200): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const status = respond({ headers: request.headers, body }, response);
      received.push({ headers: request.headers, body, status: status ?? response.statusCode });
      if (status !== null) response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
