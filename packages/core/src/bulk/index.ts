// Reading uploaded tables (CSV, XLSX, JSON/NDJSON) for bulk imports.
export { readTable, tableFormatOf, DEFAULT_MAX_TABLE_ROWS, type Table, type TableRow, type TableFormat, type ReadTableOptions } from "./table-files.js";
// Writing exports (CSV, XLSX, NDJSON) as streams that pull their rows.
export { writeTable, type ExportFormat, type ExportCell, type TableWriter, type TableWriterOptions } from "./table-writer.js";
// Bulk imports of tracking requests: how columns are read, and the runner that works the jobs.
export { normalizeHeader, planTrackingRequestColumns, type BulkAttribute, type BulkCustomFieldDefinition, type TrackingRequestColumns, type TrackingRequestRow } from "./tracking-request-columns.js";
export { createBulkJobRunner, type BulkJobRunner, type BulkJobRunnerOptions, type BulkRunSummary } from "./bulk-job-runner.js";
