import type {
  Account,
  ApiKey,
  Container,
  ContainerStatus,
  DomainEvent,
  MetroArea,
  Party,
  Port,
  RailTerminal,
  RawEvent,
  Shipment,
  ShippingLine,
  Tariff,
  Terminal,
  TrackingRequest,
  TransportEvent,
  User,
  Vessel,
  VesselPositionRecord,
} from "../domain/index.js";
import type { Page, PageResult } from "./pagination.js";
import type { ChangeRepository } from "./change-repositories.js";
import type { RefreshLogRepository } from "./refresh-log-repositories.js";
import type { WebhookNotificationRepository, WebhookReplayRepository, WebhookRepository } from "./webhook-repositories.js";
import type { EventFeedRepository } from "./event-feed-repositories.js";
import type { ChangeVersionRepository } from "./change-version-repositories.js";
import type { KeptTextRepository } from "./kept-text-repositories.js";
import type { BulkJobRepository } from "./bulk-job-repositories.js";
import type { CustomFieldDefinitionRepository, CustomFieldOptionRepository, CustomFieldRepository } from "./custom-field-repositories.js";
import type { ExceptionRepository, ExceptionRuleRepository } from "./exception-repositories.js";

/*
 * Rules shared by every repository below (the contract suite tests each one):
 * - Records go in and come out as plain domain objects that parse with their zod schema;
 *   a read returns a value deep-equal to what was written (no added, dropped or coerced fields).
 * - Account-scoped reads take the account id first and never return another account's record:
 *   to the caller, a record of another account does not exist.
 * - `get*` returns `null` when absent. `getMany` returns the records found, in the order of the ids
 *   asked for, skipping unknown ids.
 * - `insert` throws a BollardError with code `conflict` when the id (or a stated unique key) is taken.
 * - `update` replaces the whole record found by (account_id, id) and throws a BollardError with
 *   code `not_found` when there is none. Ids, `account_id` and `created_at` never change.
 * - `delete` returns true when it removed a record, false when there was none.
 * - Listings are totally ordered as stated (ties broken by `id`), so pages never overlap.
 */

/** Accounts (tenants). Not account-scoped themselves. */
export interface AccountRepository {
  /** Stores a new account; `conflict` when the id or `company_name` is taken. */
  insert(account: Account): Promise<void>;
  /** The account with this id, or null. */
  get(id: string): Promise<Account | null>;
  /** The account whose `company_name` equals `companyName` exactly, or null. Names are unique. */
  findByName(companyName: string): Promise<Account | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(page: Page): Promise<PageResult<Account>>;
}

/** Users of an account. */
export interface UserRepository {
  /** Stores a new user; `conflict` when the id is taken. */
  insert(user: User): Promise<void>;
  /** The account's user with this id, or null. */
  get(accountId: string, id: string): Promise<User | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, page: Page): Promise<PageResult<User>>;
}

/** API keys, stored only as hashes. */
export interface ApiKeyRepository {
  /** Stores a new key; `conflict` when the id or `key_hash` is taken. */
  insert(key: ApiKey): Promise<void>;
  /** The key whose `key_hash` equals `hash`, across all accounts, or null. Hashes are unique. */
  findByHash(hash: string): Promise<ApiKey | null>;
  /** The key with this id, across all accounts, or null. */
  get(id: string): Promise<ApiKey | null>;
  /** Keys by `created_at`, then `id`: all of them, or one account's. Revoked keys are listed too. */
  list(filter: { accountId?: string }, page: Page): Promise<PageResult<ApiKey>>;
  /**
   * Records that the key authenticated a request at `at`: sets `last_used_at` unless it is already
   * later. Changes nothing else of the record, so it never undoes a revocation written meanwhile.
   */
  recordUse(id: string, at: string): Promise<void>;
  /**
   * Sets `revoked_at` to `at` unless the key is already revoked at or before `at` (an earlier
   * revocation stands). Changes nothing else of the record. False when there is no such key.
   */
  revoke(id: string, at: string): Promise<boolean>;
}

