import { createDcsaApp, DCSA_HEADER_NAMES, type DcsaSubscription } from "@bollard/carrier-dcsa";
import { createTracker, createTurnScheduler, type Tracker } from "@bollard/core";
import { dashboardAssetsDir, dashboardBuilt } from "@bollard/dashboard";
import { createMcpHttpHandler } from "@bollard/mcp";
import { cachedAnswersOf, createHttpApp, createRequestBudget, type NodeAnswer, parseRateLimit, startServer, type FetchHandler } from "@bollard/http";
import { Hono } from "hono";
import { ancestorsEnded } from "./ancestor-watch.js";
import { backgroundSettings, backgroundTrackerOptions, describeError, startLoops } from "./background-loops.js";
import { startBackgroundThread, type BackgroundThread } from "./background-thread.js";
import { usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { DEFAULT_DEMO_ACCOUNT } from "./demo-account.js";
import { seedDemo } from "./demo-command.js";
import { createServerMetrics, listenForMetrics, type MetricsListener } from "./metrics.js";
import { checkDatabase, DEFAULT_DB, displayDb, openFailure, openStorage } from "./open-storage.js";
import type { ServeConfig } from "./serve-config.js";
import { leaveCluster, primaryLetsOpen, reportListening, requestReports, type StartingApiProcesses } from "./serve-processes.js";
import type { ServerLog } from "./server-log.js";
import { siteRoutes } from "./site-routes.js";
import { watchStopSignals } from "./stop-signals.js";
import { VERSION } from "./version.js";

/** What `bollard serve` settled before it loaded this module (serve-command.ts). */
export interface ServePlan {
  config: ServeConfig;
  /** `primary`: API processes serve the port; `api`: one of them; `single`: this process serves. */
  role: "primary" | "api" | "single";
  log: ServerLog;
  /** Turns a failure to listen into the error to report. */
  listenFailure: (error: NodeJS.ErrnoException) => never;
  /** A primary's API processes, started (and loading) already; they open the database once let. */
  apiProcesses: StartingApiProcesses | undefined;
}

/**
 * Runs the server `bollard serve` planned (see serve-command.ts); resolves to the exit code once
 * stopped. A primary (a SQLite file or PostgreSQL) opens the database, creates the first account,
 * runs the background work and the metrics, and accepts connections for its API processes
 * (serve-processes.ts), each of which runs this again as `api`. A `single` process (`--processes
 * 0`, `:memory:`, `--sandbox`) serves the API itself.
 */
export async function runServer(plan: ServePlan, io: CliIo): Promise<number> {
  const { config, role, log, listenFailure, apiProcesses } = plan;
  // An API process goes on once its primary has checked the same options and opened the database:
  // a bad option is the primary's to report, once (it stops the waiting API processes).
  if (role === "api") await primaryLetsOpen();
  const db = checkDatabase(config.db ?? DEFAULT_DB, { option: "--db", allowMemory: true, mustExist: false, isDefault: config.db === undefined });
  const rateLimit = config.rateLimit === undefined ? undefined : parseRateLimit(config.rateLimit);
  if (rateLimit === null) throw usageError(`--rate-limit must look like 100/min, not "${config.rateLimit}"`);

  // Bind before anything is written or printed: a taken port must not cost a database or a key.
  // (The primary of --processes does not listen itself: its API processes do; it tried the port.)
  let serving: FetchHandler["fetch"] | undefined;
  let answering: NodeAnswer | undefined;
  const gate: FetchHandler = { fetch: (request, env) => (serving ? serving(request, env) : Response.json({ status: "starting" }, { status: 503 })) };
  const answerFirst: NodeAnswer = (request, response) => answering?.(request, response) ?? false;
  // One scheduler for the server's responses and the tracker's group commits (see TurnScheduler).
  const turns = createTurnScheduler();
  const server = role === "primary" ? undefined : await startServer(gate, { port: config.port, host: config.host, answerFirst, turns, headerNames: DCSA_HEADER_NAMES }).catch(listenFailure);

  // From now on SIGINT and SIGTERM stop the server cleanly; a repeat passed on by a wrapper is ignored.
  const signals = watchStopSignals((again) => {
    log.write({ level: "warn", msg: "stopping at once", signal: again });
    log.flush();
    process.exit(again === "SIGINT" ? 130 : 143);
  });
  let tracker: Tracker | undefined;
  let metricsListener: MetricsListener | undefined;
  let background: BackgroundThread | undefined;
  try {
    const metrics = createServerMetrics(() => tracker);
    // An API process has no /metrics of its own: it reports its requests to the primary's.
    const reports = role === "api" ? requestReports() : undefined;
    const settings = backgroundSettings(db, config);
    const reportError = (error: unknown, loop: string) => {
      metrics.backgroundError(loop);
      log.write({ level: "error", msg: "background pass failed", loop, error: describeError(error) });
    };
    tracker = await createTracker({
      // A SQLite file takes its server lease (one server per file); the primary's API processes share it.
      // Where requests are answered, a write waiting for the lock leaves the core to its holder.
      storage: openStorage(db, { server: role !== "api", servesRequests: server !== undefined }),
      ...backgroundTrackerOptions(settings),
      turns,
      // A sandbox brings its own clock (one per server), running at --clock-speed until told otherwise.
      ...(config.sandbox && { sandbox: { speed: config.clockSpeed } }),
      onBackgroundError: reportError,
      onBackgroundPass: (pass) => metrics.pass(pass),
    }).catch((error: unknown) => {
      throw openFailure(db, error);
    });
    if (role !== "api") await firstAccount(tracker, config, io, log);
    if (config.metricsPort !== undefined && role !== "api") metricsListener = await listenForMetrics(metrics, config.metricsPort, config.metricsHost);
    // The app, where this process answers requests (not the primary of --processes).
    if (server) {
      // One budget per key for the API and the MCP endpoint alike.
      const budget = rateLimit && createRequestBudget(rateLimit);
      const api = createHttpApp(tracker, {
        log: (entry) => {
          if (entry.msg === "request") (reports ?? metrics).request(entry);
          log.write(entry as Parameters<ServerLog["write"]>[0]);
        },
        ...(budget && { rateLimit: budget }),
        responseCache: config.responseCacheMb > 0 && { maxBytes: config.responseCacheMb * 1024 * 1024 },
        webhookIps: config.webhookSourceIps,
        ...(config.dashboard && { dashboard: { assetsDir: dashboardAssetsDir() } }),
      });
      const site = siteRoutes({ version: VERSION, dashboard: config.dashboard, ...(metricsListener && { metrics: metricsListener.address }) });
      const dcsa = createDcsaApp(tracker, { subscriptions: await dcsaSubscriptions(tracker, config), maxNewReferencesPerNotification: config.dcsa.maxNewReferencesPerNotification });
      // `/v2/…` is the API app's alone, so its requests go straight there: each Hono app they passed
      // through on the way cost a dispatch, a sixth of a GET answered from the response cache.
      const pages = new Hono().route("/", site).route("/", dcsa).all("*", (c) => api.fetch(c.req.raw, c.env));
      // The MCP endpoint (Streamable HTTP, the API key as a bearer token): docs/mcp.md.
      const mcp = createMcpHttpHandler(tracker, { sandbox: config.sandbox, version: VERSION, ...(budget && { budget }) });
      serving = (request, env) => (isApiPath(request.url) ? api.fetch(request, env) : isMcpPath(request.url) ? mcp(request) : pages.fetch(request, env));
      // GETs the API's response cache holds are answered before they become Fetch requests.
      answering = cachedAnswersOf(api);
    }
    const backgroundHere = role === "api" ? "off" : config.background;
    if (backgroundHere === "inline") startLoops(tracker);
    if (backgroundHere === "thread") {
      background = startBackgroundThread(settings, {
        onPass: (pass) => metrics.pass(pass),
        onError: reportError,
        onCrash: (error, restartInMs) => log.write({ level: "error", msg: "background thread ended; restarting it", restart_in_ms: restartInMs, error }),
      });
    }
    if (role === "api") reportListening(server!.address);
    else if (server) io.out(startedLine(server.address, db, config, metricsListener));
    else {
      const opening = apiProcesses!.open((rows) => metrics.requests(rows));
      opening.catch(() => {}); // seen below, or moot once a stop signal came first
      // A Ctrl-C reaches the API processes too (one process group): one that it ends while they
      // start is this server stopping, not failing to start.
      const listening = await Promise.race([opening, signals.received.then(() => undefined)]).catch(async (error: unknown) => {
        if ((await Promise.race([signals.received, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 500))])) === undefined) throw error;
        return undefined;
      });
      if (listening) io.out(startedLine(listening.address, db, config, metricsListener, listening.pids));
    }
    // A signal, or the end of a wrapper that started serve (npx, pnpm) without passing its signal on.
    const watch = ancestorsEnded();
    const signal = await Promise.race([signals.received, watch.ended]);
    watch.stop();
    log.write({ level: "info", msg: "shutting down", signal, timeout_s: config.shutdownSeconds });
    // One bound for the whole shutdown: requests in flight, then deliveries and refreshes in flight;
    // what is queued and not started stays in the database for the next start.
    const deadline = Date.now() + config.shutdownSeconds * 1000;
    await server?.close({ timeoutMs: Math.max(0, deadline - Date.now()) });
    await reports?.flush();
    await apiProcesses?.stop(Math.max(0, deadline - Date.now()));
    await metricsListener?.close();
    const left = Math.max(0, deadline - Date.now());
    await Promise.all([background?.stop(left), tracker.close({ timeoutMs: left })]);
    signals.stop();
    log.write({ level: "info", msg: "stopped" });
    log.flush();
    leaveCluster();
    return 0;
  } catch (error) {
    signals.stop();
    await server?.close({ timeoutMs: 0 });
    await metricsListener?.close();
    await Promise.all([background?.stop(1_000), tracker?.close({ timeoutMs: 1_000 })]);
    log.flush();
    leaveCluster();
    throw error;
  }
}

