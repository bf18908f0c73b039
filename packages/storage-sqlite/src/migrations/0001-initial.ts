import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from "kysely";

// Migrations are frozen once released: never edit this file, add `0002-….ts` instead.
// Every entity table is `id` + the columns lookups, filters and ordering need + `doc` (the whole
// record as JSON). Tables are STRICT so a wrongly typed column value fails loudly.

type Db = Kysely<any>;
type Columns = Record<string, [type: "text" | "integer", modifiers?: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder]>;

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
const account = (col: ColumnDefinitionBuilder) => col.notNull().references("accounts.id");

/** Creates `name (id TEXT PRIMARY KEY, …columns, doc TEXT NOT NULL) STRICT`. */
function entityTable(db: Db, name: string, columns: Columns, finish?: (t: CreateTableBuilder<string, string>) => CreateTableBuilder<string, string>) {
  let table = db.schema.createTable(name).addColumn("id", "text", (col) => col.primaryKey().notNull());
  for (const [column, [type, modifiers]] of Object.entries(columns)) table = table.addColumn(column, type, modifiers);
  table = table.addColumn("doc", "text", notNull);
  return (finish ? finish(table) : table).modifyEnd(sql`strict`).execute();
}

function index(db: Db, name: string, table: string, columns: string[], unique = false) {
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  return (unique ? builder.unique() : builder).execute();
}

