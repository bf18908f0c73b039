import { isDeepStrictEqual } from "node:util";
import type { Shipment, TrackingRequest, Vessel, VesselPositionRecord } from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { referenceId } from "../reference/index.js";
import { parseInput } from "../validation/input-validation.js";
import type { StorageRepositories } from "../storage/index.js";
import type { PlanForecast } from "./arrival-prediction.js";
import { recordDomainEvents } from "./record-domain-events.js";
import { planIsEmpty, planSnapshot, type SnapshotPlan, type StoredState } from "./snapshot-plan.js";
import { forgetSnapshotMemo, keepSnapshotMemo, type SnapshotMemo } from "./snapshot-memo.js";
import { CarrierSnapshotSchema, type CarrierSnapshot, type SnapshotVessel } from "./snapshot-schema.js";

/** Validates a snapshot from a carrier source or a user's feed; 422s have paths under `snapshot`. */
export function parseSnapshot(input: unknown): CarrierSnapshot {
  return parseInput(CarrierSnapshotSchema, input, ["snapshot"]);
}

/** Refuses data for a shipment whose tracking is stopped: stopping pauses every refresh and feed. */
export function assertTracking(shipment: Shipment | null): void {
  if (shipment?.line_tracking_stopped_at) {
    throw new BollardError("tracking_stopped", `Tracking of shipment ${shipment.id} is stopped; resume it before sending data`, { meta: { shipment_id: shipment.id } });
  }
}

/**
 * A snapshot planned before the write transaction (see {@link prepareSnapshot}), with what the plan
 * was made from: {@link applySnapshot} writes it as it is when that is still what is stored.
 */
export interface PreparedSnapshot {
  /** The tracking request as read then. */
  readonly request: TrackingRequest;
  /** The stored shipment, containers and events as read then. */
  readonly state: StoredState;
  /** The vessel id each IMO number the plan asked for resolved to. */
  readonly vesselIds: ReadonlyMap<string, string | null>;
  readonly plan: SnapshotPlan;
}

/**
 * Reads what is stored for the request's shipment and plans the snapshot against it, without
 * writing: a refresh does this before its write transaction, so planning (a third of a refresh's
 * work) does not hold the write lock. Null when the shipment's tracking is stopped (the transaction
 * refuses it).
 */
export async function prepareSnapshot(reader: StorageRepositories, request: TrackingRequest, snapshot: CarrierSnapshot, now: string, forecast?: SnapshotForecast): Promise<PreparedSnapshot | null> {
  const state = await readStoredState(reader, request);
  if (state.shipment?.line_tracking_stopped_at) return null;
  const vessels = (await planVessels(reader, mentionedImos(snapshot), snapshot.vessels, now)).byImo;
  const vesselIds = new Map<string, string | null>();
  const vesselIdByImo = (imo: string) => {
    const id = vessels.get(imo)?.id ?? null;
    vesselIds.set(imo, id);
    return id;
  };
  const plan = planSnapshot(state, snapshot, { trackingRequest: request, now, newId: uuidv7, vesselIdByImo, ...planForecast(forecast, vessels) });
  return { request, state, vesselIds, plan };
}

/** Options of {@link applySnapshot}. */
export interface ApplyOptions {
  /** A plan made before the transaction, written when still current (see {@link prepareSnapshot}). */
  prepared?: PreparedSnapshot | null;
  /** Positions already written in this transaction (see {@link resolveVessels}). */
  positionsWritten?: Set<string>;
  /**
   * The carrier answer being applied, to keep as the shipment's snapshot memo (a refresh applying
   * an answer in full); without it, a plan that writes anything forgets the memo.
   */
  memo?: Pick<SnapshotMemo, "requestId" | "hash">;
  /** Predicts the shipment's arrival (see `withPrediction`); without it the stored prediction is kept. */
  forecast?: SnapshotForecast;
}

/** The predictor and the account's carrier bias, for {@link applySnapshot} and {@link prepareSnapshot}. */
export type SnapshotForecast = Omit<PlanForecast, "vesselByImo">;

