/*
 * The tables the shared repositories read and write, as Kysely sees them: the columns both
 * databases have. Every entity table keeps its primary key, the columns lookups, filters and
 * ordering need, and `doc`, the whole record (SQLite: JSON text; PostgreSQL: `json`). Times are
 * bound as strings (`SqlDialect.time`), flags as `SqlDialect.flag`. A dialect may keep more
 * columns (`SqlDialect.extraColumns`); transport events keep what `SqlDialect.transportEvents`
 * says. Row types never leave the adapters.
 */

/** A `doc` column: written as JSON text, read back through `SqlDialect.parseDoc`. */
type Doc = unknown;

/** Accounts: `company_name` is unique. */
export interface AccountsTable {
  id: string;
  company_name: string;
  created_at: string;
  doc: Doc;
}

/** Users of an account. */
export interface UsersTable {
  id: string;
  account_id: string;
  created_at: string;
  doc: Doc;
}

/**
 * API keys: `key_hash` is unique across accounts. `last_used_at` and `revoked_at` (canonical ISO
 * text) are kept in columns of their own, not in `doc`, so recording a use and revoking each change
 * one column and never undo each other.
 */
export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  last_used_at: string | null;
  revoked_at: string | null;
  doc: Doc;
}

/** Storage-level key/value bookkeeping. */
export interface MetaTable {
  key: string;
  value: string;
}

/** Reference data looked up by id only (terminals, rail terminals). */
export interface ReferenceTable {
  id: string;
  doc: Doc;
}

/** Reference data also looked up by UN/LOCODE (indexed, not unique). */
export interface LocodeReferenceTable {
  id: string;
  code: string;
  doc: Doc;
}

/** Shipping lines, looked up by `scac` (indexed, not unique). */
export interface ShippingLinesTable {
  id: string;
  scac: string;
  doc: Doc;
}

/** Vessels: `imo` (nullable) and `mmsi` are unique. */
export interface VesselsTable {
  id: string;
  imo: string | null;
  mmsi: string;
  doc: Doc;
}

/** Vessel position reports, keyed by (`vessel_id`, `timestamp`). */
export interface VesselPositionsTable {
  /** The vessel's id, as the dialect keeps it (`SqlDialect.vesselPositions`). */
  vessel_id: unknown;
  /** The report's time, as the dialect keeps it. */
  timestamp: unknown;
  latitude: number;
  longitude: number;
  heading: number | null;
  speed_knots: number | null;
  source: string;
}

/** Shipments; the `_lc` columns are lower-cased for case-insensitive matches. */
export interface ShipmentsTable {
  id: string;
  account_id: string;
  created_at: string;
  bl_number_lc: string;
  normalized_number_lc: string;
  /** Set when `line_tracking_stopped_at` is. */
  tracking_stopped: number | boolean;
  /** Lower-cased bill of lading and reference numbers, joined by {@link SEARCH_SEPARATOR}. */
  search_text: string;
  doc: Doc;
}

/** Containers; `number_lc` is the lower-cased container number. */
export interface ContainersTable {
  id: string;
  account_id: string;
  shipment_id: string;
  created_at: string;
  number_lc: string;
  doc: Doc;
}

/** Changes of shipments and containers (append-only), read per (`account_id`, `resource_type`, `resource_id`) by `learned_at`. */
export interface ChangesTable {
  id: string;
  account_id: string;
  resource_type: string;
  resource_id: string;
  learned_at: string;
  doc: Doc;
}

/**
 * The refresh log: one row per (`account_id`, `shipment_id`, UTC `day`), its lists of millisecond
 * offsets from the day's start as comma-separated text, so an append is one upsert that concatenates.
 */
export interface RefreshLogTable {
  account_id: string;
  shipment_id: string;
  day: string;
  attempted: string;
  succeeded: string;
}

/** Transport events: the shared columns; the rest is the dialect's `transportEvents` codec. */
export interface TransportEventsTable {
  id: string;
  account_id: string;
  container_id: string;
  created_at: string;
  /** The event's position in its account's feed. */
  feed_seq: number;
  doc: Doc;
}

