import type { PageResult } from "./pagination.js";
import type { ContainerListQuery, ShipmentListQuery, StorageRepositories } from "./repositories.js";
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
   * Optional: shipments and containers kept in rendered form beside the records, so the hottest
   * read (a shipment with its containers) skips parsing and serializing them. A storage without it
   * loses nothing: core renders the records it reads.
   */
  readonly renderings?: StoredRenderings;
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

/**
 * A record in rendered form: its id, and its JSON:API `attributes` and to-one `relationships`
 * as JSON text, exactly as `storedRendering(type, record)` (from `@bollard/core/storage`) renders them.
 */
export interface RenderedRecord {
  /** The record's id. */
  readonly id: string;
  /** The `attributes` object as JSON text. */
  readonly attributes: string;
  /** The to-one members of the `relationships` object as JSON text. */
  readonly relationships: string;
  /**
   * A container's to-many members of the `relationships` object as JSON text (its `transport_events`
   * and `raw_events` linkage, members without braces, as core renders them from its event ids),
   * when the storage keeps them with the container and current as events are written. Undefined
   * otherwise: the reader then reads the event ids (`containerEventIds`, or the event lists).
   */
  readonly toMany?: string;
}

/**
 * The optional capability {@link Storage.renderings}: renderings written with every insert and
 * update of a shipment or container (`storedRendering("shipment", shipment)`), read back as text.
 * When the rendering of a type changes in a new version (`renderingFingerprint()` differs from the
 * one stored), the storage renders its records again.
 */
export interface StoredRenderings {
  /** The account's shipment in rendered form, or null when there is none (another account's included). */
  shipment(accountId: string, id: string): Promise<RenderedRecord | null>;
  /** The account's containers of one shipment in rendered form, in the order of `containers.listByShipments`. */
  containersOfShipment(accountId: string, shipmentId: string): Promise<RenderedRecord[]>;
  /**
   * The ids of the containers' transport events (in `timestamp` order) and raw events (in `index`
   * order), without reading the events themselves: a container's `transport_events` and
   * `raw_events` linkage. Optional: without it the linkage is read through the event lists.
   */
  containerEventIds?(accountId: string, containerIds: readonly string[]): Promise<ContainerEventIdRows>;
  /**
   * A page of the shipment listing in rendered form: the shipments, total and order
   * `shipments.list(accountId, query)` gives. Optional, as are the two below: without them a
   * listing decodes its records and renders them.
   */
  shipmentPage?(accountId: string, query: ShipmentListQuery): Promise<PageResult<RenderedRecord>>;
  /** A page of the container listing in rendered form, as `containers.list(accountId, query)` gives it. */
  containerPage?(accountId: string, query: ContainerListQuery): Promise<PageResult<RenderedRecord>>;
  /** The containers of several shipments in rendered form, with their shipment's id, in the order of `containers.listByShipments`. */
  containersOfShipments?(accountId: string, shipmentIds: readonly string[]): Promise<RenderedContainer[]>;
  /**
   * The ids of the containers of several shipments, with their shipment's id, in the order of
   * `containers.listByShipments`: the `containers` linkage of shipments included without their
   * containers (a tracking request listing's tracked shipments), read without their renderings.
   * Optional: without it the linkage comes from {@link StoredRenderings.containersOfShipments}.
   */
  containerIdsOfShipments?(accountId: string, shipmentIds: readonly string[]): Promise<ContainerOfShipment[]>;
}

/** A container's id and its shipment's (see {@link StoredRenderings.containerIdsOfShipments}). */
export interface ContainerOfShipment {
  /** The container's id. */
  readonly id: string;
  /** The container's `shipment_id`. */
  readonly shipment_id: string;
}

/** A container in rendered form with the id of its shipment (see {@link StoredRenderings.containersOfShipments}). */
export interface RenderedContainer extends RenderedRecord {
  /** The container's `shipment_id`. */
  readonly shipment_id: string;
}

/** What {@link StoredRenderings.containerEventIds} reads: each event's id and its container's, in list order. */
export interface ContainerEventIdRows {
  /** Transport events, in `timestamp` order. */
  transport_events: ContainerEventIdRow[];
  /** Raw events, by container, in `index` order. */
  raw_events: ContainerEventIdRow[];
}

/** One event of {@link ContainerEventIdRows}. */
export interface ContainerEventIdRow {
  /** The event's id. */
  id: string;
  /** Its container's id. */
  container_id: string;
}
