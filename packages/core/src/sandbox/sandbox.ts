import { BollardError } from "../errors/index.js";
import { createMutex, type AccountDataNoun, type Storage } from "../storage/index.js";
import { advanceClock, type DuePass, type SandboxAdvanceSummary } from "./advance-clock.js";
import type { AccountData } from "./account-data.js";
import { sandboxClock, type SandboxClock, type SandboxClockOptions } from "./sandbox-clock.js";
import { faultRegistry, type FaultRegistry } from "./sandbox-faults.js";
import { createScenarioRegistry, type ScenarioRegistry } from "./scenarios/scenario-registry.js";
import type { ScenarioDocument } from "./scenarios/scenario-document.js";

/** What `createTracker({ sandbox })` accepts: where the sandbox clock starts, and how fast it runs. */
export type SandboxOptions = SandboxClockOptions;

/** A saved copy of one account's data (`POST /v2/sandbox/snapshots`), as listed. */
export interface SandboxSnapshot {
  /** The snapshot's id. */
  id: string;
  /** The account whose data it holds. */
  account_id: string;
  /** When it was taken (sandbox time). */
  created_at: string;
  /** How many records of each kind it holds. */
  record_counts: Record<AccountDataNoun, number>;
}

/** A scenario as a snapshot keeps it: its document and the instant its offsets count from. */
export interface SnapshotScenario {
  /** The scenario's document. */
  document: ScenarioDocument;
  /** When it was registered (its offsets count from here unless the document has a `start`). */
  registered_at: Date;
}

/** A snapshot with the data it restores. */
export interface StoredSandboxSnapshot extends SandboxSnapshot {
  /** The account's data as exported when the snapshot was taken. */
  data: AccountData;
  /** The account's scenarios then, in registration order. */
  scenarios: SnapshotScenario[];
}

/**
 * The sandbox of a tracker created with `createTracker({ sandbox })` (`bollard serve --sandbox`):
 * its controllable clock, its injected faults and its saved snapshots. All of it lives in the
 * process: one sandbox server has one clock for every account, and its faults and snapshots end
 * with it. Sessions reach it through `session.sandbox`, scoped to their account.
 */
export interface Sandbox {
  /** The clock every timestamp, refresh and delivery of the tracker follows. */
  readonly clock: SandboxClock;
  /** The faults injected into the carrier source and webhook deliveries. */
  readonly faults: FaultRegistry;
  /** The scenarios registered by each account, answered by the carrier source. */
  readonly scenarios: ScenarioRegistry;
  /** Saved snapshots of accounts' data, by id. */
  readonly snapshots: Map<string, StoredSandboxSnapshot>;
  /**
   * Moves the clock forward to `target`, running every refresh and webhook pass that falls due on
   * the way, in time order; resolves when they are done. Runs after any other sandbox change in
   * progress; a `target` earlier than the clock is then at is a 422 (`invalid`, on `now`).
   */
  advanceTo(target: Date): Promise<SandboxAdvanceSummary>;
  /** The same as {@link Sandbox.advanceTo}, `ms` after the instant the clock is at when the move starts (0: run what is due now). */
  advanceBy(ms: number): Promise<SandboxAdvanceSummary>;
  /** Runs `fn` when no other sandbox change (an advance, a reset, a restore) is in progress. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** What a sandbox needs of its tracker once the tracker's jobs exist. */
export interface SandboxDeps {
  /** The tracker's storage. */
  storage: Storage;
  /** The refresh scheduler. */
  refresh: DuePass;
  /** The webhook delivery worker. */
  webhooks: DuePass;
  /** The demurrage alert pass, run at least once a day of an advance. */
  alerts?: DuePass;
}

/** The parts of a sandbox a tracker wires in before its jobs exist: the clock, the faults and the scenarios. */
export interface SandboxParts {
  /** The clock the tracker is created with. */
  clock: SandboxClock;
  /** The faults its carrier source and webhook transport consult. */
  faults: FaultRegistry;
  /** The scenarios its carrier source answers from. */
  scenarios: ScenarioRegistry;
}

/** Creates the clock, fault registry and scenario registry of a sandbox (step one of two; see {@link createSandbox}). */
export function sandboxParts(options: SandboxOptions = {}): SandboxParts {
  return { clock: sandboxClock(options), faults: faultRegistry(), scenarios: createScenarioRegistry() };
}

/** Completes a sandbox from its parts and the tracker's storage and jobs. */
export function createSandbox(parts: SandboxParts, deps: SandboxDeps): Sandbox {
  const exclusive = createMutex();
  return {
    ...parts,
    snapshots: new Map(),
    exclusive,
    advanceTo: (target) =>
      exclusive(() => {
        if (target.getTime() < parts.clock.now().getTime()) {
          throw new BollardError("invalid", `now must not be earlier than the sandbox's current time ${parts.clock.state().now}: the clock only moves forward`, { path: ["now"] });
        }
        return advanceClock({ clock: parts.clock, ...deps }, target);
      }),
    advanceBy: (ms) => exclusive(() => advanceClock({ clock: parts.clock, ...deps }, new Date(parts.clock.now().getTime() + ms))),
  };
}
