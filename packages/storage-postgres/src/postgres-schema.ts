/*
 * The row types of the PostgreSQL schema, as Kysely sees them. The design is the SQLite
 * adapter's: every entity table keeps its primary key, the columns that lookups, filters and
 * ordering need (indexed, with real types: uuid, timestamptz, boolean, bigint, numeric), and
 * `doc`: the whole domain record as `json`. `json` (not `jsonb`) keeps the text exactly as
 * written (key order, number spelling, `\u0000` escapes), so a read is byte-for-byte the record
 * that was stored, while operators can still query it with `->>`. Reads select only `doc`, which
 * the pg driver parses. Timestamp columns are written from the canonical strings and never read
 * back (the record in `doc` is the truth). Row types never leave this package.
 */

/** A `json` column: written as JSON text, read back parsed. */
type Doc = import("kysely").ColumnType<unknown, string, string>;
/** A `timestamptz` column written from a canonical timestamp string (see `pgTime`). */
type Time = string;

/** Accounts: `company_name` is unique. */
export interface AccountsTable {
  id: string;
  company_name: string;
  created_at: Time;
  doc: Doc;
}

/** Users of an account. */
export interface UsersTable {
  id: string;
  account_id: string;
  created_at: Time;
  doc: Doc;
}

/** API keys: `key_hash` is unique across accounts. */
export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
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

/** Shipping lines, looked up and ordered by `scac` (indexed, not unique). */
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
  vessel_id: string;
  timestamp: Time;
  doc: Doc;
}

/** Shipments; the `_lc` columns are lower-cased for case-insensitive matches. */
export interface ShipmentsTable {
  id: string;
  account_id: string;
  created_at: Time;
  bl_number_lc: string;
  normalized_number_lc: string;
  tracking_stopped: boolean;
  /** Lower-cased bill of lading and reference numbers, joined by {@link SEARCH_SEPARATOR}. */
  search_text: string;
  doc: Doc;
}

/** Containers; `number_lc` is the lower-cased container number. */
export interface ContainersTable {
  id: string;
  account_id: string;
  shipment_id: string;
  created_at: Time;
  number_lc: string;
  doc: Doc;
}

/** Transport events; `timestamp` is null when the event has none (sorted last). */
export interface TransportEventsTable {
  id: string;
  account_id: string;
  container_id: string;
  timestamp: Time | null;
  created_at: Time;
  doc: Doc;
}

/** Raw carrier events; `idx` is the event's `index`. */
export interface RawEventsTable {
  id: string;
  account_id: string;
  container_id: string;
  idx: number;
  created_at: Time;
  doc: Doc;
}

/** Tracking requests. */
export interface TrackingRequestsTable {
  id: string;
  account_id: string;
  created_at: Time;
  updated_at: Time;
  request_number_lc: string;
  status: string;
  scac: string | null;
  /** When the refresh scheduler should next poll (or a claim's lease ends); null when nothing is due. */
  next_attempt_at: Time | null;
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
  created_at: Time;
  doc: Doc;
}

/** Options of enum custom field definitions; (`definition_id`, `value`) is unique. */
export interface CustomFieldOptionsTable {
  id: string;
  account_id: string;
  definition_id: string;
  value: string;
  position: number | null;
  created_at: Time;
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
  /** The exact decimal of a number field (`numeric(18,6)`), for operators' queries; null otherwise. */
  number_value: string | null;
  created_at: Time;
  doc: Doc;
}

/** Webhook subscriptions. */
export interface WebhooksTable {
  id: string;
  account_id: string;
  active: boolean;
  created_at: Time;
  doc: Doc;
}

/** The webhook outbox. */
export interface WebhookNotificationsTable {
  id: string;
  account_id: string;
  webhook_id: string;
  delivery_status: string;
  next_attempt_at: Time | null;
  created_at: Time;
  doc: Doc;
}

/** Delivery attempts of webhook notifications. */
export interface WebhookNotificationAttemptsTable {
  id: string;
  notification_id: string;
  attempted_at: Time;
  doc: Doc;
}

/** Domain events: what happened to tracked shipments. */
export interface DomainEventsTable {
  id: string;
  account_id: string;
  shipment_id: string | null;
  container_id: string | null;
  event: string;
  created_at: Time;
  doc: Doc;
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

/** The name of a table of the schema. */
export type TableName = keyof BollardDatabase & string;

/** Joins the parts of a `search_text` column; a control character no identifier contains. */
export const SEARCH_SEPARATOR = "\u001f";