/** Shared reference data (ports, terminals, …): global, written in bulk, keyed by id. */
export interface ReferenceRepository<
  T extends {
    /** The record's id. */
    id: string;
  },
> {
  /** Inserts or replaces each record by id. */
  upsertMany(records: readonly T[]): Promise<void>;
  /** The record with this id, or null. */
  get(id: string): Promise<T | null>;
  /** The records with these ids that exist, in the order asked for. */
  getMany(ids: readonly string[]): Promise<T[]>;
  /** How many records are stored. */
  count(): Promise<number>;
}

/** Ports, also looked up by UN/LOCODE. */
export interface PortRepository extends ReferenceRepository<Port> {
  /** The port whose `code` equals `locode` (exact, upper case), or null. */
  getByLocode(locode: string): Promise<Port | null>;
}

/** Metro areas (inland destinations), also looked up by UN/LOCODE. */
export interface MetroAreaRepository extends ReferenceRepository<MetroArea> {
  /** The metro area whose `code` equals `locode`, or null. */
  getByLocode(locode: string): Promise<MetroArea | null>;
}

/** Shipping lines, also looked up by SCAC. */
export interface ShippingLineRepository extends ReferenceRepository<ShippingLine> {
  /** The line whose `scac` equals `scac`, or null. */
  getByScac(scac: string): Promise<ShippingLine | null>;
  /** Ordered by `scac` ascending. */
  list(page: Page): Promise<PageResult<ShippingLine>>;
}

/** Vessels: global reference data, identified by id, IMO or MMSI. */
export interface VesselRepository extends ReferenceRepository<Vessel> {
  /** The vessel with this IMO number, or null. IMO numbers are unique. */
  getByImo(imo: string): Promise<Vessel | null>;
  /** The vessel with this MMSI, or null. MMSIs are unique. */
  getByMmsi(mmsi: string): Promise<Vessel | null>;
}

/** Time window of a positions query; both bounds inclusive, either may be omitted. */
export interface TimeWindow {
  /** Earliest timestamp included. */
  from?: string;
  /** Latest timestamp included. */
  to?: string;
}

/** The time series of reported vessel positions. */
export interface VesselPositionRepository {
  /**
   * Stores position reports. A report with the same (`vessel_id`, `timestamp`) as a stored one is
   * a duplicate and is skipped. Returns how many reports were stored.
   */
  insertMany(positions: readonly VesselPositionRecord[]): Promise<number>;
  /**
   * The vessel's reports inside the window, ordered by `timestamp` ascending. With `maxPoints` (≥ 2)
   * and more matching reports than that, returns the evenly thinned series: with `n` matches and
   * `step = ceil((n - 1) / (maxPoints - 1))`, the reports at positions 0, step, 2·step, … and the last one.
   */
  listByVessel(vesselId: string, window?: TimeWindow, options?: { maxPoints?: number }): Promise<VesselPositionRecord[]>;
  /** The vessel's report with the greatest `timestamp`, or null. */
  latest(vesselId: string): Promise<VesselPositionRecord | null>;
  /**
   * The ids of the vessels that have at least one report, ascending, after `after` (null: from the
   * first), at most `limit` of them: how core's position retention walks the fleet.
   */
  vesselIds(after: string | null, limit: number): Promise<string[]>;
  /** Deletes the vessel's reports at these timestamps (absent ones are skipped); returns how many it deleted. */
  deleteMany(vesselId: string, timestamps: readonly string[]): Promise<number>;
}

/** What a listing's caller may already know of its total (see core's `knownTotals`). */
export interface ListTotalHint {
  /**
   * The listing's total, counted by the caller for the same filters while the account's change
   * version stood where it stands now: an adapter may return it instead of counting again (a count
   * walks the account's rows). Absent: count as usual.
   */
  knownTotal?: number;
}

