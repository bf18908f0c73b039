import { type Kysely, sql } from "kysely";

/**
 * Bulk jobs (`bulk_jobs`) and their rows (`bulk_job_rows`, keyed by job and `idx`, the row's
 * index): a column per field and no `doc`, so a claim and an update set columns; lists and counts
 * as JSON text, times as canonical ISO text. Indexes: the account's jobs newest first, the
 * unfinished jobs a claim takes (by status, then age), a job's rows by status and index, and an
 * account's rows for its scoped copy and clearing. The rows keep a rowid: without one the key is
 * the table, and the planner walks a job's every row by key for its pending ones rather than look
 * them up through the status index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bulk_jobs")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("dry_run", "integer", (col) => col.notNull())
    .addColumn("format", "text", (col) => col.notNull())
    .addColumn("file_name", "text")
    .addColumn("columns", "text", (col) => col.notNull())
    .addColumn("row_count", "integer", (col) => col.notNull())
    .addColumn("counts", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("completed_at", "text")
    .addColumn("lease_until", "text")
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("bulk_jobs_account_created").on("bulk_jobs").columns(["account_id", "created_at", "id"]).execute();
  await db.schema.createIndex("bulk_jobs_claim").on("bulk_jobs").columns(["status", "created_at", "id"]).execute();
  await db.schema
    .createTable("bulk_job_rows")
    .addColumn("job_id", "text", (col) => col.notNull().references("bulk_jobs.id"))
    .addColumn("idx", "integer", (col) => col.notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("line", "integer", (col) => col.notNull())
    .addColumn("input", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("tracking_request_id", "text")
    .addColumn("errors", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("bulk_job_rows_pkey", ["job_id", "idx"])
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("bulk_job_rows_job_status").on("bulk_job_rows").columns(["job_id", "status", "idx"]).execute();
  await db.schema.createIndex("bulk_job_rows_account").on("bulk_job_rows").columns(["account_id", "job_id", "idx"]).execute();
}

/** Drops the tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bulk_job_rows").execute();
  await db.schema.dropTable("bulk_jobs").execute();
}
