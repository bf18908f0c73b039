import { backgroundSettings, describeError, runLoops } from "./background-loops.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { bufferedLines } from "./line-writer.js";
import { checkDatabase, DEFAULT_DB, displayDb } from "./open-storage.js";
import { serveConfig } from "./serve-config.js";
import { serverLog } from "./server-log.js";
import { watchStopSignals } from "./stop-signals.js";
import { usageError } from "./cli-error.js";

/**
 * Runs `bollard worker`: the refresh loop and the webhook worker against `--db`, until SIGTERM or
 * SIGINT, for API servers started with `--background off` (on PostgreSQL, on other machines too).
 * Passes are logged at debug level, failures at error; resolves to the exit code once stopped.
 */
export async function workerCommand(flags: ParsedOptions, io: CliIo): Promise<number> {
  const config = serveConfig(flags, io.env);
  if (config.db === ":memory:") throw usageError("bollard worker needs a database other processes share: a SQLite file or a postgres:// URL, not :memory:");
  const db = checkDatabase(config.db ?? DEFAULT_DB, { option: "--db", allowMemory: false, mustExist: true });
  const log = serverLog(bufferedLines({ write: (chunk: string) => io.err(chunk.replace(/\n$/, "")) }), config.logLevel);
  const signals = watchStopSignals((again) => {
    log.write({ level: "warn", msg: "stopping at once", signal: again });
    log.flush();
    process.exit(again === "SIGINT" ? 130 : 143);
  });
  try {
    const tracker = await runLoops(backgroundSettings(db, config), {
      onPass: ({ loop, summary, durationMs }) => log.write({ level: "debug", msg: "background pass", loop, duration_ms: Math.round(durationMs), ...summary }),
      onError: (error, loop) => log.write({ level: "error", msg: "background pass failed", loop, error: describeError(error) }),
    });
    io.out(`Bollard worker refreshing and delivering webhooks for ${displayDb(db)}`);
    // The loops' timers do not keep a process alive (a server's socket does): this does, until a stop signal.
    const alive = setInterval(() => {}, 2 ** 30);
    const signal = await signals.received.finally(() => clearInterval(alive));
    log.write({ level: "info", msg: "shutting down", signal, timeout_s: config.shutdownSeconds });
    await tracker.close({ timeoutMs: config.shutdownSeconds * 1000 });
    log.write({ level: "info", msg: "stopped" });
    return 0;
  } finally {
    signals.stop();
    log.flush();
  }
}
