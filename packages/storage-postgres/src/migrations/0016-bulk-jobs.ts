import { type Kysely, sql } from "kysely";

// Bulk jobs (`bulk_jobs`) and their rows (`bulk_job_rows`, keyed by job and `idx`, the row's
// index): a column per field and no `doc`, so a claim and an update set columns; lists and counts
// as JSON text, times as canonical ISO text compared as text (like `api_keys.last_used_at`).
// Indexes: the account's jobs newest first, the unfinished jobs a claim takes (by status, then
// age), a job's rows by status and index, and an account's rows for its scoped copy and clearing.
const UP = `
create table bulk_jobs (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  user_id uuid not null,
  kind text not null,
  status text collate "C" not null,
  dry_run boolean not null,
  format text not null,
  file_name text,
  columns text not null,
  row_count integer not null,
  counts text not null,
  created_at text collate "C" not null,
  updated_at text collate "C" not null,
  completed_at text collate "C",
  lease_until text collate "C"
);
create index bulk_jobs_account_created on bulk_jobs (account_id, created_at, id);
create index bulk_jobs_claim on bulk_jobs (status, created_at, id);
create table bulk_job_rows (
  job_id uuid not null references bulk_jobs (id),
  idx integer not null,
  account_id uuid not null references accounts (id),
  line integer not null,
  input text not null,
  status text collate "C" not null,
  tracking_request_id uuid,
  errors text not null,
  primary key (job_id, idx)
);
create index bulk_job_rows_job_status on bulk_job_rows (job_id, status, idx);
create index bulk_job_rows_account on bulk_job_rows (account_id, job_id, idx);
`;

/** Creates the tables. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table bulk_job_rows; drop table bulk_jobs").execute(db);
}
