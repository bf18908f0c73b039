import type {
  Account,
  ApiKey,
  Container,
  CustomField,
  DomainEvent,
  CustomFieldDefinition,
  CustomFieldOption,
  MetroArea,
  Port,
  RailTerminal,
  RawEvent,
  Shipment,
  ShippingLine,
  Terminal,
  TrackingRequest,
  TransportEvent,
  User,
  Vessel,
  VesselPositionRecord,
  Webhook,
  WebhookNotification,
  WebhookNotificationAttempt,
} from "../domain/index.js";
import type { Page, PageResult } from "./pagination.js";

/*
 * Rules shared by every repository below (the contract suite tests each one):
 * - Records go in and come out as plain domain objects that parse with their zod schema;
 *   a read returns a value deep-equal to what was written (no added, dropped or coerced fields).
 * - Account-scoped reads take the account id first and never return another account's record:
 *   to the caller, a record of another account does not exist.
 * - `get*` returns `null` when absent. `getMany` returns the records found, in the order of the ids
 *   asked for, skipping unknown ids.
 * - `insert` throws a BollardError with code `CONFLICT` when the id (or a stated unique key) is taken.
 * - `update` replaces the whole record found by (account_id, id) and throws a BollardError with
 *   code `NOT_FOUND` when there is none. Ids, `account_id` and `created_at` never change.
 * - `delete` returns true when it removed a record, false when there was none.
 * - Listings are totally ordered as stated (ties broken by `id`), so pages never overlap.
 */

/** Accounts (tenants). Not account-scoped themselves. */
export interface AccountRepository {
  insert(account: Account): Promise<void>;
  get(id: string): Promise<Account | null>;
  /** The account whose `company_name` equals `companyName` exactly, or null. Names are unique. */
  findByName(companyName: string): Promise<Account | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(page: Page): Promise<PageResult<Account>>;
}

/** Users of an account. */
export interface UserRepository {
  insert(user: User): Promise<void>;
  get(accountId: string, id: string): Promise<User | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, page: Page): Promise<PageResult<User>>;
}

/** API keys, stored only as hashes. */
export interface ApiKeyRepository {
  insert(key: ApiKey): Promise<void>;
  /** The key whose `key_hash` equals `hash`, across all accounts, or null. Hashes are unique. */
  findByHash(hash: string): Promise<ApiKey | null>;
}

/** Shared reference data (ports, terminals, …): global, written in bulk, keyed by id. */
export interface ReferenceRepository<T extends { id: string }> {
  /** Inserts or replaces each record by id. */
  upsertMany(records: readonly T[]): Promise<void>;
  get(id: string): Promise<T | null>;
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
  from?: string;
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
}

/** Filters of the shipments listing; all optional and combined with AND. */
export interface ShipmentListQuery {
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
  insert(shipment: Shipment): Promise<void>;
  update(shipment: Shipment): Promise<void>;
  get(accountId: string, id: string): Promise<Shipment | null>;
  getMany(accountId: string, ids: readonly string[]): Promise<Shipment[]>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, query: ShipmentListQuery): Promise<PageResult<Shipment>>;
}

/** Filters of the containers listing. */
export interface ContainerListQuery {
  page: Page;
  /** Exact, case-insensitive match on the container `number`. */
  number?: string;
}

/** Containers of an account. */
export interface ContainerRepository {
  insert(container: Container): Promise<void>;
  update(container: Container): Promise<void>;
  get(accountId: string, id: string): Promise<Container | null>;
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
  get(accountId: string, id: string): Promise<TransportEvent | null>;
  /**
   * The events of the given containers, ordered by `timestamp` ascending with null timestamps last,
   * then `created_at`, then `id`. Without `page`, every event is returned.
   */
  listByContainers(accountId: string, containerIds: readonly string[], page?: Page): Promise<PageResult<TransportEvent>>;
}

/** Raw carrier events (deprecated resource). */
export interface RawEventRepository {
  insertMany(events: readonly RawEvent[]): Promise<void>;
  /** Replaces a raw event (an estimate that changed or became actual). */
  update(event: RawEvent): Promise<void>;
  /** The events of the given containers, ordered by `container_id`, then `index` ascending, then `id`. */
  listByContainers(accountId: string, containerIds: readonly string[], page?: Page): Promise<PageResult<RawEvent>>;
}

/** Filters of the tracking requests listing (the spec's query parameters); combined with AND. */
export interface TrackingRequestListQuery {
  page: Page;
  /** Case-insensitive substring of `request_number` or any of `ref_numbers`. */
  q?: string;
  /** Exact, case-insensitive match on `request_number`. */
  requestNumber?: string;
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
  insert(request: TrackingRequest): Promise<void>;
  update(request: TrackingRequest): Promise<void>;
  get(accountId: string, id: string): Promise<TrackingRequest | null>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, query: TrackingRequestListQuery): Promise<PageResult<TrackingRequest>>;
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

/** Filters of the custom field definitions listing. */
export interface CustomFieldDefinitionListQuery {
  page: Page;
  entityType?: CustomFieldDefinition["entity_type"];
  dataType?: CustomFieldDefinition["data_type"];
  /** Case-insensitive prefix of `display_name`. */
  displayNamePrefix?: string;
}

/** Custom field definitions of an account. `api_slug` is unique per account. */
export interface CustomFieldDefinitionRepository {
  insert(definition: CustomFieldDefinition): Promise<void>;
  update(definition: CustomFieldDefinition): Promise<void>;
  delete(accountId: string, id: string): Promise<boolean>;
  get(accountId: string, id: string): Promise<CustomFieldDefinition | null>;
  getBySlug(accountId: string, apiSlug: string): Promise<CustomFieldDefinition | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, query: CustomFieldDefinitionListQuery): Promise<PageResult<CustomFieldDefinition>>;
}

