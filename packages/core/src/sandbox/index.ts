// The sandbox: its clock, faults, snapshots, and scripted scenarios.
export * from "./sandbox.js";
export * from "./sandbox-clock.js";
export * from "./sandbox-faults.js";
export * from "./faulty-sources.js";
export * from "./sandbox-input.js";
export type { SandboxAdvanceSummary, DuePass, DuePassSummary } from "./advance-clock.js";
export type { AccountData } from "./account-data.js";
export * from "./scenarios/index.js";
