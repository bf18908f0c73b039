import type { Shipment, Vessel } from "../domain/index.js";
import type { CarrierBiasTable } from "../eta/carrier-bias.js";
import { laneOf } from "../eta/arrival-histories.js";
import type { EtaPredictor, PredictionPosition } from "../eta/eta-predictor.js";
import { portByLocode } from "../reference/index.js";
import type { CarrierSnapshot, SnapshotVessel } from "./snapshot-schema.js";

/** What predicting a shipment's arrival needs while a snapshot is planned. */
export interface PlanForecast {
  /** The tracker's predictor. */
  predictor: EtaPredictor;
  /** The account's carrier bias as last learned. */
  bias: CarrierBiasTable;
  /** The vessel with this IMO number as stored (with the snapshot's newest position), or null. */
  vesselByImo: (imo: string) => Vessel | null;
}

type PredictionFields = Pick<Shipment, "predicted_eta_at" | "predicted_eta_p10_at" | "predicted_eta_p90_at" | "predicted_eta_reasons">;

const NO_PREDICTION: PredictionFields = { predicted_eta_at: null, predicted_eta_p10_at: null, predicted_eta_p90_at: null, predicted_eta_reasons: null };

/**
 * The POD vessel's positions, oldest first: those the carrier's answer reports with the boxes'
 * journey; without any, the vessel's stored current position (from an AIS feed or another shipment).
 */
function positionsOf(shipment: Shipment, reported: readonly SnapshotVessel[], vessel: Vessel | null): PredictionPosition[] {
  const own = reported.find((v) => v.imo !== undefined && v.imo !== null && v.imo === shipment.pod_vessel_imo);
  const positions: PredictionPosition[] = (own?.positions ?? [])
    .map((p) => ({ timestamp: p.timestamp, latitude: p.latitude, longitude: p.longitude, speed_knots: p.speed_knots ?? null }))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  const current = vessel && vessel.position_timestamp !== null && vessel.latitude !== null && vessel.longitude !== null ? vessel : null;
  if (current && positions.length === 0) {
    positions.push({ timestamp: current.position_timestamp!, latitude: current.latitude!, longitude: current.longitude!, speed_knots: current.nautical_speed_knots });
  }
  return positions;
}

/** Transshipments still ahead: the estimated transshipment arrivals of the snapshot's first container after `now`. */
function portCallsLeft(snapshot: CarrierSnapshot, now: string): number {
  const first = snapshot.containers[0];
  if (!first) return 0;
  return first.raw_events.filter((e) => e.estimated && e.event === "transshipment_arrived" && e.timestamp > now).length;
}

const DEPARTURES = new Set(["vessel_departed", "transshipment_departed", "feeder_departed"]);

/** The first container's latest reported departure (a carrier line or a transport event): whether it is on the POD vessel, and from where. */
function lastDeparture(shipment: Shipment, snapshot: CarrierSnapshot): { aboard: boolean; legFrom: string | null } {
  const first = snapshot.containers[0];
  const departures = [
    ...(first?.raw_events ?? []).filter((e) => !e.estimated && e.event && DEPARTURES.has(e.event)),
    ...(first?.transport_events ?? []).filter((e) => DEPARTURES.has(e.event.replace("container.transport.", ""))),
  ].filter((e) => e.vessel_imo && e.timestamp);
  const latest = departures.sort((a, b) => (a.timestamp ?? "").localeCompare(b.timestamp ?? "")).at(-1);
  return { aboard: latest !== undefined && latest.vessel_imo === shipment.pod_vessel_imo, legFrom: latest?.location_locode ?? null };
}

const coordinatesOf = (locode: string | null) => {
  const port = locode ? portByLocode(locode) : undefined;
  return port ? { locode: port.code, latitude: Number(port.latitude), longitude: Number(port.longitude) } : null;
};

const HOUR = 3_600_000;
const gap = (a: string | null, b: string | null) => (a === null || b === null ? (a === b ? 0 : Infinity) : Math.abs(Date.parse(a) - Date.parse(b)));

