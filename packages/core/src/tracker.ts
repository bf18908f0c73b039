import { realClock, type Clock } from "./clock/index.js";
import { allMetroAreas, allPorts, allRailTerminals, allShippingLines, allTerminals } from "./reference/index.js";
import { createAccountService, type AccountService, type Principal } from "./services/account-service.js";
import { createSession, type Session } from "./services/session.js";
import type { Storage } from "./storage/index.js";

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** Where everything is kept: `memoryStorage()`, `sqliteStorage({ filename })`, or your own adapter. */
  storage: Storage;
  /**
   * The source of time for timestamps and (later) refresh scheduling.
   * @default realClock()
   */
  clock?: Clock;
}

/** A running tracker: the in-process SDK behind the HTTP API. */
export interface Tracker {
  readonly storage: Storage;
  readonly clock: Clock;
  /** Accounts, users and API keys. */
  readonly accounts: AccountService;
  /** A session acting as one user of one account (see {@link AccountService.authenticate}). */
  session(principal: Principal): Session;
  /** Closes the storage. Idempotent. */
  close(): Promise<void>;
}

/**
 * The version of the bundled reference data (ports, terminals, metro areas, shipping lines).
 * Bump it when the data changes so existing databases are refreshed on their next open.
 */
export const REFERENCE_DATA_VERSION = "2026-11-21.1";

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
  const { storage } = options;
  const clock = options.clock ?? realClock();
  await storage.open();
  await loadReferenceData(storage);
  let closed = false;
  return {
    storage,
    clock,
    accounts: createAccountService(storage, clock),
    session: (principal) => createSession(storage, clock, principal),
    async close() {
      if (closed) return;
      closed = true;
      await storage.close();
    },
  };
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