/** Filters of the shipments listing; all optional and combined with AND. */
export interface ShipmentListQuery extends ListTotalHint {
  /** Which page to return. */
  page: Page;
  /** true: only shipments with `line_tracking_stopped_at` set; false: only those without. */
  trackingStopped?: boolean;
  /** Exact, case-insensitive match on `bill_of_lading_number` or `normalized_number`. */
  number?: string;
  /** Case-insensitive substring of `bill_of_lading_number`, any of `ref_numbers`, or any container `number` of the shipment. */
  q?: string;
}

/** Shipments of an account. */
export interface ShipmentRepository {
  /** Stores a new shipment; `conflict` when the id is taken. */
  insert(shipment: Shipment): Promise<void>;
  /** Replaces the stored shipment; `not_found` when there is none. */
  update(shipment: Shipment): Promise<void>;
  /** The account's shipment with this id, or null. */
  get(accountId: string, id: string): Promise<Shipment | null>;
  /** The account's shipments with these ids, in the order asked for. */
  getMany(accountId: string, ids: readonly string[]): Promise<Shipment[]>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, query: ShipmentListQuery): Promise<PageResult<Shipment>>;
}

/** Filters of the containers listing. */
export interface ContainerListQuery extends ListTotalHint {
  /** Which page to return. */
  page: Page;
  /** Exact, case-insensitive match on the container `number`. */
  number?: string;
  /** Containers whose `current_status` is one of these; an empty list matches none. */
  currentStatus?: readonly ContainerStatus[];
}

/** Containers of an account. */
export interface ContainerRepository {
  /** Stores a new container; `conflict` when the id is taken. */
  insert(container: Container): Promise<void>;
  /** Replaces the stored container; `not_found` when there is none. */
  update(container: Container): Promise<void>;
  /** The account's container with this id, or null. */
  get(accountId: string, id: string): Promise<Container | null>;
  /** The account's containers with these ids, in the order asked for. */
  getMany(accountId: string, ids: readonly string[]): Promise<Container[]>;
  /** The containers of the given shipments, ordered by `created_at`, then `id`, ascending. */
  listByShipments(accountId: string, shipmentIds: readonly string[]): Promise<Container[]>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, query: ContainerListQuery): Promise<PageResult<Container>>;
}

/** Normalized transport events. */
export interface TransportEventRepository {
  /** Inserts many events at once (the ingest path); all or nothing inside a transaction. */
  insertMany(events: readonly TransportEvent[]): Promise<void>;
  /** The account's transport event with this id, or null. */
  get(accountId: string, id: string): Promise<TransportEvent | null>;
  /**
   * The events of the given containers, ordered by `timestamp` ascending with null timestamps last,
   * then `created_at`, then `id`. Without `page`, every event is returned.
   */
  listByContainers(accountId: string, containerIds: readonly string[], page?: Page): Promise<PageResult<TransportEvent>>;
}

/** Raw carrier events (deprecated resource). */
export interface RawEventRepository {
  /** Inserts many raw events at once; all or nothing inside a transaction. */
  insertMany(events: readonly RawEvent[]): Promise<void>;
  /** Replaces a raw event (an estimate that changed or became actual); it moves to the end of the event feed. */
  update(event: RawEvent): Promise<void>;
  /** The events of the given containers, ordered by `container_id`, then `index` ascending, then `id`. */
  listByContainers(accountId: string, containerIds: readonly string[], page?: Page): Promise<PageResult<RawEvent>>;
}

/** Filters of the tracking requests listing (the spec's query parameters); combined with AND. */
export interface TrackingRequestListQuery extends ListTotalHint {
  /** Which page to return. */
  page: Page;
  /** Case-insensitive substring of `request_number` or any of `ref_numbers`. */
  q?: string;
  /** Exact, case-insensitive match on `request_number`. */
  requestNumber?: string;
  /** Only requests with this status. */
  status?: TrackingRequest["status"];
  /** Exact match on `scac` (upper case). */
  scac?: string;
  /** Inclusive bounds on `created_at`. */
  createdAt?: TimeWindow;
  /** Inclusive bounds on `updated_at`. */
  updatedAt?: TimeWindow;
}

