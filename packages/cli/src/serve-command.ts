import { createTracker, scaledClock, type Storage } from "@bollard/core";
import { createHttpApp, parseRateLimit, startServer } from "@bollard/http";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { DEFAULT_DEMO_ACCOUNT, seedDemo } from "./demo-command.js";
import { bufferedLines } from "./line-writer.js";
import { DEFAULT_DB, displayDb, openStorage } from "./open-storage.js";
import { parseRetentionDays } from "./serve-retention.js";

/** `bollard serve`: runs the API until SIGINT or SIGTERM. */
export async function serveCommand(args: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const db = args.db ?? io.env.BOLLARD_DB ?? DEFAULT_DB;
  const port = parsePort(args.port ?? io.env.PORT ?? "8080");
  const host = args.host ?? io.env.HOST ?? "127.0.0.1";
  const speed = args["clock-speed"] === undefined ? 1 : Number(args["clock-speed"]);
  if (!Number.isFinite(speed) || speed <= 0 || speed > 1_000_000) throw new CliError(`--clock-speed must be a positive number, not "${args["clock-speed"]}"`);
  const origin = args["clock-origin"];
  if (origin !== undefined && (speed === 1 || !Number.isFinite(Date.parse(origin)))) throw new CliError(`--clock-origin needs --clock-speed and an ISO 8601 instant, not "${origin}"`);
  const rateLimit = args["rate-limit"] === undefined ? undefined : parseRateLimit(args["rate-limit"]);
  if (rateLimit === null) throw new CliError(`--rate-limit must look like 100/min, not "${args["rate-limit"]}"`);
  // A boolean flag: parseArgs gives `true` (typed as the string options of the other flags).
  const allowPrivateWebhooks = (args["allow-private-webhooks"] as unknown) === true;
  const storage = openStorage(db, { server: true }); // storage-sql: one server per SQLite file
  const webhooks = { allowPrivateUrls: allowPrivateWebhooks, retention: parseRetentionDays(args["webhook-retention-days"]) }; // storage-sql: outbox retention
  const logs = bufferedLines({ write: (chunk: string) => io.err(chunk.replace(/\n$/, "")) });
  const onBackgroundError = (error: unknown, loop: string) =>
    logs.write(JSON.stringify({ level: "error", msg: "background pass failed", loop, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
  const clock = speed !== 1 ? { clock: scaledClock(speed, undefined, origin) } : {};
  const tracker = await createTracker({ storage, webhooks, onBackgroundError, ...clock }).catch((error: Error) => {
    throw new CliError(`Cannot open the database ${displayDb(db)}: ${error.message}`);
  });
  if (await claimDemoSeeding(tracker.storage)) {
    const demo = await seedDemo(tracker, DEFAULT_DEMO_ACCOUNT, 1);
    const { apiKey } = await tracker.accounts.issueKey(demo.accountId, { role: "editor", name: "demo" });
    io.out(`Created the ${DEFAULT_DEMO_ACCOUNT} account with ${demo.shipments} demo shipments. Its API key (shown once):`);
    io.out(apiKey);
  }
  const app = createHttpApp(tracker, { log: (entry) => logs.write(JSON.stringify(entry)), ...(rateLimit && { rateLimit }) });
  const server = await startServer(app, { port, host });
  tracker.refresh.start(1_000);
  tracker.webhooks.start(250);
  io.out(`Bollard listening on http://${server.address}/v2 (database: ${displayDb(db)}${speed !== 1 ? `, clock ×${speed}` : ""}${allowPrivateWebhooks ? ", private webhook targets allowed" : ""})`);
  const signal = await server.untilSignal();
  logs.write(JSON.stringify({ level: "info", msg: "shutting down", signal }));
  await server.close();
  await tracker.close(); // stops the refresh and webhook loops first, then closes the database
  logs.flush();
  return 0;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be an integer from 0 to 65535, not "${value}"`);
  return port;
}

/**
 * True when this process should seed the demo account: the database has no account and no other
 * process claimed the seeding. Servers sharing one PostgreSQL database may start together; the
 * check and the claim run in one transaction, and transactions are serialized, so one seeds.
 */
async function claimDemoSeeding(storage: Storage): Promise<boolean> {
  return storage.transaction(async (tx) => {
    if ((await tx.accounts.list({ number: 1, size: 1 })).total > 0) return false;
    if ((await tx.meta.get("serve.demo_seeded_at")) !== null) return false;
    await tx.meta.set("serve.demo_seeded_at", new Date().toISOString());
    return true;
  });
}
