import { type Tracker, BollardError } from "@bollard/core";
import { errorDocument, errorStatus, type ErrorLocation } from "@bollard/core/jsonapi";
import type { AppEnv } from "./app-env.js";
import { Hono } from "hono";
import { dashboardRoutes, type DashboardOptions } from "./dashboard/dashboard-routes.js";
import { cachedAnswers, setCachedAnswers } from "./cached-answers.js";
import { authenticate } from "./middleware/authenticate.js";
import { conditionalGet } from "./middleware/conditional-get.js";
import { responseCache, type ResponseCacheOptions } from "./middleware/response-cache.js";
import { rateLimit, type RateLimit, type RequestBudget } from "./middleware/rate-limit.js";
import { requestLog, type LogEntry } from "./middleware/request-log.js";
import { lookupRoutes } from "./routes/lookup-routes.js";
import { openApiDocument } from "./openapi/openapi-document.js";
import { ROUTE_SPECS } from "./openapi/route-specs.js";
import { RememberingRouter } from "./remembering-router.js";
import { jsonApi } from "./respond.js";
import { changeRoutes } from "./routes/change-routes.js";
import { eventFeedRoutes } from "./routes/event-feed-routes.js";
import { containerRoutes } from "./routes/container-routes.js";
import { customFieldDefinitionRoutes } from "./routes/custom-field-definition-routes.js";
import { customFieldRoutes, entityCustomFieldRoutes } from "./routes/custom-field-routes.js";
import { partyRoutes } from "./routes/party-routes.js";
import { demurrageRoutes } from "./routes/demurrage-routes.js";
import { etaRoutes } from "./routes/eta-routes.js";
import { bulkJobRoutes } from "./routes/bulk-job-routes.js";
import { exceptionRoutes } from "./routes/exception-routes.js";
import { exportRoutes } from "./routes/export-routes.js";
import { referenceRoutes } from "./routes/reference-routes.js";
import { mapRoutes } from "./routes/map-routes.js";
import { shipmentRoutes } from "./routes/shipment-routes.js";
import { trackingRequestRoutes } from "./routes/tracking-request-routes.js";
import { vesselRoutes } from "./routes/vessel-routes.js";
import { webhookNotificationRoutes } from "./routes/webhook-notification-routes.js";
import { webhookRoutes } from "./routes/webhook-routes.js";
import { sandboxRoutes } from "./routes/sandbox-routes.js";

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  /**
   * Receives one structured entry per request (and per unexpected error). Entries never hold
   * API keys or request bodies.
   * @default no logging
   */
  log?: (entry: LogEntry) => void;
  /**
   * A request budget per API key; over it requests get 429 with `Retry-After`. A
   * {@link RequestBudget} (`createRequestBudget`) is shared with whatever else spends it.
   * @default no limit
   */
  rateLimit?: RateLimit | RequestBudget;
  /**
   * Serves a built web app (the dashboard) at `/` and `/app/*`; other paths outside `/v2` stay
   * JSON:API 404s.
   * @default no dashboard
   */
  dashboard?: DashboardOptions;
  /**
   * The addresses webhook deliveries leave this server from, as `GET /v2/webhooks/ips` lists them
   * (for receivers that allow-list senders); `bollard serve --webhook-source-ips` sets them.
   * @default none
   */
  webhookIps?: readonly string[];
  /**
   * Answers repeated GETs of shipments, containers, tracking requests, custom fields, parties and
   * webhooks from memory until the account's data changes (its change version); `false` turns it
   * off. Every storage has it; it is off in a sandbox, whose clock moves under the data.
   * @default on, with 64 MiB
   */
  responseCache?: ResponseCacheOptions | false;
}

/** SDK option names that are named otherwise as query parameters, on every route. */
const PARAMETERS: Readonly<Record<string, string>> = { "page.number": "page[number]", "page.size": "page[size]" };

/** Whether a path parameter could name a record: a UUID, an IMO, a UN/LOCODE, or (for any other parameter than an id) anything. */
function looksLikeId(name: string, value: string): boolean {
  if (name !== "id" && !name.endsWith("_id") && name !== "imo") return true;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) || /^\d{7}$/.test(value) || /^[a-z]{2}[a-z2-9]{3}$/i.test(value);
}

/**
 * Creates the HTTP API of a tracker: the `/v2` JSON:API routes, `GET /v2/openapi.json` and
 * `GET /healthz` (and the dashboard at `/` when {@link HttpAppOptions.dashboard} is given; the
 * `/v2/sandbox/*` controls when the tracker was created with `sandbox`).
 * Successful GETs under `/v2` carry an `ETag`; `If-None-Match` with it answers 304. `app.fetch(request)` serves any runtime with the Fetch API.
 * @example
 * const tracker = await createTracker({ storage: memoryStorage() });
 * const app = createHttpApp(tracker);
 * const response = await app.request("/v2/shipments", { headers: { Authorization: `Token ${apiKey}` } });
 */