/** Raw carrier events; `idx` is the event's `index`. */
export interface RawEventsTable {
  id: string;
  account_id: string;
  container_id: string;
  idx: number;
  created_at: string;
  /** The event's position in its account's feed: a new one each time it changes. */
  feed_seq: number;
  /** When Bollard learned the event as it stands (`updated_at`, else `created_at`). */
  learned_at: string;
  doc: Doc;
}

/** The last feed position given in each account (see `sql-event-feed.ts`). */
export interface EventFeedPositionsTable {
  account_id: string;
  last_position: number;
}

/** The change version of each key (an account's id, or one of core's shared keys). */
export interface ChangeVersionsTable {
  key: string;
  version: number;
}

/** Texts kept for readers (core's read model), by account and key, each under the stamp it was made with. */
export interface KeptTextsTable {
  account_id: string;
  key: string;
  stamp: string;
  text: string;
}

/** Parties (customers) of an account; (`account_id`, `company_name`) is unique. */
export interface PartiesTable {
  id: string;
  account_id: string;
  company_name: string;
  created_at: string;
  doc: Doc;
}

/** Tariff rules (free time and daily rates) of an account. */
export interface TariffsTable {
  id: string;
  account_id: string;
  created_at: string;
  doc: Doc;
}

/** Exception rules (thresholds) of an account. */
export interface ExceptionRulesTable {
  id: string;
  account_id: string;
  created_at: string;
  doc: Doc;
}

/** Exceptions raised on shipments: the columns the listing filters and orders by, and `doc`. */
export interface ShipmentExceptionsTable {
  id: string;
  account_id: string;
  shipment_id: string;
  container_id: string | null;
  kind: string;
  status: string;
  raised_at: string;
  created_at: string;
  doc: Doc;
}

/**
 * Bulk jobs: a column per field, no `doc` (a claim and an update set columns); the column list
 * and the counts as JSON text, times as canonical ISO text (like `api_keys.last_used_at`, compared
 * as text), so every row reads back as the record written.
 */
export interface BulkJobsTable {
  id: string;
  account_id: string;
  user_id: string;
  kind: string;
  status: string;
  dry_run: number | boolean;
  format: string;
  file_name: string | null;
  /** `BulkJob.columns` as JSON text. */
  columns: string;
  row_count: number;
  /** `BulkJob.counts` as JSON text. */
  counts: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  lease_until: string | null;
}

/** Rows of bulk jobs, keyed by (`job_id`, `idx`: the row's `index`); `input` and `errors` as JSON text. */
export interface BulkJobRowsTable {
  job_id: string;
  idx: number;
  account_id: string;
  line: number;
  input: string;
  status: string;
  tracking_request_id: string | null;
  errors: string;
}

/** Tracking requests. */
export interface TrackingRequestsTable {
  id: string;
  account_id: string;
  created_at: string;
  updated_at: string;
  request_number_lc: string;
  status: string;
  scac: string | null;
  /** When the refresh scheduler should next poll; null when nothing is due. */
  next_attempt_at: string | null;
  /** Lower-cased request and reference numbers, joined by {@link SEARCH_SEPARATOR}. */
  search_text: string;
  doc: Doc;
}

/** Custom field definitions; (`account_id`, `api_slug`) is unique. `account_id` null is a template. */
export interface CustomFieldDefinitionsTable {
  id: string;
  account_id: string | null;
  api_slug: string;
  entity_type: string;
  data_type: string;
  display_name_lc: string;
  created_at: string;
  doc: Doc;
}

/** Options of enum custom field definitions; (`definition_id`, `value`) is unique. */
export interface CustomFieldOptionsTable {
  id: string;
  account_id: string;
  definition_id: string;
  value: string;
  position: number | null;
  created_at: string;
  doc: Doc;
}

/** Custom field values; (`entity_type`, `entity_id`, `api_slug`) is unique. */
export interface CustomFieldsTable {
  id: string;
  account_id: string;
  definition_id: string;
  entity_type: string;
  entity_id: string;
  api_slug: string;
  created_at: string;
  doc: Doc;
}

/** Webhook subscriptions. */
export interface WebhooksTable {
  id: string;
  account_id: string;
  active: number | boolean;
  created_at: string;
  doc: Doc;
}

