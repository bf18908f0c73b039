import {
  createTracker,
  type ListResult,
  type Session,
  type SandboxClockChange,
  type SandboxClockState,
  type SandboxDataChange,
  type SandboxFault,
  type SandboxFaultCreate,
  type SandboxScenario,
  type SandboxScenarioCreate,
  type SandboxScenarioCreated,
  type SandboxSnapshot,
  type Storage,
  type Tracker,
  type WebhookOptions,
} from "@bollard/core";
import { createHttpApp, startServer } from "@bollard/http";
import { memoryStorage } from "@bollard/storage-memory";

/** Options of {@link startSandbox}; every one has a default. */
export interface StartSandboxOptions {
  /**
   * Where the sandbox clock starts. It is paused: time moves only when a test advances it.
   * @default "2026-01-01T00:00:00.000Z"
   */
  start?: Date | string;
  /**
   * The storage (a fresh one per sandbox).
   * @default memoryStorage()
   */
  storage?: Storage;
  /**
   * The port to listen on.
   * @default 0 (a free port)
   */
  port?: number;
  /**
   * The address to listen on.
   * @default "127.0.0.1"
   */
  host?: string;
  /**
   * The name of the account the API key belongs to.
   * @default "Sandbox"
   */
  account?: string;
  /**
   * Webhook delivery settings. Private targets (a receiver on localhost) are allowed unless this says otherwise.
   * @default { allowPrivateUrls: true }
   */
  webhooks?: WebhookOptions;
}

/** The sandbox clock of a running sandbox: paused, moved only by the test. */
export interface SandboxClockControl {
  /** The sandbox's current instant. */
  now(): Date;
  /** Its instant, speed and whether it is paused. */
  state(): SandboxClockState;
  /**
   * Moves forward `seconds`, running every refresh and webhook delivery that falls due on the way,
   * in time order; resolves when they are done (then assert).
   */
  advance(seconds: number): Promise<SandboxClockChange>;
  /** Moves forward to a later instant, the same way. */
  advanceTo(instant: Date | string): Promise<SandboxClockChange>;
}

/** The faults of a running sandbox (the carrier source and webhook deliveries). */
export interface SandboxFaultControl {
  /** Injects a fault: `{ target: "carrier", effect: "fail", scac: "MAEU", times: 2 }`, `{ target: "webhook", effect: "status", status_code: 500, url }`. */
  create(input: SandboxFaultCreate): Promise<SandboxFault>;
  /** Every fault, with how often it applied. */
  list(): Promise<SandboxFault[]>;
  /** Removes one. */
  delete(id: string): Promise<void>;
}

/** The scripted shipments of a running sandbox. */
export interface SandboxScenarioControl {
  /** The built-in scenarios, then the ones this sandbox's account registered. */
  list(): Promise<SandboxScenario[]>;
  /**
   * Tracks a scripted shipment: a scenario document (see docs/sandbox.md) or `{ name: "rollover" }`
   * for a built-in one. Resolves with the scenario and its tracking request, its first refresh done.
   */
  create(input: SandboxScenarioCreate): Promise<SandboxScenarioCreated>;
}

/** A sandbox server started by {@link startSandbox}. */
export interface RunningSandbox {
  /** The API's base URL, e.g. `http://127.0.0.1:41234/v2`: what a client under test is given. */
  readonly baseUrl: string;
  /** An editor API key of the sandbox's account (`Authorization: Token <apiKey>`). */
  readonly apiKey: string;
  /** The clock: paused until advanced. */
  readonly clock: SandboxClockControl;
  /** Faults of the carrier source and webhook deliveries. */
  readonly faults: SandboxFaultControl;
  /** Scripted shipments. */
  readonly scenarios: SandboxScenarioControl;
  /** The account's session: every SDK service, in process (shipments, tracking requests, webhooks, …). */
  readonly session: Session;
  /** The tracker behind the server. */
  readonly tracker: Tracker;
  /** Deletes the account's data (between tests); the API key stays. */
  reset(): Promise<SandboxDataChange>;
  /** Saves the account's data. */
  snapshot(): Promise<SandboxSnapshot>;
  /** Puts a saved snapshot's data back: give the snapshot `snapshot()` returned, or its id. */
  restore(snapshot: SandboxSnapshot | string): Promise<SandboxDataChange>;
  /** Stops the server and closes the tracker. */
  close(): Promise<void>;
}

/**
 * Starts Bollard as a sandbox for a test suite: an HTTP server on a free port over memory storage,
 * with a paused clock, one account and its editor API key. Works from vitest, jest or node:test.
 * @example
 * import { startSandbox } from "@bollard/testing";
 *
 * const sandbox = await startSandbox();
 * const client = new MyTrackingClient(sandbox.baseUrl, sandbox.apiKey);
 * await client.track("TEST-TR-SUCCEEDED", "TEST");
 * await sandbox.clock.advance(10 * 86_400); // ten days of refreshes and webhooks
 * // …assert on what the client saw, then:
 * await sandbox.close();
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const tracker = await createTracker({
    storage: options.storage ?? memoryStorage(),
    sandbox: { start: options.start ?? "2026-01-01T00:00:00.000Z", paused: true },
    webhooks: { allowPrivateUrls: true, ...options.webhooks },
  });
  try {
    const { account } = await tracker.accounts.ensure(options.account ?? "Sandbox");
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
    const session = tracker.session(await tracker.accounts.authenticate(apiKey));
    const server = await startServer(createHttpApp(tracker), { port: options.port ?? 0, host: options.host ?? "127.0.0.1", turns: tracker.turns });
    const { sandbox } = session;
    return {
      baseUrl: `http://${server.address}/v2`,
      apiKey,
      session,
      tracker,
      clock: {
        now: () => tracker.clock.now(),
        state: () => sandbox.clock.get(),
        advance: (seconds) => sandbox.clock.update({ advance_by_seconds: seconds }),
        advanceTo: (instant) => sandbox.clock.update({ now: instant instanceof Date ? instant.toISOString() : instant }),
      },
      faults: {
        create: (input) => sandbox.faults.create(input),
        list: () => everyPage((page) => sandbox.faults.list({ page })),
        delete: (id) => sandbox.faults.delete(id),
      },
      scenarios: {
        list: () => everyPage((page) => sandbox.scenarios.list({ page })),
        create: (input) => sandbox.scenarios.create(input),
      },
      reset: () => sandbox.reset(),
      snapshot: () => sandbox.snapshots.create(),
      restore: (snapshot) => sandbox.snapshots.restore(snapshot),
      async close() {
        await server.close({ timeoutMs: 1_000 });
        await tracker.close({ timeoutMs: 1_000 });
      },
    };
  } catch (error) {
    await tracker.close({ timeoutMs: 0 });
    throw error;
  }
}

/** Every record of a paginated listing, page after page. */
async function everyPage<T>(list: (page: { number: number; size: number }) => Promise<ListResult<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let number = 1; ; number++) {
    const { data, total } = await list({ number, size: 100 });
    all.push(...data);
    if (data.length === 0 || all.length >= total) return all;
  }
}
