/**
 * `@bollard/http`: the `/v2` JSON:API over a tracker ({@link createHttpApp}), the server
 * helper and the `bollard` command.
 * @packageDocumentation
 */
export { createHttpApp, type HttpAppOptions } from "./app.js";
export type { AppEnv } from "./app-env.js";
export { startServer, type StartServerOptions, type RunningServer } from "./server.js";
export { runCli, type CliIo } from "./cli/cli.js";
export type { LogEntry } from "./middleware/request-log.js";
export type { RateLimit } from "./middleware/rate-limit.js";
