/**
 * `@bollard/http`: the `/v2` JSON:API over a tracker ({@link createHttpApp}) and the server
 * helper ({@link startServer}). The `bollard` command that runs it standalone is `@bollard/cli`.
 * @packageDocumentation
 */
export { createHttpApp, type HttpAppOptions } from "./app.js";
export type { DashboardOptions } from "./dashboard/dashboard-routes.js";
export type { AppEnv } from "./app-env.js";
export { startServer, type FetchHandler, type StartServerOptions, type RunningServer } from "./server.js";
export { cachedAnswersOf, type NodeAnswer } from "./cached-answers.js";
export type { LogEntry } from "./middleware/request-log.js";
export { createRequestBudget, parseRateLimit, type RateLimit, type RequestBudget } from "./middleware/rate-limit.js";
export { DEFAULT_RESPONSE_CACHE_BYTES, type ResponseCacheOptions } from "./middleware/response-cache.js";
