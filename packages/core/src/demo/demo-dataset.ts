import { SAMPLE_TARIFFS } from "../demurrage/sample-tariffs.js";
import type { Tariff } from "../domain/tariff-schema.js";
import type { Container } from "../domain/container-schema.js";
import type { RawEvent } from "../domain/raw-event-schema.js";
import type { Shipment } from "../domain/shipment-schema.js";
import type { TrackingRequest } from "../domain/tracking-request-schema.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";
import type { Vessel, VesselPositionRecord } from "../domain/vessel-schema.js";
import type { JourneyStage } from "./journey-plan.js";
import { createRng, hashSeed, seededUuid } from "./random.js";
import { createSailingBook } from "./sailings.js";
import { planJourney, stageSequence } from "./shipment-journey.js";
import { shipmentRecords } from "./shipment-records.js";
import { vesselsAndPositions } from "./vessel-positions.js";

/** A complete demo data set for one account: every record parses with its domain schema. */
export interface DemoDataset {
  /** The tracking requests, one per shipment. */
  trackingRequests: TrackingRequest[];
  /** The shipments. */
  shipments: Shipment[];
  /** Their containers. */
  containers: Container[];
  /** The containers' transport events. */
  transportEvents: TransportEvent[];
  /** The containers' raw events. */
  rawEvents: RawEvent[];
  /** Global records, shared by every account (ids derive from the IMO number). */
  vessels: Vessel[];
  /** Position reports of the vessels along the journeys. */
  vesselPositions: VesselPositionRecord[];
  /** The sample tariff rules ({@link SAMPLE_TARIFFS}) whose rates the demo's demurrage fees use; loaded into an account that has no rules yet. */
  tariffs: Tariff[];
}

/** Options of {@link generateDemoDataset}. */
export interface DemoDatasetOptions {
  /** Seeds every random choice; the same seed, account and `now` give the same data set. */
  seed: number;
  /** The account every account-scoped record belongs to. */
  accountId: string;
  /** The moment the data set describes: no event happens after it. */
  now: Date;
  /**
   * How many shipments to create.
   * @default 24
   */
  shipments?: number;
}

/** A demo data set together with the stage each shipment was planned at (by shipment id). */
export interface DemoDatasetWithStages {
  /** The records. */
  dataset: DemoDataset;
  /** The journey stage of each shipment, by shipment id. */
  stages: ReadonlyMap<string, JourneyStage>;
}

/**
 * Generates the journeys and records of a demo data set, also telling the stage of each shipment.
 * Journeys depend on `seed` and `now` only; ids also depend on the account, so two accounts can hold
 * the same seed's data side by side.
 */
export function generateDemoJourneys(options: DemoDatasetOptions): DemoDatasetWithStages {
  const now = options.now.getTime();
  if (!Number.isFinite(now)) throw new RangeError("generateDemoDataset needs a valid `now`");
  const rng = createRng(options.seed);
  const idRng = createRng(hashSeed(options.accountId, options.seed));
  const newId = (): string => seededUuid(idRng);
  const book = createSailingBook();
  const stages = stageSequence(rng, Math.max(0, Math.trunc(options.shipments ?? 24)));
  const journeys = stages.map((stage) => planJourney(rng.fork(), book, stage, now));

  const dataset: DemoDataset = {
    trackingRequests: [], shipments: [], containers: [], transportEvents: [], rawEvents: [], vessels: [], vesselPositions: [], tariffs: [],
  };
  const stageById = new Map<string, JourneyStage>();
  const usedNumbers = new Set<string>();
  for (const journey of journeys) {
    const records = shipmentRecords(journey, { rng: rng.fork(), newId, accountId: options.accountId, now, usedNumbers });
    dataset.trackingRequests.push(records.trackingRequest);
    dataset.shipments.push(records.shipment);
    dataset.containers.push(...records.containers);
    dataset.transportEvents.push(...records.transportEvents);
    dataset.rawEvents.push(...records.rawEvents);
    if (journey.stage) stageById.set(records.shipment.id, journey.stage);
  }
  const { vessels, positions } = vesselsAndPositions(rng.fork(), book, now);
  dataset.vessels = vessels;
  dataset.vesselPositions = positions;
  // Their own id stream, so the records above keep the ids they had before samples existed.
  const tariffIds = createRng(hashSeed(`${options.accountId}/tariffs`, options.seed));
  const at = new Date(now).toISOString();
  dataset.tariffs = SAMPLE_TARIFFS.map((attributes) => ({ ...attributes, id: seededUuid(tariffIds), account_id: options.accountId, created_at: at, updated_at: at }));
  return { dataset, stages: stageById };
}

/**
 * Generates a deterministic demo data set: shipments on real trade lanes at every stage of their
 * journey relative to `now` (not yet departed, at sea, transshipping, arrived, discharged, on rail,
 * at an inland ramp, picked up, empty returned), with containers, events, vessels and positions.
 *
 * @example
 * const dataset = generateDemoDataset({ seed: 1, accountId, now: new Date() });
 * await tracker.accounts.loadDemo(dataset);
 */
export function generateDemoDataset(options: DemoDatasetOptions): DemoDataset {
  return generateDemoJourneys(options).dataset;
}
