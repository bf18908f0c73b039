import { type Kysely, sql } from "kysely";

// Tariff rules (free time and daily rates for demurrage, detention and storage): `id`, the columns
// scoping and ordering need, and `doc`, like every entity table. What a rule applies to lives in
// its `doc`: an account has few rules, and the calculation reads them all.
const UP = `
create table tariffs (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  created_at timestamptz not null,
  doc json not null
);
create index tariffs_account_created on tariffs (account_id, created_at, id);
`;

/** Creates the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table tariffs").execute(db);
}
