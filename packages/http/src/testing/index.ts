/**
 * `@bollard/http/testing`: helpers for tests that talk to a Bollard server over a socket — a
 * local webhook receiver ({@link startTestReceiver}), the heaviest allowed `include`
 * ({@link WORST_INCLUDE}) and a spreadsheet of tracking requests to import ({@link bulkImportFile}). Only test code should import it.
 * @packageDocumentation
 */
export { startTestReceiver, type TestReceiver, type ReceivedWebhook } from "./webhook-receiver.js";
export { WORST_INCLUDE } from "./include-fixtures.js";
export { bulkImportFile, type BulkImportFile, type ExpectedBulkRow } from "./bulk-fixtures.js";
