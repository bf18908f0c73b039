// The simulated shipping line: deterministic journeys per tracked number, revealed over time.
export { simulatedCarrier, type SimulatedCarrierOptions } from "./simulated-carrier.js";
export { DEFAULT_ETA_NOISE, type EtaNoise, type EtaNoiseOptions } from "./eta-noise.js";
export { SCENARIO_NUMBERS, TEST_SCAC, type ScenarioNumber } from "./scenario-numbers.js";