/** Options of enum custom field definitions. `value` is unique per definition. */
export interface CustomFieldOptionRepository {
  insert(option: CustomFieldOption): Promise<void>;
  update(option: CustomFieldOption): Promise<void>;
  delete(accountId: string, id: string): Promise<boolean>;
  get(accountId: string, id: string): Promise<CustomFieldOption | null>;
  /** Ordered by `position` ascending with null positions last, then `created_at`, then `id`. */
  listByDefinition(accountId: string, definitionId: string, page?: Page): Promise<PageResult<CustomFieldOption>>;
  /** Removes every option of a definition; returns how many were removed. */
  deleteByDefinition(accountId: string, definitionId: string): Promise<number>;
}

/** Filters of the custom field values listing. */
export interface CustomFieldListQuery {
  page: Page;
  entityType?: CustomField["entity_type"];
  entityId?: string;
  definitionId?: string;
}

/** Custom field values. (`entity_type`, `entity_id`, `api_slug`) is unique. */
export interface CustomFieldRepository {
  insert(field: CustomField): Promise<void>;
  update(field: CustomField): Promise<void>;
  delete(accountId: string, id: string): Promise<boolean>;
  get(accountId: string, id: string): Promise<CustomField | null>;
  getByEntitySlug(accountId: string, entityType: CustomField["entity_type"], entityId: string, apiSlug: string): Promise<CustomField | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, query: CustomFieldListQuery): Promise<PageResult<CustomField>>;
  /** Removes every value of a definition; returns how many were removed. */
  deleteByDefinition(accountId: string, definitionId: string): Promise<number>;
}

/** Webhook subscriptions of an account. */
export interface WebhookRepository {
  insert(webhook: Webhook): Promise<void>;
  update(webhook: Webhook): Promise<void>;
  delete(accountId: string, id: string): Promise<boolean>;
  get(accountId: string, id: string): Promise<Webhook | null>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, page: Page): Promise<PageResult<Webhook>>;
  /**
   * The account's webhooks with `active` true (whatever their `events`), ordered by `created_at`,
   * then `id`, ascending. The outbox asks this once per account and write.
   */
  listActive(accountId: string): Promise<Webhook[]>;
}

/** Filters of the webhook notifications listing. */
export interface WebhookNotificationListQuery {
  page: Page;
  webhookId?: string;
  deliveryStatus?: WebhookNotification["delivery_status"];
}

/** The webhook outbox and its delivery log. */
export interface WebhookNotificationRepository {
  insertMany(notifications: readonly WebhookNotification[]): Promise<void>;
  update(notification: WebhookNotification): Promise<void>;
  get(accountId: string, id: string): Promise<WebhookNotification | null>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, query: WebhookNotificationListQuery): Promise<PageResult<WebhookNotification>>;
  /**
   * Claims due notifications for delivery, across all accounts: atomically takes up to `limit`
   * notifications whose `delivery_status` is `pending` and whose `next_attempt_at` is set and at or
   * before `now`, ordered by `next_attempt_at`, then `id`, ascending; sets each one's
   * `next_attempt_at` to `leaseUntil` (nothing else changes) and returns them as stored after that
   * change. While a lease runs (until `leaseUntil`), no other call returns the notification; if the
   * claimer dies, it is due again when the lease ends (at-least-once delivery).
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<WebhookNotification[]>;
  insertAttempt(attempt: WebhookNotificationAttempt): Promise<void>;
  /** The attempts of one notification, ordered by `attempted_at`, then `id`, ascending. */
  listAttempts(notificationId: string): Promise<WebhookNotificationAttempt[]>;
}

/** Filters of the domain events listing. */
export interface DomainEventListQuery {
  page: Page;
  shipmentId?: string;
  containerId?: string;
  event?: DomainEvent["event"];
}

/** The record of what happened to tracked shipments (the source of webhook notifications). */
export interface DomainEventRepository {
  insertMany(events: readonly DomainEvent[]): Promise<void>;
  get(accountId: string, id: string): Promise<DomainEvent | null>;
  /** Ordered by `created_at`, then `id`, ascending (the order they happened in). */
  list(accountId: string, query: DomainEventListQuery): Promise<PageResult<DomainEvent>>;
}

/** A small key/value store for storage-level bookkeeping (e.g. the reference data version). */
export interface MetaRepository {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

/** Every repository of a storage; what a transaction callback receives. */
export interface StorageRepositories {
  readonly accounts: AccountRepository;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly ports: PortRepository;
  readonly terminals: ReferenceRepository<Terminal>;
  readonly railTerminals: ReferenceRepository<RailTerminal>;
  readonly metroAreas: MetroAreaRepository;
  readonly shippingLines: ShippingLineRepository;
  readonly vessels: VesselRepository;
  readonly vesselPositions: VesselPositionRepository;
  readonly shipments: ShipmentRepository;
  readonly containers: ContainerRepository;
  readonly transportEvents: TransportEventRepository;
  readonly rawEvents: RawEventRepository;
  readonly trackingRequests: TrackingRequestRepository;
  readonly customFieldDefinitions: CustomFieldDefinitionRepository;
  readonly customFieldOptions: CustomFieldOptionRepository;
  readonly customFields: CustomFieldRepository;
  readonly webhooks: WebhookRepository;
  readonly webhookNotifications: WebhookNotificationRepository;
  readonly domainEvents: DomainEventRepository;
  readonly meta: MetaRepository;
}
