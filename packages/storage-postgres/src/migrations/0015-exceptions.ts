import { type Kysely, sql } from "kysely";

// Exception rules (`exception_rules`: an account's thresholds, the rule in `doc`, like tariffs) and
// the exceptions raised on shipments (`shipment_exceptions`): the columns the listing filters and
// orders by (newest raised first), the shipment and status the evaluation pass reads open ones by,
// and `doc`.
const UP = `
create table exception_rules (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  created_at timestamptz not null,
  doc json not null
);
create index exception_rules_account_created on exception_rules (account_id, created_at, id);
create table shipment_exceptions (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  shipment_id uuid not null,
  container_id uuid,
  kind text not null,
  status text not null,
  raised_at timestamptz not null,
  created_at timestamptz not null,
  doc json not null
);
create index shipment_exceptions_account_raised on shipment_exceptions (account_id, raised_at, id);
create index shipment_exceptions_account_status_raised on shipment_exceptions (account_id, status, raised_at, id);
create index shipment_exceptions_shipment_status on shipment_exceptions (shipment_id, status);
`;

/** Creates the tables. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table shipment_exceptions; drop table exception_rules").execute(db);
}
