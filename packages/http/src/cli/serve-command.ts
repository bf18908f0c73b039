import { createTracker } from "@bollard/core";
import { createHttpApp } from "../app.js";
import { startServer } from "../server.js";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli.js";
import { DEFAULT_DEMO_ACCOUNT, seedDemo } from "./demo-command.js";
import { DEFAULT_DB, openStorage } from "./open-storage.js";

/** `bollard serve`: runs the API until SIGINT or SIGTERM. */
export async function serveCommand(args: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const db = args.db ?? io.env.BOLLARD_DB ?? DEFAULT_DB;
  const port = parsePort(args.port ?? io.env.PORT ?? "8080");
  const host = args.host ?? io.env.HOST ?? "127.0.0.1";
  const tracker = await createTracker({ storage: openStorage(db) });
  if (!(await tracker.accounts.any())) {
    const demo = await seedDemo(tracker, DEFAULT_DEMO_ACCOUNT, 1);
    const { apiKey } = await tracker.accounts.issueKey(demo.accountId, { role: "editor", name: "demo" });
    io.out(`Created the ${DEFAULT_DEMO_ACCOUNT} account with ${demo.shipments} demo shipments. Its API key (shown once):`);
    io.out(apiKey);
  }
  const app = createHttpApp(tracker, { log: (entry) => io.err(JSON.stringify(entry)) });
  const server = await startServer(app, { port, host });
  io.out(`Bollard listening on http://${server.address}/v2 (database: ${db})`);
  const signal = await server.untilSignal();
  io.err(JSON.stringify({ msg: "shutting down", signal }));
  await server.close();
  await tracker.close();
  return 0;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be an integer from 0 to 65535, not "${value}"`);
  return port;
}