const planForecast = (forecast: SnapshotForecast | undefined, vessels: ReadonlyMap<string, Vessel>): { forecast?: PlanForecast } =>
  forecast ? { forecast: { ...forecast, vesselByImo: (imo) => vessels.get(imo) ?? null } } : {};

/**
 * Applies a validated snapshot to the shipment a tracking request tracks, inside `tx`: loads what is
 * stored, plans the difference, and writes the shipment, containers, events, vessels, positions and
 * domain events. Returns the plan (empty when the snapshot changed nothing). This is the one place a
 * shipment's carrier data is written, so it keeps the shipment's snapshot memo (see
 * `snapshot-memo.ts`): the answer's when `options.memo` gives it, else none once the plan wrote anything.
 *
 * Given a {@link PreparedSnapshot} of the same snapshot, its plan is written instead of planning
 * again, when the request, the stored state and the vessel ids it was made from are still what
 * `tx` reads (anything written in between, by anyone, means planning again).
 */
export async function applySnapshot(tx: StorageRepositories, request: TrackingRequest, snapshot: CarrierSnapshot, now: string, options: ApplyOptions = {}): Promise<SnapshotPlan> {
  const { prepared } = options;
  const state = await readStoredState(tx, request);
  assertTracking(state.shipment);
  const mentioned = mentionedImos(snapshot);
  const vessels = await resolveVessels(tx, mentioned, snapshot.vessels, now, options.positionsWritten);
  const vesselIdByImo = (imo: string) => vessels.get(imo)?.id ?? null;
  const current =
    prepared &&
    isDeepStrictEqual(prepared.request, request) &&
    isDeepStrictEqual(prepared.state, state) &&
    [...prepared.vesselIds].every(([imo, id]) => vesselIdByImo(imo) === id);
  const plan = current ? prepared.plan : planSnapshot(state, snapshot, { trackingRequest: request, now, newId: uuidv7, vesselIdByImo, ...planForecast(options.forecast, vessels) });
  if (plan.shipmentIsNew) await tx.shipments.insert(plan.shipment);
  else if (plan.shipmentChanged) await tx.shipments.update(plan.shipment);
  for (const container of plan.containersToInsert) await tx.containers.insert(container);
  for (const container of plan.containersToUpdate) await tx.containers.update(container);
  if (plan.rawEventsToInsert.length > 0) await tx.rawEvents.insertMany(plan.rawEventsToInsert);
  for (const event of plan.rawEventsToUpdate) await tx.rawEvents.update(event);
  if (plan.transportEvents.length > 0) await tx.transportEvents.insertMany(plan.transportEvents);
  await recordDomainEvents(tx, plan.domainEvents);
  const { account_id: accountId, id: shipmentId } = plan.shipment;
  if (options.memo) await keepSnapshotMemo(tx, accountId, shipmentId, { ...options.memo, vesselIds: Object.fromEntries([...mentioned].map((imo) => [imo, vesselIdByImo(imo)])) });
  else if (!plan.shipmentIsNew && !planIsEmpty(plan)) await forgetSnapshotMemo(tx, accountId, shipmentId);
  return plan;
}

/** The IMO numbers a snapshot mentions: its shipment's vessel, its events' vessels and its vessel reports'. */
function mentionedImos(snapshot: CarrierSnapshot): Set<string> {
  const mentioned = new Set<string>();
  if (snapshot.shipment.pod_vessel_imo) mentioned.add(snapshot.shipment.pod_vessel_imo);
  for (const container of snapshot.containers) {
    for (const event of [...container.transport_events, ...container.raw_events]) if (event.vessel_imo) mentioned.add(event.vessel_imo);
  }
  for (const vessel of snapshot.vessels) if (vessel.imo) mentioned.add(vessel.imo);
  return mentioned;
}

/**
 * The vessels of the IMO numbers `mentioned`, by IMO: stored ones, and new ones the `reported`
 * vessels describe with an MMSI (a vessel record needs one). Position reports are stored and move
 * the vessel's current position when newer; those in `positionsWritten` (positions this transaction
 * wrote already, as `vessel_id|timestamp`) are not written again, and those written are added to it.
 */
