import { type Kysely, sql } from "kysely";

// Migrations are frozen once released: never edit this file, add `0002-….ts` instead.
// Every entity table is `id uuid` + the typed columns that lookups, filters and ordering need +
// `doc json` (the whole record, byte-exact). Text keys use the "C" collation: code-unit order
// (what the contract's orderings mean) whatever the database's locale, and cheaper comparisons.

const TABLES = `
create table accounts (
  id uuid primary key,
  company_name text collate "C" not null,
  created_at timestamptz not null,
  doc json not null
);
create unique index accounts_company_name on accounts (company_name);
create index accounts_created on accounts (created_at, id);

create table users (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  created_at timestamptz not null,
  doc json not null
);
create index users_account_created on users (account_id, created_at, id);

create table api_keys (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  key_hash text collate "C" not null,
  doc json not null
);
create unique index api_keys_key_hash on api_keys (key_hash);

create table meta (
  key text collate "C" primary key,
  value text not null
);

create table ports (id uuid primary key, code text collate "C" not null, doc json not null);
create index ports_code on ports (code, id);
create table terminals (id uuid primary key, doc json not null);
create table rail_terminals (id uuid primary key, doc json not null);
create table metro_areas (id uuid primary key, code text collate "C" not null, doc json not null);
create index metro_areas_code on metro_areas (code, id);
create table shipping_lines (id uuid primary key, scac text collate "C" not null, doc json not null);
create index shipping_lines_scac on shipping_lines (scac, id);
create table vessels (id uuid primary key, imo text collate "C", mmsi text collate "C" not null, doc json not null);
create unique index vessels_imo on vessels (imo);
create unique index vessels_mmsi on vessels (mmsi);
create table vessel_positions (
  vessel_id uuid not null,
  timestamp timestamptz not null,
  doc json not null,
  primary key (vessel_id, timestamp)
);

create table shipments (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  created_at timestamptz not null,
  bl_number_lc text collate "C" not null,
  normalized_number_lc text collate "C" not null,
  tracking_stopped boolean not null,
  search_text text collate "C" not null,
  doc json not null
);
create index shipments_account_created on shipments (account_id, created_at, id);
create index shipments_account_bl_number on shipments (account_id, bl_number_lc);
create index shipments_account_normalized_number on shipments (account_id, normalized_number_lc);

create table containers (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  shipment_id uuid not null references shipments (id),
  created_at timestamptz not null,
  number_lc text collate "C" not null,
  doc json not null
);
create index containers_account_shipment on containers (account_id, shipment_id, created_at, id);
create index containers_account_number on containers (account_id, number_lc);
create index containers_account_created on containers (account_id, created_at, id);

create table transport_events (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  container_id uuid not null references containers (id),
  timestamp timestamptz,
  created_at timestamptz not null,
  doc json not null
);
create index transport_events_container on transport_events (container_id, timestamp, created_at, id);

create table raw_events (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  container_id uuid not null references containers (id),
  idx bigint not null,
  created_at timestamptz not null,
  doc json not null
);
create index raw_events_container on raw_events (container_id, idx, id);

create table tracking_requests (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  request_number_lc text collate "C" not null,
  status text collate "C" not null,
  scac text collate "C",
  next_attempt_at timestamptz,
  search_text text collate "C" not null,
  doc json not null
);
create index tracking_requests_account_created on tracking_requests (account_id, created_at, id);
create index tracking_requests_account_number on tracking_requests (account_id, request_number_lc);
create index tracking_requests_account_status on tracking_requests (account_id, status);
create index tracking_requests_account_scac on tracking_requests (account_id, scac);
create index tracking_requests_account_updated on tracking_requests (account_id, updated_at);
-- The refresh scheduler's queue, across accounts (claimed with FOR UPDATE SKIP LOCKED).
create index tracking_requests_due on tracking_requests (next_attempt_at, id) where next_attempt_at is not null;

create table custom_field_definitions (
  id uuid primary key,
  -- Null for service-provided templates, which belong to no account.
  account_id uuid references accounts (id),
  api_slug text collate "C" not null,
  entity_type text collate "C" not null,
  data_type text collate "C" not null,
  display_name_lc text collate "C" not null,
  created_at timestamptz not null,
  doc json not null
);
create unique index custom_field_definitions_account_slug on custom_field_definitions (account_id, api_slug);
create index custom_field_definitions_account_created on custom_field_definitions (account_id, created_at, id);

create table custom_field_options (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  definition_id uuid not null,
  value text collate "C" not null,
  position bigint,
  created_at timestamptz not null,
  doc json not null
);
create unique index custom_field_options_definition_value on custom_field_options (definition_id, value);

create table custom_fields (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  definition_id uuid not null,
  entity_type text collate "C" not null,
  entity_id uuid not null,
  api_slug text collate "C" not null,
  number_value numeric(18, 6),
  created_at timestamptz not null,
  doc json not null
);
create unique index custom_fields_entity_slug on custom_fields (entity_type, entity_id, api_slug);
create index custom_fields_account_created on custom_fields (account_id, created_at, id);
create index custom_fields_account_entity on custom_fields (account_id, entity_id);
create index custom_fields_definition on custom_fields (definition_id);

create table webhooks (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  active boolean not null,
  created_at timestamptz not null,
  doc json not null
);
create index webhooks_account_created on webhooks (account_id, created_at, id);

create table webhook_notifications (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  webhook_id uuid not null,
  delivery_status text collate "C" not null,
  next_attempt_at timestamptz,
  created_at timestamptz not null,
  doc json not null
);
create index webhook_notifications_account_created on webhook_notifications (account_id, created_at, id);
create index webhook_notifications_webhook on webhook_notifications (webhook_id, created_at, id);
create index webhook_notifications_status on webhook_notifications (account_id, delivery_status, created_at, id);
-- The delivery worker's queue, across accounts (claimed with FOR UPDATE SKIP LOCKED).
create index webhook_notifications_due on webhook_notifications (next_attempt_at, id) where delivery_status = 'pending';

create table webhook_notification_attempts (
  id uuid primary key,
  notification_id uuid not null,
  attempted_at timestamptz not null,
  doc json not null
);
create index webhook_notification_attempts_notification on webhook_notification_attempts (notification_id, attempted_at, id);

create table domain_events (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  -- Plain ids, not foreign keys: a domain event may name records this database never stored.
  shipment_id uuid,
  container_id uuid,
  event text collate "C" not null,
  created_at timestamptz not null,
  doc json not null
);
create index domain_events_account_created on domain_events (account_id, created_at, id);
create index domain_events_account_shipment on domain_events (account_id, shipment_id, created_at, id);
create index domain_events_account_container on domain_events (account_id, container_id, created_at, id);
`;

/** The initial schema: every table and index of the storage contract, in one statement batch. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(TABLES).execute(db);
}
