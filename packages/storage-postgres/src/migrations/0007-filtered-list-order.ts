import { type Kysely, sql } from "kysely";

// The indexes that listings filter by also hold the listing's order, `(created_at, id)`, so a
// filtered listing reads its few matching rows from one index, already in order, and the planner is
// never tempted to walk the account's `(account_id, created_at, id)` index hoping to meet them (what
// SQLite did, see its migration 0009: each new tracking request's duplicate check grew with every one).
const WIDENED: [name: string, table: string, filtered: string][] = [
  ["tracking_requests_account_number", "tracking_requests", "account_id, request_number_lc"],
  ["containers_account_number", "containers", "account_id, number_lc"],
  ["custom_fields_account_entity", "custom_fields", "account_id, entity_id"],
  ["custom_fields_definition", "custom_fields", "definition_id"],
];

/** Rebuilds each index with `created_at, id` after its filter columns. */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, filtered] of WIDENED) await sql.raw(`drop index ${name}; create index ${name} on ${table} (${filtered}, created_at, id)`).execute(db);
}

/** Puts each index back on its filter columns alone. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, filtered] of WIDENED) await sql.raw(`drop index ${name}; create index ${name} on ${table} (${filtered})`).execute(db);
}
