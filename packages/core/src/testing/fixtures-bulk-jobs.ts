import type { BulkJob, BulkJobRow } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { containerNumber, nextSerial, nowTimestamp } from "./fixture-values.js";

/** A queued job of the account creating tracking requests from a CSV file of two rows, created now (every field written out). */
export function makeBulkJob(accountId: string, overrides: Partial<BulkJob> = {}): BulkJob {
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    user_id: uuidv7(),
    kind: "tracking_requests",
    status: "queued",
    dry_run: false,
    format: "csv",
    file_name: "containers.csv",
    columns: [
      { column: "Container", attribute: "request_number" },
      { column: "SCAC", attribute: "scac" },
      { column: "Notes", attribute: null },
    ],
    row_count: 2,
    counts: { pending: 2, created: 0, duplicate: 0, invalid: 0, valid: 0, updated: 0, unchanged: 0 },
    created_at: now,
    updated_at: now,
    completed_at: null,
    lease_until: null,
    ...overrides,
  };
}

/** A pending row of the job (its `index`-th, on the file's line `index + 1`) asking to track one container. */
export function makeBulkJobRow(accountId: string, jobId: string, index: number, overrides: Partial<BulkJobRow> = {}): BulkJobRow {
  return {
    account_id: accountId,
    job_id: jobId,
    index,
    line: index + 1,
    input: { request_type: "container", request_number: containerNumber("MSKU", nextSerial()), scac: "MAEU" },
    status: "pending",
    tracking_request_id: null,
    errors: [],
    ...overrides,
  };
}
