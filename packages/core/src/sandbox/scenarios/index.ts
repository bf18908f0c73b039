// Scenario documents: a shipment's scripted story, validated, compiled to a timeline, and served as a carrier source.
export { parseScenarioDocument } from "./parse-scenario.js";
export * from "./scenario-document.js";
export { MAX_SCENARIO_OFFSET_MS, ScenarioOffsetSchema, offsetMs } from "./scenario-offset.js";
export type { ScriptedEvent } from "./scenario-events.js";
export { compileScenario, type ScenarioTimeline } from "./scenario-timeline.js";
export { createScenarioRegistry, type RegisteredScenario, type ScenarioLookup, type ScenarioRegistry } from "./scenario-registry.js";
export { scenarioCarrier } from "./scenario-carrier.js";
export { BUILTIN_SCENARIOS, builtinScenarioDocument, type BuiltinScenario } from "./builtin-scenarios.js";
