import { type Kysely, sql } from "kysely";

// Webhook replays: `id`, the columns lookups and ordering need, and `doc`, like every entity table.
// `webhook_id` is a plain id (a replay outlives a deleted webhook, and reports why it stopped). The
// background finds the running ones through a partial index.
const UP = `
create table webhook_replays (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  webhook_id uuid not null,
  status text collate "C" not null,
  created_at timestamptz not null,
  doc json not null
);
create index webhook_replays_running on webhook_replays (created_at, id) where status = 'running';
`;

/** Creates the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table webhook_replays").execute(db);
}