function startedLine(address: string, db: string, config: ServeConfig, metrics: MetricsListener | undefined, pids?: readonly number[]): string {
  const notes = [
    `database: ${displayDb(db)}`,
    pids && `${pids.length} API process${pids.length === 1 ? "" : "es"} (${pids.join(", ")})`,
    config.sandbox && "sandbox: /v2/sandbox controls on",
    config.clockSpeed !== 1 && `clock ×${config.clockSpeed}`,
    config.background === "off" ? "background work: off (run bollard worker)" : config.background === "inline" && "background work: inline",
    config.allowPrivateWebhooks && "private webhook targets allowed",
    metrics && `metrics on http://${metrics.address}/metrics`,
  ].filter(Boolean);
  const listening = `Bollard listening on http://${address}/v2 (${notes.join(", ")})`;
  if (!config.dashboard) return listening;
  return `${listening}\n${dashboardBuilt() ? `Dashboard: http://${address}/` : `Dashboard not built (run pnpm install or pnpm build); http://${address}/ says so`}`;
}

/** The config's DCSA subscriptions, with their accounts (named in the config) resolved. */
async function dcsaSubscriptions(tracker: Tracker, config: ServeConfig): Promise<DcsaSubscription[]> {
  const subscriptions: DcsaSubscription[] = [];
  for (const [i, subscription] of config.dcsa.subscriptions.entries()) {
    const account = await tracker.accounts.findByName(subscription.account);
    if (!account) throw usageError(`dcsa.subscriptions.${i} names the account "${subscription.account}", which does not exist`);
    subscriptions.push({ id: subscription.id, secret: subscription.secret, scac: subscription.scac, accountId: account.id });
  }
  return subscriptions;
}

