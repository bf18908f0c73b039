import { type Kysely, sql } from "kysely";

// Domain events keep one index, by account and time: the indexes by shipment and by container served
// only filtered listings nothing asks for in production, and cost half the table's bytes again.
const UP = `
drop index if exists domain_events_account_shipment;
drop index if exists domain_events_account_container;
`;

const DOWN = `
create index domain_events_account_shipment on domain_events (account_id, shipment_id, created_at, id);
create index domain_events_account_container on domain_events (account_id, container_id, created_at, id);
`;

/** Drops the two indexes. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Creates them again. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(DOWN).execute(db);
}