/** The webhook outbox. */
export interface WebhookNotificationsTable {
  id: string;
  account_id: string;
  webhook_id: string;
  delivery_status: string;
  next_attempt_at: string | null;
  created_at: string;
  doc: Doc;
}

/** Delivery attempts of webhook notifications. */
export interface WebhookNotificationAttemptsTable {
  id: string;
  notification_id: string;
  attempted_at: string;
  doc: Doc;
}

/** Webhook replays; `webhook_id` is a plain id. */
export interface WebhookReplaysTable {
  id: string;
  account_id: string;
  webhook_id: string;
  status: string;
  created_at: string;
  doc: Doc;
}

/** Domain events: what happened to tracked shipments. */
export interface DomainEventsTable {
  id: string;
  account_id: string;
  shipment_id: string | null;
  container_id: string | null;
  event: string;
  created_at: string;
  doc: Doc;
}

/** The tables of the storage, as Kysely's `DB` type parameter. */
export interface SqlDatabase {
  accounts: AccountsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  meta: MetaTable;
  ports: LocodeReferenceTable;
  terminals: ReferenceTable;
  rail_terminals: ReferenceTable;
  metro_areas: LocodeReferenceTable;
  shipping_lines: ShippingLinesTable;
  vessels: VesselsTable;
  vessel_positions: VesselPositionsTable;
  shipments: ShipmentsTable;
  containers: ContainersTable;
  changes: ChangesTable;
  refresh_log: RefreshLogTable;
  transport_events: TransportEventsTable;
  raw_events: RawEventsTable;
  event_feed_positions: EventFeedPositionsTable;
  change_versions: ChangeVersionsTable;
  kept_texts: KeptTextsTable;
  tracking_requests: TrackingRequestsTable;
  parties: PartiesTable;
  tariffs: TariffsTable;
  exception_rules: ExceptionRulesTable;
  shipment_exceptions: ShipmentExceptionsTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_rows: BulkJobRowsTable;
  custom_field_definitions: CustomFieldDefinitionsTable;
  custom_field_options: CustomFieldOptionsTable;
  custom_fields: CustomFieldsTable;
  webhooks: WebhooksTable;
  webhook_notifications: WebhookNotificationsTable;
  webhook_notification_attempts: WebhookNotificationAttemptsTable;
  webhook_replays: WebhookReplaysTable;
  domain_events: DomainEventsTable;
}

/** The name of a table of the storage. */
export type TableName = keyof SqlDatabase & string;

/**
 * The columns an index holds, besides `id` and `account_id`, of the tables `replaceRecord`
 * updates. On SQLite (`SqlDialect.updatesRewriteSetIndexes`) an update that leaves them as stored
 * sets only the other columns: SQLite rewrites the index entries of every indexed column an UPDATE
 * sets, changed or not, so setting them all wrote five times the pages (12 WAL frames per commit
 * of 4 shipment updates, against 2.4). A test holds this list to SQLite's migrated schema.
 */
export const INDEXED_COLUMNS = {
  containers: ["created_at", "number_lc", "shipment_id"],
  custom_field_definitions: ["created_at", "api_slug"],
  custom_field_options: ["definition_id", "value"],
  custom_fields: ["definition_id", "created_at", "entity_id", "entity_type", "api_slug"],
  parties: ["created_at", "company_name"],
  raw_events: ["container_id", "idx", "feed_seq"],
  shipments: ["created_at", "bl_number_lc", "normalized_number_lc"],
  tariffs: ["created_at"],
  exception_rules: ["created_at"],
  shipment_exceptions: ["raised_at", "shipment_id", "status"],
  tracking_requests: ["created_at", "request_number_lc", "next_attempt_at", "scac", "status"],
  webhooks: ["created_at"],
  webhook_notifications: ["created_at", "delivery_status", "next_attempt_at", "webhook_id"],
  webhook_replays: ["created_at", "status"],
} as const satisfies Partial<Record<TableName, readonly string[]>>;

/** Joins the parts of a `search_text` column; a control character no identifier contains. */
export const SEARCH_SEPARATOR = "\u001f";