/** Tracking requests of an account. */
export interface TrackingRequestRepository {
  /** Stores a new tracking request; `conflict` when the id is taken. */
  insert(request: TrackingRequest): Promise<void>;
  /** Replaces the stored tracking request; `not_found` when there is none. */
  update(request: TrackingRequest): Promise<void>;
  /** The account's tracking request with this id, or null. */
  get(accountId: string, id: string): Promise<TrackingRequest | null>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, query: TrackingRequestListQuery): Promise<PageResult<TrackingRequest>>;
  /**
   * The account's `pending` and `created` requests whose `request_number` is one of `numbers`
   * (compared case-insensitively), in no particular order: what a create checks for duplicates, one
   * read for a whole batch of a bulk import. Any number of `numbers`; none gives none.
   */
  activeByNumbers(accountId: string, numbers: readonly string[]): Promise<TrackingRequest[]>;
  /**
   * Across all accounts, up to `limit` requests whose `next_attempt_at` is set and at or before `now`,
   * ordered by `next_attempt_at`, then `id`, ascending (the refresh scheduler's queue).
   */
  listDue(now: string, limit: number): Promise<TrackingRequest[]>;
  /**
   * Claims due requests for a refresh, across all accounts: atomically takes up to `limit` requests
   * whose `next_attempt_at` is set and at or before `now`, ordered by `next_attempt_at`, then `id`,
   * ascending; sets each one's `next_attempt_at` to `leaseUntil` (nothing else changes) and returns
   * them as stored after that change. While a lease runs (until `leaseUntil`), no other call returns
   * the request; if the claimer dies, it is due again when the lease ends, and another process
   * refreshes it (the refresh scheduler's queue, shared by every process on the storage).
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<TrackingRequest[]>;
}


/** Parties (customers) of an account. (`account_id`, `company_name`) is unique. */
export interface PartyRepository {
  /** Stores a new party; `conflict` when the id or (`account_id`, `company_name`) is taken. */
  insert(party: Party): Promise<void>;
  /** Replaces the stored party; `not_found` when there is none, `conflict` when another party of the account has its `company_name`. */
  update(party: Party): Promise<void>;
  /** The account's party with this id, or null. */
  get(accountId: string, id: string): Promise<Party | null>;
  /** The account's party with exactly this `company_name`, or null. */
  findByName(accountId: string, companyName: string): Promise<Party | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, page: Page): Promise<PageResult<Party>>;
}

/** Tariff rules of an account: free time and daily rates for demurrage, detention and storage. */
export interface TariffRepository {
  /** Stores a new rule; `conflict` when the id is taken. */
  insert(tariff: Tariff): Promise<void>;
  /** Replaces the stored rule; `not_found` when there is none. */
  update(tariff: Tariff): Promise<void>;
  /** The account's rule with this id, or null. */
  get(accountId: string, id: string): Promise<Tariff | null>;
  /** Removes the account's rule; true when it removed one. */
  delete(accountId: string, id: string): Promise<boolean>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, page: Page): Promise<PageResult<Tariff>>;
}

/** Filters of the domain events listing. */
export interface DomainEventListQuery {
  /** Which page to return. */
  page: Page;
  /** Only events of this shipment. */
  shipmentId?: string;
  /** Only events of this container. */
  containerId?: string;
  /** Only events with this name. */
  event?: DomainEvent["event"];
}

