import { type Kysely, sql } from "kysely";

// Parties (the customers of tracking requests): `id`, the columns lookups and ordering need, and
// `doc`, like every entity table. A company name is unique within its account.
const UP = `
create table parties (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  company_name text collate "C" not null,
  created_at timestamptz not null,
  doc json not null
);
create unique index parties_account_company_name on parties (account_id, company_name);
create index parties_account_created on parties (account_id, created_at, id);
`;

/** Creates the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table parties").execute(db);
}
