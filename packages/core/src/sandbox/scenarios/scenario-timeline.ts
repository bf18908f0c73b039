import { portByLocode } from "../../reference/index.js";
import { seaRouter } from "../../routing/sea-router.js";
import type { CarrierResult } from "../../tracking/carrier-source.js";
import type { JourneyLeg } from "../../simulated-carrier/journey-leg.js";
import { legPositions } from "../../simulated-carrier/simulated-vessels.js";
import type { CarrierSnapshotInput } from "../../tracking/snapshot-schema.js";
import { legTimes, railTimes } from "./scenario-checks.js";
import type { ScenarioDocument, ScenarioLeg, ScenarioVessel } from "./scenario-document.js";
import { scriptedEvents, type ScriptedEvent } from "./scenario-events.js";
import { requireOffset } from "./scenario-offset.js";
import { terminalStateAt } from "./scenario-terminal-state.js";

/** A scenario compiled against its start instant: what the carrier reports at any moment. */
export interface ScenarioTimeline {
  /** The validated document. */
  readonly document: ScenarioDocument;
  /** The instant offsets count from (whole seconds). */
  readonly start: Date;
  /** Every scripted transport event, per container, in the order they are reported. */
  readonly events: readonly ScriptedEvent[];
  /**
   * What the carrier answers at `now`: `not_found` before `known_at`, else `found` with every
   * event that has happened by `now` (identical objects, in order, from one call to the next) and
   * the current estimates, holds, fees, last free days and appointment.
   */
  snapshotAt(now: Date): CarrierResult;
}

/** A leg as the line shows it at one moment (a rolled-over leg shows its earlier sailing until announced). */
interface ShownLeg {
  vessel: ScenarioVessel;
  voyage: string;
  departure: number;
  arrival: number;
}

function shownLegs(doc: ScenarioDocument, elapsed: number): ShownLeg[] {
  return doc.legs.map((leg, i) => {
    // Changes of a leg are announced in list order: the first not yet announced is what shows.
    const rollover = doc.rollovers?.find((candidate) => candidate.leg === i && elapsed < requireOffset(candidate.announced));
    const shown = rollover?.shown;
    return {
      vessel: shown?.vessel ?? leg.vessel,
      voyage: shown?.voyage ?? leg.voyage,
      departure: requireOffset(shown?.departure ?? leg.departure),
      arrival: requireOffset(shown?.arrival ?? leg.arrival),
    };
  });
}

/** The leg as the simulated carrier's position reports need it (ports, absolute times, speed). */
function journeyLeg(leg: ScenarioLeg, startMs: number): JourneyLeg {
  const from = portByLocode(leg.from);
  const to = portByLocode(leg.to);
  if (!from || !to) throw new Error(`scenario leg ${leg.from}→${leg.to} names a port the checks should have refused`);
  const departAt = startMs + requireOffset(leg.departure);
  const arriveAt = startMs + requireOffset(leg.arrival);
  const { distanceNm } = seaRouter().route([from.longitude, from.latitude], [to.longitude, to.latitude]);
  const knots = Math.round((distanceNm / ((arriveAt - departAt) / 3_600_000)) * 10) / 10;
  return { from, to, vessel: { name: leg.vessel.name, imo: leg.vessel.imo, mmsi: leg.vessel.mmsi ?? "" }, voyageNumber: leg.voyage, departAt, arriveAt, knots };
}

/**
 * Compiles a validated scenario document (see `parseScenarioDocument`) against the instant its
 * offsets count from; the document's own `start` wins over `start` when it has one.
 *
 * @example
 * const timeline = compileScenario(parseScenarioDocument(input), new Date());
 * const result = timeline.snapshotAt(new Date(Date.now() + 3 * 86_400_000));
 */
