import type { Shipment, TrackingRequest, Vessel, VesselPositionRecord } from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { referenceId } from "../reference/index.js";
import { parseInput } from "../validation/input-validation.js";
import type { StorageRepositories } from "../storage/index.js";
import { recordDomainEvents } from "./record-domain-events.js";
import { planSnapshot, type SnapshotPlan } from "./snapshot-plan.js";
import { CarrierSnapshotSchema, type CarrierSnapshot } from "./snapshot-schema.js";

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
 * Applies a validated snapshot to the shipment a tracking request tracks, inside `tx`: loads what is
 * stored, plans the difference, and writes the shipment, containers, events, vessels, positions and
 * domain events. Returns the plan (empty when the snapshot changed nothing).
 */
export async function applySnapshot(tx: StorageRepositories, request: TrackingRequest, snapshot: CarrierSnapshot, now: string): Promise<SnapshotPlan> {
  const shipment = request.tracked_object_id ? await tx.shipments.get(request.account_id, request.tracked_object_id) : null;
  assertTracking(shipment);
  const containers = shipment ? await tx.containers.listByShipments(request.account_id, [shipment.id]) : [];
  const ids = containers.map((c) => c.id);
  const [transportEvents, rawEvents] = ids.length === 0 ? [[], []] : [(await tx.transportEvents.listByContainers(request.account_id, ids)).items, (await tx.rawEvents.listByContainers(request.account_id, ids)).items];
  const vessels = await resolveVessels(tx, snapshot, now);
  const plan = planSnapshot({ shipment, containers, transportEvents, rawEvents }, snapshot, {
    trackingRequest: request,
    now,
    newId: uuidv7,
    vesselIdByImo: (imo) => vessels.get(imo)?.id ?? null,
  });
  if (plan.shipmentIsNew) await tx.shipments.insert(plan.shipment);
  else if (plan.shipmentChanged) await tx.shipments.update(plan.shipment);
  for (const container of plan.containersToInsert) await tx.containers.insert(container);
  for (const container of plan.containersToUpdate) await tx.containers.update(container);
  if (plan.rawEventsToInsert.length > 0) await tx.rawEvents.insertMany(plan.rawEventsToInsert);
  for (const event of plan.rawEventsToUpdate) await tx.rawEvents.update(event);
  if (plan.transportEvents.length > 0) await tx.transportEvents.insertMany(plan.transportEvents);
  await recordDomainEvents(tx, plan.domainEvents);
  return plan;
}

/**
 * The vessels a snapshot mentions, by IMO: stored ones, and new ones the snapshot describes with an
 * MMSI (a vessel record needs one). Position reports are stored and move the vessel's current
 * position when newer.
 */
async function resolveVessels(tx: StorageRepositories, snapshot: CarrierSnapshot, now: string): Promise<Map<string, Vessel>> {
  const byImo = new Map<string, Vessel>();
  const mentioned = new Set<string>();
  if (snapshot.shipment.pod_vessel_imo) mentioned.add(snapshot.shipment.pod_vessel_imo);
  for (const container of snapshot.containers) {
    for (const event of [...container.transport_events, ...container.raw_events]) if (event.vessel_imo) mentioned.add(event.vessel_imo);
  }
  for (const vessel of snapshot.vessels) if (vessel.imo) mentioned.add(vessel.imo);
  for (const imo of mentioned) {
    const stored = await tx.vessels.getByImo(imo);
    if (stored) byImo.set(imo, stored);
  }
  const upserts: Vessel[] = [];
  const positions: VesselPositionRecord[] = [];
  for (const reported of snapshot.vessels) {
    const stored = (reported.imo ? byImo.get(reported.imo) : undefined) ?? (reported.mmsi ? await tx.vessels.getByMmsi(reported.mmsi) : null);
    if (!stored && !reported.mmsi) continue;
    const base: Vessel = stored ?? {
      id: referenceId("vessel", reported.imo ?? `mmsi:${reported.mmsi}`),
      name: reported.name, imo: reported.imo ?? null, mmsi: reported.mmsi!,
      latitude: null, longitude: null, nautical_speed_knots: null, navigational_heading_degrees: null, position_timestamp: null,
      created_at: now, updated_at: now,
    };
    const newest = [...reported.positions].sort((a, b) => a.timestamp.localeCompare(b.timestamp)).at(-1);
    const moves = newest && (base.position_timestamp === null || newest.timestamp > base.position_timestamp);
    const next: Vessel = moves
      ? { ...base, latitude: newest.latitude, longitude: newest.longitude, nautical_speed_knots: newest.speed_knots ?? null, navigational_heading_degrees: newest.heading ?? null, position_timestamp: newest.timestamp, updated_at: now }
      : base;
    if (!stored || next !== base) upserts.push(next);
    if (next.imo) byImo.set(next.imo, next);
    for (const p of reported.positions) positions.push({ vessel_id: next.id, latitude: p.latitude, longitude: p.longitude, heading: p.heading ?? null, speed_knots: p.speed_knots ?? null, timestamp: p.timestamp, source: "carrier" });
  }
  if (upserts.length > 0) await tx.vessels.upsertMany(upserts);
  if (positions.length > 0) await tx.vesselPositions.insertMany(positions);
  return byImo;
}