/** The initial schema: every table and index of the storage contract. */
export async function up(db: Db): Promise<void> {
  await entityTable(db, "accounts", { company_name: ["text", notNull], created_at: ["text", notNull] });
  await index(db, "accounts_company_name", "accounts", ["company_name"], true);
  await index(db, "accounts_created", "accounts", ["created_at", "id"]);

  await entityTable(db, "users", { account_id: ["text", account], created_at: ["text", notNull] });
  await index(db, "users_account_created", "users", ["account_id", "created_at", "id"]);

  await entityTable(db, "api_keys", { account_id: ["text", account], key_hash: ["text", notNull] });
  await index(db, "api_keys_key_hash", "api_keys", ["key_hash"], true);

  await db.schema
    .createTable("meta")
    .addColumn("key", "text", (col) => col.primaryKey().notNull())
    .addColumn("value", "text", notNull)
    .modifyEnd(sql`strict, without rowid`)
    .execute();

  // Global reference data.
  await entityTable(db, "ports", { code: ["text", notNull] });
  // Codes and SCACs are lookup keys, not unique keys: the contract states no conflict for them.
  await index(db, "ports_code", "ports", ["code", "id"]);
  await entityTable(db, "terminals", {});
  await entityTable(db, "rail_terminals", {});
  await entityTable(db, "metro_areas", { code: ["text", notNull] });
  await index(db, "metro_areas_code", "metro_areas", ["code", "id"]);
  await entityTable(db, "shipping_lines", { scac: ["text", notNull] });
  await index(db, "shipping_lines_scac", "shipping_lines", ["scac", "id"]);
  await entityTable(db, "vessels", { imo: ["text"], mmsi: ["text", notNull] });
  await index(db, "vessels_imo", "vessels", ["imo"], true);
  await index(db, "vessels_mmsi", "vessels", ["mmsi"], true);
  // A time series keyed by (vessel, timestamp): clustered, so a window is one range scan.
  await db.schema
    .createTable("vessel_positions")
    .addColumn("vessel_id", "text", notNull)
    .addColumn("timestamp", "text", notNull)
    .addColumn("doc", "text", notNull)
    .addPrimaryKeyConstraint("vessel_positions_pk", ["vessel_id", "timestamp"])
    .modifyEnd(sql`strict, without rowid`)
    .execute();

  await entityTable(db, "shipments", {
    account_id: ["text", account],
    created_at: ["text", notNull],
    bl_number_lc: ["text", notNull],
    normalized_number_lc: ["text", notNull],
    tracking_stopped: ["integer", notNull],
    search_text: ["text", notNull],
  });
  await index(db, "shipments_account_created", "shipments", ["account_id", "created_at", "id"]);
  await index(db, "shipments_account_bl_number", "shipments", ["account_id", "bl_number_lc"]);
  await index(db, "shipments_account_normalized_number", "shipments", ["account_id", "normalized_number_lc"]);

  await entityTable(db, "containers", {
    account_id: ["text", account],
    shipment_id: ["text", (col) => col.notNull().references("shipments.id")],
    created_at: ["text", notNull],
    number_lc: ["text", notNull],
  });
  await index(db, "containers_account_shipment", "containers", ["account_id", "shipment_id", "created_at", "id"]);
  await index(db, "containers_account_number", "containers", ["account_id", "number_lc"]);
  await index(db, "containers_account_created", "containers", ["account_id", "created_at", "id"]);

  await entityTable(db, "transport_events", {
    account_id: ["text", account],
    container_id: ["text", (col) => col.notNull().references("containers.id")],
    sort_ts: ["text", notNull],
    created_at: ["text", notNull],
  });
  // (container_id, sort_ts) rather than the whole listing order: half the index bytes, which bulk
  // ingest pays for on every row; ties on sort_ts are few and SQLite sorts them cheaply.
  await index(db, "transport_events_container", "transport_events", ["container_id", "sort_ts"]);

  await entityTable(db, "raw_events", {
    account_id: ["text", account],
    container_id: ["text", (col) => col.notNull().references("containers.id")],
    idx: ["integer", notNull],
    created_at: ["text", notNull],
  });
  await index(db, "raw_events_container", "raw_events", ["container_id", "idx", "id"]);

  await entityTable(db, "tracking_requests", {
    account_id: ["text", account],
    created_at: ["text", notNull],
    updated_at: ["text", notNull],
    request_number_lc: ["text", notNull],
    status: ["text", notNull],
    scac: ["text"],
    next_attempt_at: ["text"],
    search_text: ["text", notNull],
  });
  await index(db, "tracking_requests_account_created", "tracking_requests", ["account_id", "created_at", "id"]);
  await index(db, "tracking_requests_account_number", "tracking_requests", ["account_id", "request_number_lc"]);
  await index(db, "tracking_requests_account_status", "tracking_requests", ["account_id", "status"]);
  await index(db, "tracking_requests_account_scac", "tracking_requests", ["account_id", "scac"]);
  // The refresh scheduler's queue, across accounts.
  await db.schema
    .createIndex("tracking_requests_due")
    .on("tracking_requests")
    .columns(["next_attempt_at", "id"])
    .where(sql.ref("next_attempt_at"), "is not", null)
    .execute();

  await entityTable(db, "custom_field_definitions", {
    // Null for service-provided templates, which belong to no account.
    account_id: ["text", (col) => col.references("accounts.id")],
    api_slug: ["text", notNull],
    entity_type: ["text", notNull],
    data_type: ["text", notNull],
    display_name_lc: ["text", notNull],
    created_at: ["text", notNull],
  });
  await index(db, "custom_field_definitions_account_slug", "custom_field_definitions", ["account_id", "api_slug"], true);
  await index(db, "custom_field_definitions_account_created", "custom_field_definitions", ["account_id", "created_at", "id"]);

  await entityTable(db, "custom_field_options", {
    account_id: ["text", account],
    definition_id: ["text", notNull],
    value: ["text", notNull],
    position: ["integer"],
    created_at: ["text", notNull],
  });
  await index(db, "custom_field_options_definition_value", "custom_field_options", ["definition_id", "value"], true);

  await entityTable(db, "custom_fields", {
    account_id: ["text", account],
    definition_id: ["text", notNull],
    entity_type: ["text", notNull],
    entity_id: ["text", notNull],
    api_slug: ["text", notNull],
    created_at: ["text", notNull],
  });
  await index(db, "custom_fields_entity_slug", "custom_fields", ["entity_type", "entity_id", "api_slug"], true);
  await index(db, "custom_fields_account_created", "custom_fields", ["account_id", "created_at", "id"]);
  await index(db, "custom_fields_account_entity", "custom_fields", ["account_id", "entity_id"]);
  await index(db, "custom_fields_definition", "custom_fields", ["definition_id"]);

  await entityTable(db, "webhooks", { account_id: ["text", account], active: ["integer", notNull], created_at: ["text", notNull] });
  await index(db, "webhooks_account_created", "webhooks", ["account_id", "created_at", "id"]);

  await entityTable(db, "webhook_notifications", {
    account_id: ["text", account],
    webhook_id: ["text", notNull],
    delivery_status: ["text", notNull],
    next_attempt_at: ["text"],
    created_at: ["text", notNull],
  });
  await index(db, "webhook_notifications_account_created", "webhook_notifications", ["account_id", "created_at", "id"]);
  await index(db, "webhook_notifications_webhook", "webhook_notifications", ["webhook_id", "created_at", "id"]);
  await index(db, "webhook_notifications_status", "webhook_notifications", ["account_id", "delivery_status", "created_at", "id"]);
  // The delivery worker's queue, across accounts.
  await index(db, "webhook_notifications_due", "webhook_notifications", ["delivery_status", "next_attempt_at", "id"]);

  await entityTable(db, "webhook_notification_attempts", { notification_id: ["text", notNull], attempted_at: ["text", notNull] });
  await index(db, "webhook_notification_attempts_notification", "webhook_notification_attempts", ["notification_id", "attempted_at", "id"]);

  await entityTable(db, "domain_events", {
    account_id: ["text", account],
    // Plain ids, not foreign keys: a domain event may name records this database never stored.
    shipment_id: ["text"],
    container_id: ["text"],
    event: ["text", notNull],
    created_at: ["text", notNull],
  });
  await index(db, "domain_events_account_created", "domain_events", ["account_id", "created_at", "id"]);
  await index(db, "domain_events_account_shipment", "domain_events", ["account_id", "shipment_id", "created_at", "id"]);
  await index(db, "domain_events_account_container", "domain_events", ["account_id", "container_id", "created_at", "id"]);
}