export function createHttpApp(tracker: Tracker, options: HttpAppOptions = {}): Hono<AppEnv> {
  const log = options.log ?? (() => {});
  const app = new Hono<AppEnv>({ router: new RememberingRouter() });
  app.use("*", requestLog(log));
  // Healthy means the storage answers a read, not only that the process serves HTTP.
  app.get("/healthz", async (c) => {
    const health = await tracker.health();
    if (health.status === "ok") return c.json({ status: "ok" });
    log({ level: "error", msg: "storage unavailable", request_id: c.get("requestId"), reason: health.reason });
    return c.json({ status: "unavailable" }, 503);
  });
  app.get("/v2/openapi.json", (c) => c.json(openApiDocument(tracker.wireCompat)));
  // Documents are rendered in the live form; `openapi` rewrites each as it is sent (see `jsonApiText`).
  if (tracker.wireCompat === "openapi") {
    app.use("/v2/*", async (c, next) => {
      c.set("wireCompat", "openapi");
      await next();
    });
  }
  app.use("/v2/*", authenticate(tracker));
  if (options.rateLimit) app.use("/v2/*", rateLimit(options.rateLimit));
  app.use("/v2/*", conditionalGet());
  if (!tracker.sandbox && options.responseCache !== false) {
    const cache = responseCache((keys) => tracker.changeVersions.get(keys), options.responseCache);
    app.use("/v2/*", cache.middleware);
    // On Node, startServer answers from the cache before the request reaches the app (unless each request must count).
    if (!options.rateLimit) setCachedAnswers(app, cachedAnswers(tracker, cache, log));
  }
  if (options.dashboard) app.route("/", dashboardRoutes(options.dashboard));
  const customFields = [
    customFieldDefinitionRoutes(),
    customFieldRoutes(),
    entityCustomFieldRoutes("shipments", "shipment_id", "shipment"),
    entityCustomFieldRoutes("containers", "container_id", "container"),
    entityCustomFieldRoutes("tracking_requests", "tracking_request_id", "tracking_request"),
  ];
  const lookups = lookupRoutes({ webhookIps: options.webhookIps ?? [], webhookIpsUpdatedAt: tracker.clock.now().toISOString() });
  // Exports first: `/v2/shipments/export` is no shipment id.
  for (const routes of [lookups, exportRoutes(tracker.clock), bulkJobRoutes(), shipmentRoutes(tracker.documents), containerRoutes(tracker.documents), changeRoutes(), eventFeedRoutes(), trackingRequestRoutes(tracker.documents), partyRoutes(), demurrageRoutes(), etaRoutes(), exceptionRoutes(), referenceRoutes(), ...customFields, vesselRoutes(), mapRoutes(), webhookRoutes(), webhookNotificationRoutes()]) app.route("/v2", routes);
  // Only a sandbox tracker has the sandbox routes: elsewhere they are unknown routes (404), with no 405 either.
  if (tracker.sandbox) app.route("/v2", sandboxRoutes());
  for (const path of new Set(ROUTE_SPECS.filter((spec) => tracker.sandbox || !spec.path.startsWith("/sandbox/")).map((spec) => spec.path))) {
    const allowed = ROUTE_SPECS.filter((spec) => spec.path === path).map((spec) => spec.method.toUpperCase());
    app.all(`/v2${path.replace(/\{(\w+)\}/g, ":$1")}`, (c) => {
      // `/v2/tracking_requests/infer_number` is no tracking request: a word where an id goes is an unknown route.
      if (!Object.entries(c.req.param() as Record<string, string>).every(([name, value]) => looksLikeId(name, value))) return c.notFound();
      c.header("allow", allowed.join(", "));
      throw new BollardError("method_not_allowed", `${c.req.method} is not allowed here; use ${allowed.join(" or ")}`);
    });
  }
  app.notFound((c) => jsonApi(c, 404, errorDocument(new BollardError("route_not_found", `No route for ${c.req.method} ${new URL(c.req.url).pathname}`))));
  app.onError((error, c) => {
    const status = errorStatus(error);
    if (status >= 500) log({ level: "error", msg: status === 503 ? "storage unavailable" : "unhandled error", request_id: c.get("requestId"), error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    const location: ErrorLocation | undefined = c.get("errorLocation");
    return jsonApi(c, status, errorDocument(error, { ...location, parameters: { ...PARAMETERS, ...location?.parameters } }));
  });
  return app;
}
