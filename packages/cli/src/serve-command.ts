import { createServer as createNetServer } from "node:net";
import { CliError, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { bufferedLines } from "./line-writer.js";
import { serveConfig } from "./serve-config.js";
import { isApiProcess, leaveCluster, startApiProcesses, type StartingApiProcesses } from "./serve-processes.js";
import { serverLog } from "./server-log.js";

/**
 * Runs `bollard serve` with parsed options; resolves to the exit code once stopped. This module
 * settles what the process is from the options alone, then loads the server (serve-server.ts).
 * A primary of `--processes` (a SQLite file or PostgreSQL, 1 API process by default) tries the port
 * and starts its API processes first, so they load their code while it loads its own: run from
 * source, loading is most of a start.
 */
export async function serveCommand(flags: ParsedOptions, io: CliIo): Promise<number> {
  const config = serveConfig(flags, io.env);
  const role = isApiProcess() ? "api" : config.processes !== undefined ? "primary" : "single";
  const log = serverLog(bufferedLines({ write: (chunk: string) => io.err(chunk.replace(/\n$/, "")) }), config.logLevel);
  for (const { variable, because } of config.ignoredEnv) log.write({ level: "warn", msg: "environment variable overridden", variable, by: because });
  const listenFailure = (error: NodeJS.ErrnoException): never => {
    // An API process must leave its primary's channel to exit, so the primary sees it fail.
    leaveCluster();
    if (error.code === "EADDRINUSE") throw new CliError(`Port ${config.port} on ${config.host} is already in use (another bollard serve?). Choose another with --port, or --port 0 for any free port.`);
    if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") throw usageError(`--host ${config.host} is not an address of this machine`);
    throw new CliError(`Cannot listen on ${config.host}:${config.port}: ${error.message}`);
  };
  // The primary does not listen itself: its API processes do. It tries the port first, so a taken
  // one fails here, before any process starts or the database is opened.
  let apiProcesses: StartingApiProcesses | undefined;
  if (role === "primary") {
    await tryPort(config.port, config.host).catch(listenFailure);
    apiProcesses = startApiProcesses(config.processes!, log);
  }
  try {
    const { runServer } = await import("./serve-server.js");
    return await runServer({ config, role, log, listenFailure, apiProcesses }, io);
  } catch (error) {
    // Whatever failed, before the server's cleanup or after it: the API processes go too.
    await apiProcesses?.stop(0);
    throw error;
  }
}

/** Listens on `port` of `host` and closes again at once: rejects as `listen` would (a taken port, an address not of this machine). */
function tryPort(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
