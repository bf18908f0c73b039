import { createBulkJobRunner, type BulkJobRunner } from "./bulk/bulk-job-runner.js";
import { baselinePredictor } from "./eta/baseline-predictor.js";
import { createEtaForecasting } from "./eta/eta-forecasting.js";
import type { EtaPredictor } from "./eta/eta-predictor.js";
import { realClock, type Clock } from "./clock/index.js";
import { allMetroAreas, allPorts, allRailTerminals, allShippingLines, allTerminals } from "./reference/index.js";
import { createAccountService, type AccountService, type Principal } from "./services/account-service.js";
import { createSession, type Session } from "./services/session.js";
import { createCalendars } from "./demurrage/calendars.js";
import { createTurnScheduler, versionedStorage, type ChangeVersionRepository, type Storage, type StorageHealth, type TurnScheduler } from "./storage/index.js";
import { createRenderedReads } from "./read-model/rendered-reads.js";
import { createDocuments, type Documents } from "./documents/documents.js";
import { countWork, type WorkCountOptions, type WorkCounts } from "./services/work-counts.js";
import { keepingTexts } from "./read-model/keeping-texts.js";
import { knownTotals } from "./read-model/known-totals.js";
import type { CarrierSource } from "./tracking/carrier-source.js";
import { createIngestService, type IngestService } from "./tracking/ingest-service.js";
import { DEFAULT_REFRESH_POLICY, type RefreshPolicy } from "./tracking/refresh-policy.js";
import { createRefreshScheduler, type RefreshScheduler, type RefreshSummary } from "./tracking/refresh-scheduler.js";
import { createPositionRetention, DEFAULT_POSITION_RETENTION_EVERY_MS, type PositionRetentionOptions } from "./vessels/position-retention.js";
import { createDemurrageAlerts, DEFAULT_DEMURRAGE_ALERT_EVERY_MS, type DemurrageAlerts } from "./demurrage/demurrage-alerts.js";
import { createExceptionPass, DEFAULT_EXCEPTION_EVERY_MS, type ExceptionPass } from "./exceptions/exception-pass.js";
import { ridingAlong } from "./background/index.js";
import { simulatedCarrier } from "./simulated-carrier/index.js";
import { webhookSettings, type WebhookOptions } from "./services/webhook-service.js";
import { createWebhookDispatcher, type WebhookDeliverySummary } from "./webhooks/webhook-dispatcher.js";
import type { WireCompat } from "./jsonapi/wire-compat.js";
import { retainingDispatcher } from "./webhooks/outbox-retention.js";
import { createReplayPass, withReplays, type WebhookWorker } from "./webhooks/replay-pass.js";
import { createSandbox, sandboxParts, type Sandbox, type SandboxOptions } from "./sandbox/sandbox.js";
import { faultyCarrier, faultyTransport } from "./sandbox/faulty-sources.js";
import { scenarioCarrier } from "./sandbox/scenarios/scenario-carrier.js";

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** Where everything is kept: `memoryStorage()`, `sqliteStorage({ filename })`, or your own adapter. */
  storage: Storage;
  /**
   * The source of time for timestamps and refresh scheduling (not with `sandbox`, which brings its own).
   * @default realClock()
   */
  clock?: Clock;
  /**
   * Makes the tracker a sandbox (`bollard serve --sandbox`): a clock that can be paused, sped up and
   * advanced (running the refreshes and deliveries that fall due on the way), faults injected into
   * the carrier source and webhook deliveries, reset and snapshots of an account's data; reached
   * through {@link Tracker.sandbox} and `session.sandbox`.
   * @default not a sandbox
   */
  sandbox?: SandboxOptions;
  /**
   * Where tracking data comes from.
   * @default simulatedCarrier()
   */
  carrier?: CarrierSource;
  /**
   * Where the live service and its published OpenAPI document disagree, which one the wire format
   * follows (a port's coordinates: decimal strings live, numbers in the document), in the API's
   * answers (`createHttpApp` follows {@link Tracker.wireCompat}) and in delivered webhooks.
   * @default "live"
   */
  wireCompat?: WireCompat;
  /**
   * Refresh intervals, retry limits and automatic stop windows (any subset).
   * @default DEFAULT_REFRESH_POLICY
   */
  refresh?: Partial<RefreshPolicy>;
  /**
   * Webhook delivery: private targets (refused by default), retry policy, transport.
   * @default {} (public targets only, DEFAULT_WEBHOOK_DELIVERY_POLICY)
   */
  webhooks?: WebhookOptions;
  /**
   * Vessel positions: how long they keep full resolution and how older tracks are thinned, a pass
   * riding along the refresh loop (`tracker.refresh.start()`); `retention: false` keeps every report.
   * @default { retention: {} } (7 days at full resolution, then one report per 10 minutes and every turn of 20°)
   */
  positions?: {
    /** How long reports keep full resolution and how older tracks are thinned; `false` keeps every report. */
    retention?: PositionRetentionOptions | false;
  };
  /**
   * Demurrage and detention alerts (`container.free_time.ending`, `container.demurrage.started`,
   * `container.detention.started`): a pass riding along the refresh loop (docs/demurrage.md).
   * @default { alertEveryMs: 900_000 } (every 15 minutes)
   */
  demurrage?: {
    /** How often the alert pass runs while the refresh loop runs. */
    alertEveryMs?: number;
  };
  /**
   * Exception rules (docs/exceptions.md): the pass that evaluates every shipment against its
   * account's rules, raising and clearing exceptions (`shipment.exception.raised` / `.cleared`),
   * riding along the refresh loop; a sandbox advance runs it after every step.
   * @default { everyMs: 300_000 } (every 5 minutes)
   */
  exceptions?: {
    /** How often the evaluation runs while the refresh loop runs. */
    everyMs?: number;
  };
  /**
   * Arrival predictions (`predicted_eta_at` with its p10/p90 bounds, docs/eta.md): the predictor every
   * refresh and ingest runs, and how often each account's carrier bias is learned again from its
   * arrived shipments.
   * @default { predictor: baselinePredictor(), relearnEveryMs: 86_400_000 } (a day)
   */
  eta?: {
    /** Predicts arrivals at the port of discharge from what the tracker sees. */
    predictor?: EtaPredictor;
    /** How long a learned carrier bias is used before it is learned again. */
    relearnEveryMs?: number;
  };
  /**
   * Receives the errors the refresh loop and the webhook worker could not handle (a failed pass,
   * a batch that had to be written request by request, an attempt that could not be recorded).
   * The loops keep running; this is where to log them.
   * @default errors are dropped
   */
  onBackgroundError?: (error: unknown, loop: "refresh" | "webhooks") => void;
  /**
   * Hears of every completed pass of the refresh loop and the webhook worker, with its summary and
   * duration: where to count them for metrics.
   * @default nothing is reported
   */
  onBackgroundPass?: (pass: BackgroundPass) => void;
  /**
   * The ends of the event loop's turns the tracker's work is batched by, when a server already made
   * one (`bollard serve` binds its port before the tracker exists): pass the same to `startServer`.
   * @default a scheduler of the tracker's own (`tracker.turns`)
   */
  turns?: TurnScheduler;
}