export async function resolveVessels(tx: StorageRepositories, mentioned: Iterable<string>, reported: readonly SnapshotVessel[], now: string, positionsWritten?: Set<string>): Promise<Map<string, Vessel>> {
  const { byImo, upserts, positions } = await planVessels(tx, mentioned, reported, now);
  if (upserts.length > 0) await tx.vessels.upsertMany(upserts);
  // Every shipment on a vessel reports the vessel's track: written once per transaction is enough.
  const fresh = positionsWritten ? positions.filter((p) => !positionsWritten.has(`${p.vessel_id}|${p.timestamp}`)) : positions;
  if (fresh.length > 0) await tx.vesselPositions.insertMany(fresh);
  for (const p of fresh) positionsWritten?.add(`${p.vessel_id}|${p.timestamp}`);
  return byImo;
}

/** What {@link resolveVessels} finds and would write, read from `reader` without writing. */
async function planVessels(reader: StorageRepositories, mentioned: Iterable<string>, reported: readonly SnapshotVessel[], now: string): Promise<{ byImo: Map<string, Vessel>; upserts: Vessel[]; positions: VesselPositionRecord[] }> {
  const byImo = new Map<string, Vessel>();
  for (const imo of mentioned) {
    const stored = await reader.vessels.getByImo(imo);
    if (stored) byImo.set(imo, stored);
  }
  const upserts: Vessel[] = [];
  const positions: VesselPositionRecord[] = [];
  for (const vessel of reported) {
    const stored = (vessel.imo ? byImo.get(vessel.imo) : undefined) ?? (vessel.mmsi ? await reader.vessels.getByMmsi(vessel.mmsi) : null);
    if (!stored && !vessel.mmsi) continue;
    const base: Vessel = stored ?? {
      id: referenceId("vessel", vessel.imo ?? `mmsi:${vessel.mmsi}`),
      name: vessel.name, imo: vessel.imo ?? null, mmsi: vessel.mmsi!,
      latitude: null, longitude: null, nautical_speed_knots: null, navigational_heading_degrees: null, position_timestamp: null,
      created_at: now, updated_at: now,
    };
    const newest = [...vessel.positions].sort((a, b) => a.timestamp.localeCompare(b.timestamp)).at(-1);
    const moves = newest && (base.position_timestamp === null || newest.timestamp > base.position_timestamp);
    const next: Vessel = moves
      ? { ...base, latitude: newest.latitude, longitude: newest.longitude, nautical_speed_knots: newest.speed_knots ?? null, navigational_heading_degrees: newest.heading ?? null, position_timestamp: newest.timestamp, updated_at: now }
      : base;
    if (!stored || next !== base) upserts.push(next);
    if (next.imo) byImo.set(next.imo, next);
    for (const p of vessel.positions) positions.push({ vessel_id: next.id, latitude: p.latitude, longitude: p.longitude, heading: p.heading ?? null, speed_knots: p.speed_knots ?? null, timestamp: p.timestamp, source: "carrier" });
  }
  return { byImo, upserts, positions };
}

/** The request's shipment (null before its first snapshot), its containers and their events. */
async function readStoredState(repositories: StorageRepositories, request: TrackingRequest): Promise<StoredState> {
  const shipment = request.tracked_object_id ? await repositories.shipments.get(request.account_id, request.tracked_object_id) : null;
  const containers = shipment ? await repositories.containers.listByShipments(request.account_id, [shipment.id]) : [];
  const ids = containers.map((c) => c.id);
  if (ids.length === 0) return { shipment, containers, transportEvents: [], rawEvents: [] };
  const transportEvents = (await repositories.transportEvents.listByContainers(request.account_id, ids)).items;
  const rawEvents = (await repositories.rawEvents.listByContainers(request.account_id, ids)).items;
  return { shipment, containers, transportEvents, rawEvents };
}
