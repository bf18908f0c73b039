import { parseArgs, type ParseArgsConfig } from "node:util";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { demoCommand } from "./demo-command.js";
import { keysCreateCommand } from "./keys-command.js";
import { migrateDbCommand } from "./migrate-db/migrate-db-command.js";
import { serveCommand } from "./serve-command.js";

const USAGE = `Usage:
  bollard serve [--port 8080] [--host 127.0.0.1] [--db ./data/bollard.sqlite | postgres://…] [--clock-speed N [--clock-origin ISO]] [--rate-limit 100/min] [--allow-private-webhooks] [--webhook-retention-days 30]
  bollard keys create --db PATH --account NAME [--role editor|viewer]
  bollard demo --db PATH [--seed N] [--account NAME]
  bollard migrate-db --from DB --to DB [--batch 500]   (each a SQLite file or a postgres:// URL)

Environment: BOLLARD_DB, PORT and HOST stand in for --db, --port and --host.`;

const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  ...(process.stderr.isTTY && { progress: (chunk: string) => void process.stderr.write(chunk) }),
  env: process.env,
};

/**
 * Runs the `bollard` command with its arguments and resolves to the exit code.
 * Bad arguments and unusable databases print one line to stderr and give 1.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "serve":
        return await serveCommand(
          parse(rest, { port: { type: "string" }, host: { type: "string" }, db: { type: "string" }, "clock-speed": { type: "string" }, "clock-origin": { type: "string" }, "rate-limit": { type: "string" }, "allow-private-webhooks": { type: "boolean" }, "webhook-retention-days": { type: "string" } }),
          io,
        );
      case "keys": {
        const [sub, ...args] = rest;
        if (sub !== "create") throw new CliError(`Unknown keys command "${sub ?? ""}" (try: bollard keys create)`);
        return await keysCreateCommand(parse(args, { db: { type: "string" }, account: { type: "string" }, role: { type: "string" } }), io);
      }
      case "migrate-db":
        return await migrateDbCommand(parse(rest, { from: { type: "string" }, to: { type: "string" }, batch: { type: "string" } }), io);
      case "demo":
        return await demoCommand(parse(rest, { db: { type: "string" }, seed: { type: "string" }, account: { type: "string" } }), io);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        io.out(USAGE);
        return command === undefined ? 1 : 0;
      default:
        throw new CliError(`Unknown command "${command}". ${USAGE.split("\n")[0]} …; run "bollard help"`);
    }
  } catch (error) {
    io.err(`bollard: ${oneLine(error)}`);
    return 1;
  }
}

function parse(args: readonly string[], options: NonNullable<ParseArgsConfig["options"]>): Record<string, string | undefined> {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? "unknown error";
}
