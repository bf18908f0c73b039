/*
 * The row types of the SQLite schema, as Kysely sees them. Every entity table keeps its primary
 * key, the columns that lookups, filters and ordering need (indexed), and `doc`: the whole
 * domain record as JSON text. Reads select only `doc`, so better-sqlite3 materializes one column
 * value per row; writes derive the other columns from the record. The one exception is
 * `transport_events`, the bulk table, whose `doc` is compact (see sqlite-transport-event-codec.ts).
 * Row types never leave this package. The tables are created by the migrations in `./migrations/`.
 */

/** Accounts: `company_name` is unique. */
export interface AccountsTable {
  id: string;
  company_name: string;
  created_at: string;
  doc: string;
}

/** Users of an account. */
export interface UsersTable {
  id: string;
  account_id: string;
  created_at: string;
  doc: string;
}

/** API keys: `key_hash` is unique across accounts. */
export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  doc: string;
}

/** Storage-level key/value bookkeeping. */
export interface MetaTable {
  key: string;
  value: string;
}

/** Reference data looked up by id only (terminals, rail terminals). */
export interface ReferenceTable {
  id: string;
  doc: string;
}

/** Reference data also looked up by UN/LOCODE (indexed, not unique). */
export interface LocodeReferenceTable {
  id: string;
  code: string;
  doc: string;
}

/** Shipping lines, looked up by `scac` (indexed, not unique). */
export interface ShippingLinesTable {
  id: string;
  scac: string;
  doc: string;
}

/** Vessels: `imo` (nullable) and `mmsi` are unique. */
export interface VesselsTable {
  id: string;
  imo: string | null;
  mmsi: string;
  doc: string;
}

/** Vessel position reports, keyed by (`vessel_id`, `timestamp`). */
export interface VesselPositionsTable {
  vessel_id: string;
  timestamp: string;
  doc: string;
}

/** Shipments; the `_lc` columns are lower-cased for case-insensitive matches. */
export interface ShipmentsTable {
  id: string;
  account_id: string;
  created_at: string;
  bl_number_lc: string;
  normalized_number_lc: string;
  /** 1 when `line_tracking_stopped_at` is set. */
  tracking_stopped: number;
  /** Lower-cased bill of lading and reference numbers, joined by {@link SEARCH_SEPARATOR}. */
  search_text: string;
  doc: string;
  /** The JSON:API attributes, rendered when written (`RenderedParts`); null only for rows written by an older version. */
  attributes_json: string | null;
  /** The to-one relationships, rendered when written. */
  relationships_json: string | null;
}

/** Containers; `number_lc` is the lower-cased container number. */
export interface ContainersTable {
  id: string;
  account_id: string;
  shipment_id: string;
  created_at: string;
  number_lc: string;
  doc: string;
  /** The JSON:API attributes, rendered when written (`RenderedParts`); null only for rows written by an older version. */
  attributes_json: string | null;
  /** The to-one relationships, rendered when written. */
  relationships_json: string | null;
}

/**
 * Transport events; `sort_ts` is `timestamp`, or {@link NULL_TIMESTAMP_SORT_KEY} when null, and
 * `doc` holds only the fields that are not columns (see sqlite-transport-event-codec.ts).
 */
export interface TransportEventsTable {
  id: string;
  account_id: string;
  container_id: string;
  sort_ts: string;
  created_at: string;
  doc: string;
}

/** Raw carrier events; `idx` is the event's `index`. */
export interface RawEventsTable {
  id: string;
  account_id: string;
  container_id: string;
  idx: number;
  created_at: string;
  doc: string;
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
  doc: string;
  /** The JSON:API attributes, rendered when written (`RenderedParts`); null only for rows written by an older version. */
  attributes_json: string | null;
  /** The to-one relationships, rendered when written. */
  relationships_json: string | null;
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
  doc: string;
}

/** Options of enum custom field definitions; (`definition_id`, `value`) is unique. */
export interface CustomFieldOptionsTable {
  id: string;
  account_id: string;
  definition_id: string;
  value: string;
  position: number | null;
  created_at: string;
  doc: string;
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
  doc: string;
}

/** Webhook subscriptions. */
export interface WebhooksTable {
  id: string;
  account_id: string;
  /** 1 when the webhook is active. */
  active: number;
  created_at: string;
  doc: string;
}

/** The webhook outbox. */
export interface WebhookNotificationsTable {
  id: string;
  account_id: string;
  webhook_id: string;
  delivery_status: string;
  next_attempt_at: string | null;
  created_at: string;
  doc: string;
}

/** Delivery attempts of webhook notifications. */
export interface WebhookNotificationAttemptsTable {
  id: string;
  notification_id: string;
  attempted_at: string;
  doc: string;
}

/** Domain events: what happened to tracked shipments. */
export interface DomainEventsTable {
  id: string;
  account_id: string;
  shipment_id: string | null;
  container_id: string | null;
  event: string;
  created_at: string;
  doc: string;
}

/** The whole database, as Kysely's `DB` type parameter. */
export interface BollardDatabase {
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
  transport_events: TransportEventsTable;
  raw_events: RawEventsTable;
  tracking_requests: TrackingRequestsTable;
  custom_field_definitions: CustomFieldDefinitionsTable;
  custom_field_options: CustomFieldOptionsTable;
  custom_fields: CustomFieldsTable;
  webhooks: WebhooksTable;
  webhook_notifications: WebhookNotificationsTable;
  webhook_notification_attempts: WebhookNotificationAttemptsTable;
  domain_events: DomainEventsTable;
}

/** Joins the parts of a `search_text` column; a control character no identifier contains. */
export const SEARCH_SEPARATOR = "\u001f";

/** The `sort_ts` of an event without a timestamp: sorts after every real timestamp. */
export const NULL_TIMESTAMP_SORT_KEY = "9999-99-99T99:99:99.999Z";
