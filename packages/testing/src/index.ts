/**
 * `@bollard/testing`: Bollard as a stateful stand-in for a hosted tracking API in your own test
 * suites. {@link startSandbox} starts a sandbox server on a free port (memory storage, a paused
 * clock, one account and its API key) and hands back its base URL and controls.
 * @packageDocumentation
 */
export { startSandbox, type RunningSandbox, type SandboxClockControl, type SandboxFaultControl, type SandboxScenarioControl, type StartSandboxOptions } from "./start-sandbox.js";