/**
 * On a database with no account, creates the first one (the Demo account with demo data, or an
 * empty one with --no-demo) with its API key: the one given (--api-key-file, BOLLARD_API_KEY) or a
 * new one, printed once. Servers sharing a database may start together: the check and the claim run
 * in one transaction, so one of them does it.
 */
async function firstAccount(tracker: Tracker, config: ServeConfig, io: CliIo, log: ServerLog): Promise<void> {
  if (!(await tracker.accounts.claimFirst())) {
    if (config.apiKey !== undefined && !(await tracker.accounts.authenticate(config.apiKey).then(() => true, () => false))) {
      log.write({ level: "warn", msg: "the given API key is not a key of this database; it is used only when serve creates the first account" });
    }
    return;
  }
  const name = config.account ?? (config.demo ? DEFAULT_DEMO_ACCOUNT : "Default");
  let accountId: string;
  let what: string;
  if (config.demo) {
    const demo = await seedDemo(tracker, name, 1);
    accountId = demo.accountId;
    what = `the ${name} account with ${demo.shipments} demo shipments`;
  } else {
    accountId = (await tracker.accounts.ensure(name)).account.id;
    what = `the empty account ${name}`;
  }
  const { apiKey } = await tracker.accounts.issueKey(accountId, { role: "editor", name: "serve", ...(config.apiKey !== undefined && { apiKey: config.apiKey }) });
  if (config.apiKey !== undefined) {
    io.out(`Created ${what}; its API key is the one given.`);
    return;
  }
  io.out(`Created ${what}. Its API key (shown once):`);
  io.out(apiKey);
}

/** Whether a request URL is under `/v2/` (the API app's; the site's pages and the DCSA API live elsewhere). */
function isApiPath(url: string): boolean {
  return url.startsWith("/v2/", url.indexOf("/", url.indexOf("//") + 2));
}

/** Whether a request URL's path is `/mcp` (the MCP endpoint), with or without a query. */
function isMcpPath(url: string): boolean {
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2)).split("?")[0];
  return path === "/mcp" || path === "/mcp/";
}