export function compileScenario(document: ScenarioDocument, start: Date): ScenarioTimeline {
  const startMs = Math.floor((document.start ? Date.parse(document.start) : start.getTime()) / 1000) * 1000;
  const events = scriptedEvents(document, startMs);
  const byContainer = new Map(document.containers.map((c) => [c.number, events.filter((e) => e.container === c.number)]));
  const knownAt = document.known_at === undefined ? null : requireOffset(document.known_at);
  const iso = (offset: number) => new Date(startMs + offset).toISOString();
  const realTimes = document.legs.map(legTimes);
  const rail = document.rail ? railTimes(document.rail) : null;
  const legsForPositions = new Map<number, JourneyLeg>();
  const positionLeg = (i: number) => {
    let leg = legsForPositions.get(i);
    if (!leg) legsForPositions.set(i, (leg = journeyLeg(document.legs[i] as ScenarioLeg, startMs)));
    return leg;
  };

  function vesselsAt(shown: readonly ShownLeg[], elapsed: number, nowMs: number): NonNullable<CarrierSnapshotInput["vessels"]> {
    const current = realTimes.findIndex((times) => times.departure <= elapsed && elapsed < times.arrival);
    const vessels: NonNullable<CarrierSnapshotInput["vessels"]> = [];
    for (const leg of shown) {
      if (vessels.some((vessel) => vessel.imo === leg.vessel.imo)) continue;
      const sailing = current >= 0 && (document.legs[current] as ScenarioLeg).vessel.imo === leg.vessel.imo;
      vessels.push({ name: leg.vessel.name, imo: leg.vessel.imo, mmsi: leg.vessel.mmsi ?? null, positions: sailing ? legPositions(positionLeg(current), nowMs) : [] });
    }
    return vessels;
  }

  function snapshot(elapsed: number, nowMs: number): CarrierSnapshotInput {
    const shown = shownLegs(document, elapsed);
    const first = shown[0] as ShownLeg;
    const last = shown[shown.length - 1] as ShownLeg;
    const realFirst = realTimes[0] as (typeof realTimes)[number];
    const realLast = realTimes[realTimes.length - 1] as (typeof realTimes)[number];
    const podTerminal = document.pod_terminal === undefined ? {} : { pod_terminal: document.pod_terminal };
    return {
      shipment: {
        bill_of_lading_number: document.bill_of_lading_number ?? document.number,
        port_of_lading_locode: (document.legs[0] as ScenarioLeg).from,
        port_of_discharge_locode: (document.legs[document.legs.length - 1] as ScenarioLeg).to,
        destination_locode: document.rail?.destination ?? null,
        ...podTerminal,
        pol_etd_at: iso(first.departure),
        pol_atd_at: realFirst.departure <= elapsed ? iso(realFirst.departure) : null,
        pod_eta_at: iso(last.arrival),
        pod_ata_at: realLast.arrival <= elapsed ? iso(realLast.arrival) : null,
        destination_eta_at: rail ? iso(rail.arrival) : null,
        destination_ata_at: rail && rail.arrival <= elapsed ? iso(rail.arrival) : null,
        pod_vessel_imo: last.vessel.imo,
        pod_vessel_name: last.vessel.name,
        pod_voyage_number: last.voyage,
      },
      containers: document.containers.map((container) => {
        const own = byContainer.get(container.number) ?? [];
        return {
          number: container.number,
          seal_number: container.seal_number ?? null,
          equipment_type: container.equipment_type ?? "dry",
          equipment_length: container.equipment_length ?? 40,
          equipment_height: container.equipment_height ?? "high_cube",
          weight_in_lbs: container.weight_in_lbs ?? null,
          ...podTerminal,
          ...terminalStateAt(document, container.number, own, elapsed, startMs),
          pod_rail_carrier_scac: document.rail?.carrier_scac ?? null,
          ind_rail_carrier_scac: document.rail?.carrier_scac ?? null,
          ind_eta_at: rail ? iso(rail.arrival) : null,
          transport_events: own.filter((scripted) => scripted.offsetMs <= elapsed).map((scripted) => scripted.event),
          raw_events: [],
        };
      }),
      vessels: vesselsAt(shown, elapsed, nowMs),
    };
  }

  return {
    document,
    start: new Date(startMs),
    events,
    snapshotAt(now) {
      const nowMs = now.getTime();
      const elapsed = nowMs - startMs;
      if (knownAt !== null && elapsed < knownAt) return { status: "not_found", reason: document.request_type === "container" ? "not_found" : "awaiting_manifest" };
      return { status: "found", snapshot: snapshot(elapsed, nowMs) };
    },
  };
}
