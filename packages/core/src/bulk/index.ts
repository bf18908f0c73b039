// Reading uploaded tables (CSV, XLSX, JSON/NDJSON) for bulk imports.
export { readTable, tableFormatOf, tableOfObjects, DEFAULT_MAX_TABLE_ROWS, MAX_TABLE_CELL_LENGTH, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, MAX_XLSX_INFLATED_BYTES, type Table, type TableRow, type TableFormat, type ReadTableOptions } from "./table-files.js";
// Writing exports (CSV, XLSX, NDJSON) as streams that pull their rows.
export { writeTable, type ExportFormat, type ExportCell, type TableWriter, type TableWriterOptions } from "./table-writer.js";
// Exports of listings (`session.containers.export()`): their stable columns, and the file they stream.
export { CONTAINER_EXPORT_COLUMNS, SHIPMENT_EXPORT_COLUMNS, TRACKING_REQUEST_EXPORT_COLUMNS, TRANSPORT_EVENT_EXPORT_COLUMNS, type ExportColumnInfo } from "./export-columns.js";
export { EXPORT_PAGE_SIZE, type ExportOptions, type TableExport } from "./table-export.js";
// Bulk imports of tracking requests: how columns are read, and the runner that works the jobs.
export { listOf, normalizeHeader, planTrackingRequestColumns, type BulkAttribute, type BulkCustomFieldDefinition, type BulkRowPlan, type PlannedRow } from "./tracking-request-columns.js";
export { planUpdateColumns, type BulkUpdateTarget } from "./update-columns.js";
export { createBulkJobRunner, type BulkJobRunner, type BulkJobRunnerOptions, type BulkRunSummary } from "./bulk-job-runner.js";
