import { BollardError, NotFoundError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { exportAccountData, recordCounts, replaceAccountData } from "../sandbox/account-data.js";
import type { SandboxAdvanceSummary } from "../sandbox/advance-clock.js";
import type { SandboxClockState } from "../sandbox/sandbox-clock.js";
import type { SandboxFault } from "../sandbox/sandbox-faults.js";
import { SandboxClockUpdateSchema, SandboxFaultCreateSchema, type SandboxClockUpdate, type SandboxFaultCreate } from "../sandbox/sandbox-input.js";
import type { Sandbox, SandboxSnapshot } from "../sandbox/sandbox.js";
import { parseInput } from "../validation/input-validation.js";
import { pageOfList } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";
import { createSandboxScenarioService, type SandboxScenarioService } from "./sandbox-scenario-service.js";
import type { TrackingRequestWrites } from "./tracking-request-writes.js";

/** What a clock change did: the clock as it is now, and what advancing it ran (null when it did not move). */
export interface SandboxClockChange {
  /** The clock after the change. */
  clock: SandboxClockState;
  /** What ran on the way, when the change moved time. */
  advance: SandboxAdvanceSummary | null;
}

/** The sandbox clock, as a session sees it. */
export interface SandboxClockService {
  /** The clock's instant, speed and whether it is paused. */
  get(): SandboxClockState;
  /**
   * Changes the clock (editor only): `advance_by_seconds` or a later `now` move it forward, running
   * every refresh and webhook pass that falls due on the way before resolving; `speed` and `paused`
   * apply after that. 422 for an earlier `now` or a malformed change.
   */
  update(update: SandboxClockUpdate): Promise<SandboxClockChange>;
}

/** The account's injected faults. */
export interface SandboxFaultService {
  /** The account's faults, oldest first (used-up ones included, with `remaining` 0). */
  list(options?: ListOptions): Promise<ListResult<SandboxFault>>;
  /** One fault; 404 when the account has none with that id. */
  get(id: string): Promise<SandboxFault>;
  /** Injects a fault (editor only); 422 with a pointer for a malformed one. */
  create(input: SandboxFaultCreate): Promise<SandboxFault>;
  /** Removes a fault (editor only); 404 when there is none. */
  delete(id: string): Promise<void>;
}

/** What a reset or a restore did. */
export interface SandboxDataChange {
  /** Records of the account's data deleted. */
  deleted: number;
  /** Records written back (0 for a reset). */
  restored: number;
}

/** Saved copies of the account's data. */
export interface SandboxSnapshotService {
  /** The account's snapshots, oldest first. */
  list(options?: ListOptions): Promise<ListResult<SandboxSnapshot>>;
  /** Saves the account's data now (editor only). */
  create(): Promise<SandboxSnapshot>;
  /**
   * Replaces the account's data with the snapshot's (editor only): give the snapshot `create`
   * returned or its id. 404 for an unknown snapshot, 422 for anything else.
   */
  restore(snapshot: SandboxSnapshot | string): Promise<SandboxDataChange>;
}

/** The sandbox controls of a session (`/v2/sandbox/*`), acting on the session's account. */
export interface SandboxService {
  /** The sandbox clock (one per server, shared by every account). */
  readonly clock: SandboxClockService;
  /** Faults injected into the carrier source and webhook deliveries. */
  readonly faults: SandboxFaultService;
  /** Saved copies of the account's data (with its scenarios). */
  readonly snapshots: SandboxSnapshotService;
  /** Scripted shipments: built-in ones and the account's own scenario documents. */
  readonly scenarios: SandboxScenarioService;
  /**
   * Deletes the account's data (editor only): shipments, containers, events, tracking requests,
   * parties, custom fields and their definitions, webhooks and their notifications, and its
   * scenarios. The account, its users and API keys stay; so do its faults and snapshots.
   */
  reset(): Promise<SandboxDataChange>;
}

/** The id of a snapshot given as itself (what `create` and `list` return) or as its id; 422 for anything else. */
function snapshotId(snapshot: SandboxSnapshot | string): string {
  if (typeof snapshot === "string") return snapshot;
  const id: unknown = typeof snapshot === "object" && snapshot !== null ? snapshot.id : undefined;
  if (typeof id !== "string") throw new BollardError("invalid", "Give the snapshot to restore, as snapshots.create or snapshots.list returned it, or its id", { path: ["snapshot"] });
  return id;
}

const page = <T>(items: readonly T[], options: ListOptions | undefined, defaultSize: number): ListResult<T> => pageOfList(items, options?.page, defaultSize);

/** Creates the {@link SandboxService} of a session; every call is a 404 on a tracker that is not a sandbox. */
export function createSandboxService(context: SessionContext, sandbox: Sandbox | null, trackingRequests: TrackingRequestWrites): SandboxService {
  const { accountId } = context;
  function need(): Sandbox {
    if (!sandbox) throw new NotFoundError("This server is not a sandbox: start it with bollard serve --sandbox (createTracker({ sandbox: {} }) in process)");
    return sandbox;
  }
  function snapshotOf(id: string) {
    const snapshot = need().snapshots.get(id);
    if (!snapshot || snapshot.account_id !== accountId) throw new NotFoundError(`No snapshot ${id}`);
    return snapshot;
  }
  const listed = ({ data: _data, scenarios: _scenarios, ...snapshot }: SandboxSnapshot & { data?: unknown; scenarios?: unknown }): SandboxSnapshot => snapshot;

  return {
    scenarios: createSandboxScenarioService(context, need, trackingRequests),
    clock: {
      get: () => need().clock.state(),
      async update(update) {
        context.requireEditor();
        const { clock, advanceTo, advanceBy } = need();
        const input = parseInput(SandboxClockUpdateSchema, update ?? {});
        let advance: SandboxAdvanceSummary | null = null;
        if (input.advance_by_seconds !== undefined) advance = await advanceBy(Math.round(input.advance_by_seconds * 1000));
        if (input.now !== undefined) advance = await advanceTo(new Date(input.now));
        if (input.speed !== undefined) clock.setSpeed(input.speed);
        if (input.paused !== undefined) clock.setPaused(input.paused);
        return { clock: clock.state(), advance };
      },
    },
    faults: {
      async list(options) {
        return page(need().faults.list(accountId), options, 30);
      },
      async get(id) {
        const fault = need().faults.get(accountId, id);
        if (!fault) throw new NotFoundError(`No fault ${id}`);
        return fault;
      },
      async create(create) {
        context.requireEditor();
        const { faults, clock } = need();
        const input = parseInput(SandboxFaultCreateSchema, create ?? {});
        const fault: SandboxFault = {
          id: uuidv7(),
          account_id: accountId,
          target: input.target,
          effect: input.effect,
          scac: input.target === "carrier" ? (input.scac ?? null) : null,
          request_number: input.target === "carrier" ? (input.request_number ?? null) : null,
          url: input.target === "webhook" ? input.url : null,
          status_code: input.target === "webhook" ? (input.status_code ?? null) : null,
          delay_ms: input.target === "webhook" ? (input.delay_ms ?? null) : null,
          times: input.times ?? null,
          remaining: input.times ?? null,
          hits: 0,
          created_at: clock.now().toISOString(),
        };
        faults.add(fault);
        return fault;
      },
      async delete(id) {
        context.requireEditor();
        if (!need().faults.delete(accountId, id)) throw new NotFoundError(`No fault ${id}`);
      },
    },
    snapshots: {
      async list(options) {
        const mine = [...need().snapshots.values()].filter((snapshot) => snapshot.account_id === accountId).map(listed);
        return page(mine, options, 30);
      },
      async create() {
        context.requireEditor();
        const { exclusive, snapshots, clock } = need();
        return exclusive(async () => {
          const data = await exportAccountData(context.storage, accountId);
          const snapshot = { id: uuidv7(), account_id: accountId, created_at: clock.now().toISOString(), record_counts: recordCounts(data) };
          const scenarios = need().scenarios.list(accountId).map(({ timeline, registered_at }) => ({ document: timeline.document, registered_at }));
          snapshots.set(snapshot.id, { ...snapshot, data, scenarios });
          return snapshot;
        });
      },
      async restore(snapshotOrId) {
        context.requireEditor();
        const snapshot = snapshotOf(snapshotId(snapshotOrId));
        const { exclusive, scenarios } = need();
        return exclusive(async () => {
          const deleted = await replaceAccountData(context.storage, accountId, snapshot.data);
          scenarios.removeAll(accountId);
          for (const scenario of snapshot.scenarios) scenarios.register(accountId, scenario.document, scenario.registered_at);
          return { deleted, restored: Object.values(snapshot.record_counts).reduce((sum, n) => sum + n, 0) };
        });
      },
    },
    async reset() {
      context.requireEditor();
      const { exclusive, scenarios } = need();
      return exclusive(async () => {
        const deleted = await replaceAccountData(context.storage, accountId, null);
        scenarios.removeAll(accountId);
        return { deleted, restored: 0 };
      });
    },
  };
}