/**
 * Whether a new prediction says what the stored one says: made the same way from the same
 * whereabouts, its median within an hour and its bounds within two. Small moves are not written, so
 * a steady voyage adds a history entry only when the prediction really moves.
 */
function saysTheSame(next: PredictionFields, stored: PredictionFields): boolean {
  const a = next.predicted_eta_reasons;
  const b = stored.predicted_eta_reasons;
  if (a === null || b === null) return a === b;
  return (
    a.predictor === b.predictor && a.method === b.method && a.aboard === b.aboard && a.port_calls_left === b.port_calls_left && a.carrier_bias_scope === b.carrier_bias_scope &&
    gap(next.predicted_eta_at, stored.predicted_eta_at) < HOUR && gap(next.predicted_eta_p10_at, stored.predicted_eta_p10_at) < 2 * HOUR && gap(next.predicted_eta_p90_at, stored.predicted_eta_p90_at) < 2 * HOUR
  );
}

/** Where the boxes are, as the latest snapshot said. */
interface Whereabouts {
  aboard: boolean;
  portCallsLeft: number;
  legFrom: string | null;
}

/** The shipment with the predictor's answer, or its stored prediction when the answer says the same. */
function predicted(shipment: Shipment, previous: Shipment | null, where: Whereabouts, reported: readonly SnapshotVessel[], forecast: PlanForecast, now: string): Shipment {
  let fields: PredictionFields = NO_PREDICTION;
  if (shipment.pod_ata_at === null) {
    const pod = coordinatesOf(shipment.port_of_discharge_locode);
    const vessel = shipment.pod_vessel_imo ? forecast.vesselByImo(shipment.pod_vessel_imo) : null;
    const lane = laneOf(shipment);
    const prediction = forecast.predictor.predict({
      now,
      carrierEtaAt: shipment.pod_eta_at,
      departedAt: shipment.pol_atd_at,
      pod,
      legFrom: coordinatesOf(where.legFrom),
      positions: positionsOf(shipment, reported, vessel),
      portCallsLeft: where.portCallsLeft,
      aboard: where.aboard,
      carrierBias: (horizonHours) => forecast.bias.lookup(shipment.shipping_line_scac, lane, horizonHours),
    });
    if (prediction) fields = prediction;
  }
  const stored: PredictionFields = previous
    ? { predicted_eta_at: previous.predicted_eta_at, predicted_eta_p10_at: previous.predicted_eta_p10_at, predicted_eta_p90_at: previous.predicted_eta_p90_at, predicted_eta_reasons: previous.predicted_eta_reasons }
    : NO_PREDICTION;
  return { ...shipment, ...(saysTheSame(fields, stored) ? stored : fields) };
}

/**
 * The shipment with its predicted arrival at the POD recomputed from what the snapshot brings (a
 * position, an event, a carrier ETA): none once the vessel arrived. A prediction that says what the
 * stored one says is kept as it was, so an unchanged journey writes nothing.
 */
export function withPrediction(shipment: Shipment, previous: Shipment | null, snapshot: CarrierSnapshot, forecast: PlanForecast, now: string): Shipment {
  return predicted(shipment, previous, { ...lastDeparture(shipment, snapshot), portCallsLeft: portCallsLeft(snapshot, now) }, snapshot.vessels, forecast, now);
}

/**
 * The stored shipment with its prediction recomputed when only positions are new (the carrier's
 * answer is otherwise the one last applied): where the boxes are is what the stored prediction said.
 */
export function withNewPositions(shipment: Shipment, reported: readonly SnapshotVessel[], forecast: PlanForecast, now: string): Shipment {
  const reasons = shipment.predicted_eta_reasons;
  const newest = positionsOf(shipment, reported, null).at(-1);
  if (!newest || (reasons?.position_at && newest.timestamp <= reasons.position_at)) return shipment;
  return predicted(shipment, shipment, { aboard: reasons?.aboard ?? false, portCallsLeft: reasons?.port_calls_left ?? 0, legFrom: reasons?.leg_from_locode ?? null }, reported, forecast, now);
}
