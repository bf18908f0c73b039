import { type Kysely, sql } from "kysely";

// The refresh log: one row per (account, shipment, UTC day), keyed by those three columns, the
// day's refresh instants as comma-separated millisecond offsets. Rows are inserted, then only
// appended to. `shipment_id` is a plain id, like `changes.resource_id`.
const UP = `
create table refresh_log (
  account_id uuid not null references accounts (id),
  shipment_id uuid not null,
  day text collate "C" not null,
  attempted text not null,
  succeeded text not null,
  primary key (account_id, shipment_id, day)
);
`;

/** Creates the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table refresh_log").execute(db);
}
