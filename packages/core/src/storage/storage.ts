import type { StorageRepositories } from "./repositories.js";
import type { StorageCopy } from "./storage-copy.js";
import type { TurnScheduler } from "./turn-end.js";

/** What a storage backend can do, declared so core never checks which backend it runs on. */
export interface StorageCapabilities {
  /** Data survives the process (false for memory storage). */
  readonly persistent: boolean;
  /** Several processes may use the same data at once (PostgreSQL). */
  readonly multiProcess: boolean;
}

/**
 * The storage contract every adapter implements: every repository of
 * {@link StorageRepositories}, usable directly (each call is atomic on its own) or inside
 * {@link Storage.transaction}.
 *
 * Adapters translate records to their backend and back, and nothing more: ids, timestamps,
 * validation, tenancy rules and domain events are decided in core before a record arrives here.
 * `@bollard/core/testing` exports `runStorageContract`, which checks every rule stated in these docs.
 */
export interface Storage extends StorageRepositories {
  /** A short name for logs, e.g. `memory` or `sqlite`. */
  readonly name: string;
  /** What this backend can do. */
  readonly capabilities: StorageCapabilities;
  /**
   * Prepares the backend (creates or migrates the schema). Idempotent; `createTracker` calls it,
   * with the tracker's turn scheduler, which a storage that batches work by turns of the event loop
   * (SQL group commits) uses from then on. Every other method may be called only after it resolved.
   */
  open(context?: StorageOpenContext): Promise<void>;
  /**
   * Runs `fn` atomically: when it resolves, every write it made is durable; when it throws or rejects,
   * none is visible and the error is rethrown. Reads through `tx` see the transaction's own writes;
   * other callers never see them before commit. Transactions are serialized with each other.
   * `fn` must use only `tx` (calling the outer storage inside it may deadlock).
   */
  transaction<T>(fn: (tx: StorageRepositories) => Promise<T>): Promise<T>;
  /** Flushes and releases the backend. Further calls fail. Idempotent. */
  close(): Promise<void>;
  /**
   * Optional: whether the backend can serve reads and writes now, and why not (a full disk, a
   * read-only, deleted or replaced database file). `GET /healthz` asks it; for a storage without it,
   * a successful read stands in.
   */
  health?(): Promise<StorageHealth>;
  /**
   * Every record, by repository noun, in batches: the export/import port a copy between any two
   * storages uses (`bollard migrate-db`). See {@link StorageCopy} for its rules.
   */
  readonly copy: StorageCopy;
}

/** What `createTracker` hands a storage when it opens it. */
export interface StorageOpenContext {
  /** The tracker's turn scheduler, shared with its HTTP server: group commits run at its ends of turns. */
  readonly turns: TurnScheduler;
}

/** What {@link Storage.health} reports: ok, or unavailable with the cause in words. */
export type StorageHealth =
  | {
      /** Reads and writes work. */
      status: "ok";
    }
  | {
      /** Requests would fail with storage_unavailable. */
      status: "unavailable";
      /** Why, for logs: e.g. `the disk is full (SQLITE_FULL)`. */
      reason: string;
    };
