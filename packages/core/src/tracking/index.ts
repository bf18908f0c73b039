export * from "./carrier-source.js";
export * from "./snapshot-schema.js";
export * from "./refresh-policy.js";
export { type RefreshScheduler, type RefreshSummary, type RefreshSchedulerOptions, createRefreshScheduler } from "./refresh-scheduler.js";
export type { RefreshOutcome } from "./refresh-request.js";
export * from "./ingest-service.js";
export { planSnapshot, planIsEmpty, type SnapshotPlan, type StoredState, type PlanContext } from "./snapshot-plan.js";
export { PositionReportSchema, MAX_POSITION_REPORTS, type PositionReport, type PositionReportInput, type PositionIngestResult } from "./position-ingest.js";
export type { IngestReference, IngestTarget } from "./ingest-target.js";
