import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createTracker, type Tracker } from "@bollard/core";
import { createHttpApp } from "@bollard/http";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { getRequestListener } from "@hono/node-server";

/** Options of {@link startHostApp}. */
export interface HostAppOptions {
  /** The SQLite database file (created when missing). */
  filename: string;
  /** @default 3000 (0 picks a free port) */
  port?: number;
  /** @default "127.0.0.1" */
  host?: string;
}

/** The running host application. */
export interface HostApp {
  /** Where it listens, e.g. `http://127.0.0.1:3000`. */
  readonly url: string;
  readonly tracker: Tracker;
  /** Stops accepting connections, lets in-flight requests finish, then stops the tracker and closes the database. */
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/**
 * An existing `node:http` application with routes of its own (`/` and `/health`) that serves
 * Bollard's JSON:API under `/v2` from the same port, on a SQLite database.
 */
export async function startHostApp(options: HostAppOptions): Promise<HostApp> {
  const tracker = await createTracker({ storage: sqliteStorage({ filename: options.filename }) });
  // Bollard's routes are absolute (/v2/...), so requests are handed over with their path unchanged.
  const bollard = getRequestListener(createHttpApp(tracker).fetch);

  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (pathname === "/v2" || pathname.startsWith("/v2/")) return void bollard(request, response);
    if (request.method !== "GET") return send(response, 405, { error: "method not allowed" });
    if (pathname === "/") return send(response, 200, { app: "Acme portal", tracking_api: "/v2" });
    if (pathname === "/health") {
      // A cheap query, so the check fails when the database does.
      return void tracker.accounts.any().then(
        () => send(response, 200, { status: "ok" }),
        () => send(response, 503, { status: "database unavailable" }),
      );
    }
    send(response, 404, { error: "not found" });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 3000, options.host ?? "127.0.0.1", resolve);
  });
  // Refresh tracked shipments from the carrier source every second of real time.
  tracker.refresh.start();

  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    tracker,
    async close() {
      // Since Node 19, close() also drops idle keep-alive connections; busy ones end after their response.
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await tracker.close(); // stops the refresh loop, then closes the database
    },
  };
}
