// The sandbox: scripted scenarios (and, beside them, the sandbox's clock, faults and sessions).
export * from "./scenarios/index.js";