/** One completed background pass, as {@link TrackerOptions.onBackgroundPass} reports it. */
export type BackgroundPass =
  | {
      /** The refresh loop. */
      loop: "refresh";
      /** What the pass did. */
      summary: RefreshSummary;
      /** How long it took, in milliseconds. */
      durationMs: number;
    }
  | {
      /** The webhook worker. */
      loop: "webhooks";
      /** What the pass did. */
      summary: WebhookDeliverySummary;
      /** How long it took, in milliseconds. */
      durationMs: number;
    };

/** Options of {@link Tracker.close}. */
export interface CloseOptions {
  /**
   * How long refreshes and webhook deliveries in flight may take to finish.
   * @default 10_000
   */
  timeoutMs?: number;
}

const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

/**
 * A running tracker: the in-process SDK behind the HTTP API. Everything is reached through its
 * services (sessions, accounts, ingest, refresh, webhooks) and ports (documents, change versions,
 * health); the storage it writes through stays inside (adapter authors and migrations reach it
 * with `trackerStorage` from `@bollard/core/storage`).
 */
export interface Tracker {
  /** The tracker's source of time. */
  readonly clock: Clock;
  /**
   * The ends of the event loop's turns this tracker's work is batched by: its storage's group
   * commits, and the responses of a server started with it (`startServer(app, { turns })`).
   */
  readonly turns: TurnScheduler;
  /** Accounts, users and API keys. */
  readonly accounts: AccountService;
  /** The carrier source tracking requests are refreshed from. */
  readonly carrier: CarrierSource;
  /** The refresh scheduler: `runDue()` on demand, or `start()` a loop on real time. */
  readonly refresh: RefreshScheduler;
  /** Pushes snapshots or single events from your own feeds through the refresh path. */
  readonly ingest: IngestService;
  /**
   * The webhook delivery worker, with outbox retention and the replay background riding along:
   * `runDue()` on demand (one pass of running replays, then every delivery due; `replays.runDue()`
   * for the replays alone), or `start()` the loops on real time.
   */
  readonly webhooks: WebhookWorker;
  /**
   * The demurrage and detention alert pass, riding along the refresh loop: `runDue()` raises the
   * alerts today's figures call for (tests on a manual clock call it after advancing).
   */
  readonly demurrageAlerts: DemurrageAlerts;
  /**
   * The exception rules' evaluation, riding along the refresh loop: `runDue()` raises and clears
   * the exceptions of every account now (tests on a manual clock call it after advancing).
   */
  readonly exceptions: ExceptionPass;
  /**
   * The bulk job runner: works through imports (`session.trackingRequests.bulk`) in the background.
   * A new job starts it at once; `start()` also resumes, on a timer, jobs a stopped process left
   * (`bollard serve` and `bollard worker` do); `runDue()` works every job now.
   */
  readonly bulkJobs: BulkJobRunner;
  /** The sandbox controls when created with {@link TrackerOptions.sandbox}, else null. */
  readonly sandbox: Sandbox | null;
  /** Which description of the hosted service the wire format follows where they disagree ({@link TrackerOptions.wireCompat}). */
  readonly wireCompat: WireCompat;
  /**
   * The JSON:API documents of the reads a server answers most (a shipment, the shipment, container
   * and tracking request lists) as text, from the read model's texts where they hold the answer:
   * what the HTTP API answers them with.
   */
  readonly documents: Documents;
  /**
   * The change versions of accounts and shared data (one read for any number of keys): an answer
   * kept under the versions it was read at stays true while they stay the same.
   */
  readonly changeVersions: Pick<ChangeVersionRepository, "get">;
  /** Whether the storage answers: its own health check when it has one, else whether a read works. */
  health(): Promise<StorageHealth>;
  /** The work held and waiting now (tracking requests by status, notifications to deliver, refreshes due): an operator's gauges. */
  countWork(options?: WorkCountOptions): Promise<WorkCounts>;
  /** A session acting as one user of one account (see {@link AccountService.authenticate}). */
  session(principal: Principal): Session;
  /**
   * Stops the refresh and delivery loops, then closes the storage. Work in flight gets
   * `timeoutMs` to finish (deliveries and carrier calls still running are then aborted and given
   * back, due again at the next start); claimed work not yet started is given back at once.
   * Idempotent.
   */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * The version of the bundled reference data (ports, terminals, metro areas, shipping lines).
 * Bump it when the data changes so existing databases are refreshed on their next open.
 */
export const REFERENCE_DATA_VERSION = "2026-12-07.1";

/**
 * Opens the storage (running its migrations), loads the bundled reference data when the stored
 * copy is missing or older, and returns the tracker.
 * @example
 * import { createTracker } from "@bollard/core";
 * import { sqliteStorage } from "@bollard/storage-sqlite";
 *
 * const tracker = await createTracker({ storage: sqliteStorage({ filename: "bollard.sqlite" }) });
 * const { account } = await tracker.accounts.ensure("Acme Imports");
 * const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
 * const session = tracker.session(await tracker.accounts.authenticate(apiKey));
 * const { data: shipments } = await session.shipments.list();
 */
export async function createTracker(options: TrackerOptions): Promise<Tracker> {
  // Every write raises its account's change version and keeps the read model's texts it changed, in
  // its own transaction; a listing's total is counted once per version of its account.
  const storage = knownTotals(keepingTexts(versionedStorage(options.storage)));
  if (options.sandbox && options.clock) throw new RangeError("Give clock or sandbox, not both: a sandbox brings its own clock");
  const parts = options.sandbox ? sandboxParts(options.sandbox) : null;
  const clock = parts?.clock ?? options.clock ?? realClock();
  const source = options.carrier ?? simulatedCarrier();
  // A sandbox answers its scenarios' numbers itself, and its faults before anything else.
  const carrier = parts ? faultyCarrier(scenarioCarrier(source, parts.scenarios), parts.faults) : source;
  const policy: RefreshPolicy = { ...DEFAULT_REFRESH_POLICY, ...options.refresh };
  const turns = options.turns ?? createTurnScheduler();
  await storage.open({ turns });
  await loadReferenceData(storage);
  let closed = false;
  const onError = options.onBackgroundError;
  const onPass = options.onBackgroundPass;
  const forecasting = createEtaForecasting({ storage, clock, predictor: options.eta?.predictor ?? baselinePredictor(), ...(options.eta?.relearnEveryMs !== undefined && { relearnEveryMs: options.eta.relearnEveryMs }) });
  const refreshing = createRefreshScheduler({
    storage, clock, carrier, policy, forecasting,
    ...(onError && { onError: (error: unknown) => onError(error, "refresh") }),
    ...(onPass && { onPass: (summary: RefreshSummary, durationMs: number) => onPass({ loop: "refresh", summary, durationMs }) }),
  });
  const retention = options.positions?.retention ?? {};
  const onRefreshError = onError && { onError: (error: unknown) => onError(error, "refresh") };
  const calendars = createCalendars();
  const alerts = createDemurrageAlerts({ storage, clock, calendars, ...onRefreshError });
  const exceptions = createExceptionPass({ storage, clock, localDayOf: (instant, zone) => calendars.localDay(instant, zone, { dateAtUtcMidnight: true }), ...onRefreshError });
  // Position retention and the demurrage alerts ride along the refresh loop, each on its own timer.
  const refresh = ridingAlong(refreshing, [
    ...(retention === false ? [] : [{ pass: createPositionRetention({ storage, clock, options: retention, ...onRefreshError }), everyMs: retention.everyMs ?? DEFAULT_POSITION_RETENTION_EVERY_MS }]),
    { pass: alerts, everyMs: options.demurrage?.alertEveryMs ?? DEFAULT_DEMURRAGE_ALERT_EVERY_MS },
    { pass: exceptions, everyMs: options.exceptions?.everyMs ?? DEFAULT_EXCEPTION_EVERY_MS },
  ]);
  const settings = webhookSettings(options.webhooks);
  const webhooks = parts ? { ...settings, transport: faultyTransport(settings.transport, parts.faults) } : settings;
  const dispatcher = createWebhookDispatcher({
    storage, clock, policy: webhooks.policy, transport: webhooks.transport, wallClock: webhooks.wallClock, random: webhooks.random, wireCompat: options.wireCompat ?? "live",
    ...(onError && { onError: (error: unknown) => onError(error, "webhooks") }),
    ...(onPass && { onPass: (summary: WebhookDeliverySummary, durationMs: number) => onPass({ loop: "webhooks", summary, durationMs }) }),
  });
  // storage-sql (issue 13): delivered notifications are pruned while the worker runs.
  const retaining = retainingDispatcher(dispatcher, { storage, clock, options: options.webhooks?.retention, ...(onError && { onError: (error: unknown) => onError(error, "webhooks") }) });
  // Replays are worked off in batches by the same worker, never inside the request that asked for them.
  const replays = createReplayPass({ storage, clock, settings: webhooks.replay, ...(onError && { onError: (error: unknown) => onError(error, "webhooks") }) });
  const worker = withReplays(retaining, replays, webhooks.replay.everyMs);
  const bulkJobs = createBulkJobRunner({ storage, clock, carrier, ...onRefreshError });
  const sandbox = parts ? createSandbox(parts, { storage, refresh, webhooks: worker, alerts: { runDue: async () => ({ total: (await alerts.runDue()).total + (await exceptions.runDue()).total }) } }) : null;
  const tracker: Tracker = {
    clock,
    turns,
    carrier,
    refresh,
    webhooks: worker,
    demurrageAlerts: alerts,
    exceptions,
    bulkJobs,
    sandbox,
    wireCompat: options.wireCompat ?? "live",
    documents: createDocuments(createRenderedReads(storage)),
    // A read needs none of the wrappers (they version writes): straight to the adapter, on every cached request.
    changeVersions: { get: (keys) => options.storage.changeVersions.get(keys) },
    health: () => storageHealth(storage),
    countWork: (options) => countWork(storage, clock.now().toISOString(), options),
    ingest: createIngestService(storage, clock, forecasting),
    accounts: createAccountService(storage, clock),
    session: (principal) => createSession({ storage, clock, carrier, webhooks, sandbox, calendars, bulkJobs }, principal),
    async close(options = {}) {
      if (closed) return;
      closed = true;
      // Every loop (refreshes; deliveries, retention and replays; bulk jobs) stops within the one bound; the storage closes only after them.
      const timeoutMs = options.timeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
      await Promise.all([refresh.stop({ timeoutMs }), worker.stop({ timeoutMs }), bulkJobs.close({ timeoutMs })]);
      await storage.close();
    },
  };
  Object.defineProperty(tracker, TRACKER_STORAGE, { value: storage });
  return tracker;
}

/** Where a tracker keeps the storage it writes through; no public property. */
const TRACKER_STORAGE: unique symbol = Symbol.for("bollard.tracker.storage");

/**
 * The storage a tracker writes through: the adapter given to `createTracker`, wrapped so each write
 * raises its account's change version and keeps the read model's texts. For adapter authors,
 * migrations and tests that look under the services; applications use the tracker's services and
 * ports. Writes made here are seen by the tracker's reads and caches like its own.
 * @example
 * const stored = await trackerStorage(tracker).shipments.get(accountId, shipmentId);
 */
export function trackerStorage(tracker: Tracker): Storage {
  const storage = (tracker as unknown as Partial<Record<typeof TRACKER_STORAGE, Storage>>)[TRACKER_STORAGE];
  if (!storage) throw new TypeError("Not a tracker made by createTracker");
  return storage;
}

async function storageHealth(storage: Storage): Promise<StorageHealth> {
  try {
    if (storage.health) return await storage.health();
    await storage.meta.get("healthz");
    return { status: "ok" };
  } catch (error) {
    return { status: "unavailable", reason: error instanceof Error ? error.message : String(error) };
  }
}

async function loadReferenceData(storage: Storage): Promise<void> {
  if ((await storage.meta.get("reference_data_version")) === REFERENCE_DATA_VERSION) return;
  await storage.transaction(async (tx) => {
    await tx.ports.upsertMany(allPorts());
    await tx.metroAreas.upsertMany(allMetroAreas());
    await tx.terminals.upsertMany(allTerminals());
    await tx.railTerminals.upsertMany(allRailTerminals());
    await tx.shippingLines.upsertMany(allShippingLines());
    await tx.meta.set("reference_data_version", REFERENCE_DATA_VERSION);
  });
}
