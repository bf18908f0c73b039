// Deterministic demo data: shipments on real trade lanes at every stage, for trying Bollard out.
export { generateDemoDataset, generateDemoJourneys, type DemoDataset, type DemoDatasetOptions, type DemoDatasetWithStages } from "./demo-dataset.js";
export { loadDemoDataset } from "./load-demo.js";
export { createRng, hashSeed, seededUuid, type Rng } from "./random.js";
export { JOURNEY_STAGES, type JourneyStage } from "./journey-plan.js";
export { DEMO_VESSELS, TRADE_LANES, type DemoVessel, type TradeLane, type OceanLeg, type InlandLeg, type RailOperator } from "./voyages.js";