/** The record of what happened to tracked shipments (the source of webhook notifications). */
export interface DomainEventRepository {
  /** Inserts many events at once; all or nothing inside a transaction. */
  insertMany(events: readonly DomainEvent[]): Promise<void>;
  /** The account's domain event with this id, or null. */
  get(accountId: string, id: string): Promise<DomainEvent | null>;
  /** Ordered by `created_at`, then `id`, ascending (the order they happened in). */
  list(accountId: string, query: DomainEventListQuery): Promise<PageResult<DomainEvent>>;
  /**
   * Deletes the account's events created before `before`, oldest first, at most `limit` of them;
   * returns how many it deleted (core's retention: nothing reads an event after its transaction).
   */
  pruneCreatedBefore(accountId: string, before: string, limit: number): Promise<number>;
}

/** A small key/value store for storage-level bookkeeping (e.g. the reference data version). */
export interface MetaRepository {
  /** The value stored under `key`, or null. */
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key`, replacing any value there. */
  set(key: string, value: string): Promise<void>;
}

/** Every repository of a storage; what a transaction callback receives. */
export interface StorageRepositories {
  /** Accounts (tenants). */
  readonly accounts: AccountRepository;
  /** Users of accounts. */
  readonly users: UserRepository;
  /** API keys, by hash. */
  readonly apiKeys: ApiKeyRepository;
  /** Ports (reference data). */
  readonly ports: PortRepository;
  /** Terminals (reference data). */
  readonly terminals: ReferenceRepository<Terminal>;
  /** Rail terminals (reference data). */
  readonly railTerminals: ReferenceRepository<RailTerminal>;
  /** Metro areas (reference data). */
  readonly metroAreas: MetroAreaRepository;
  /** Shipping lines (reference data). */
  readonly shippingLines: ShippingLineRepository;
  /** Vessels (global). */
  readonly vessels: VesselRepository;
  /** The vessels' position reports. */
  readonly vesselPositions: VesselPositionRepository;
  /** Shipments. */
  readonly shipments: ShipmentRepository;
  /** Containers. */
  readonly containers: ContainerRepository;
  /** The history of shipments and containers, one record per changed attribute. */
  readonly changes: ChangeRepository;
  /** When each shipment's refresh timestamps moved, one record per shipment and UTC day. */
  readonly refreshLog: RefreshLogRepository;
  /** Transport events. */
  readonly transportEvents: TransportEventRepository;
  /** Raw carrier events. */
  readonly rawEvents: RawEventRepository;
  /** Every transport and raw event of an account, in the order Bollard learned them. */
  readonly eventFeed: EventFeedRepository;
  /** Tracking requests, and the refresh queue. */
  readonly trackingRequests: TrackingRequestRepository;
  /** Parties (customers) of accounts. */
  readonly parties: PartyRepository;
  /** Tariff rules (free time and rates) of accounts. */
  readonly tariffs: TariffRepository;
  /** Exception rules (thresholds) of accounts. */
  readonly exceptionRules: ExceptionRuleRepository;
  /** Exceptions raised on shipments. */
  readonly exceptions: ExceptionRepository;
  /** Bulk jobs (imports) and their rows. */
  readonly bulkJobs: BulkJobRepository;
  /** Custom field definitions. */
  readonly customFieldDefinitions: CustomFieldDefinitionRepository;
  /** Options of enum custom field definitions. */
  readonly customFieldOptions: CustomFieldOptionRepository;
  /** Custom field values. */
  readonly customFields: CustomFieldRepository;
  /** Webhook subscriptions. */
  readonly webhooks: WebhookRepository;
  /** The webhook outbox, its delivery queue and log. */
  readonly webhookNotifications: WebhookNotificationRepository;
  /** Webhook replays and their progress. */
  readonly webhookReplays: WebhookReplayRepository;
  /** Domain events. */
  readonly domainEvents: DomainEventRepository;
  /** Storage bookkeeping values. */
  readonly meta: MetaRepository;
  /** A version per account (and a few shared keys), raised by core with every write that changes it. */
  readonly changeVersions: ChangeVersionRepository;
  /** Optional: texts kept for readers (core's read model); without it every text is rendered on read. */
  readonly keptTexts?: KeptTextRepository;
}
