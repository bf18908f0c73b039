import type { TransportEventName } from "../../domain/index.js";
import type { CarrierSnapshot, SnapshotTransportEvent } from "../../tracking/snapshot-schema.js";
import { legTimes, railTimes } from "./scenario-checks.js";
import type { ScenarioDocument, ScenarioEvent, ScenarioLeg } from "./scenario-document.js";
import { requireOffset } from "./scenario-offset.js";

/** One scripted transport event of one container, at its offset from the scenario's start. */
export interface ScriptedEvent {
  /** The container it happens to. */
  container: string;
  /** Milliseconds after the scenario's start. */
  offsetMs: number;
  /** The event as the carrier reports it (frozen: every snapshot hands out the same object). */
  event: Readonly<CarrierSnapshot["containers"][number]["transport_events"][number]>;
}

type Place = "pol" | "transshipment" | "pod" | "final";
type Short<T> = T extends `container.transport.${infer Name}` ? Name : never;

// Where an extra event happens when the scenario does not say.
const DEFAULT_PLACE: Partial<Record<Short<TransportEventName>, Place>> = {
  empty_out: "pol", full_in: "pol", vessel_loaded: "pol", vessel_departed: "pol", feeder_loaded: "pol", feeder_departed: "pol",
  feeder_arrived: "transshipment", feeder_discharged: "transshipment", transshipment_arrived: "transshipment",
  transshipment_discharged: "transshipment", transshipment_loaded: "transshipment", transshipment_departed: "transshipment",
  vessel_arrived: "pod", vessel_berthed: "pod", vessel_discharged: "pod", rail_loaded: "pod", rail_departed: "pod",
};

interface Draft {
  offsetMs: number;
  event: SnapshotTransportEvent;
  containers: readonly string[] | undefined;
}

function legEvents(doc: ScenarioDocument): Draft[] {
  const drafts: Draft[] = [];
  const last = doc.legs.length - 1;
  doc.legs.forEach((leg: ScenarioLeg, i) => {
    const times = legTimes(leg);
    const vessel = { vessel_imo: leg.vessel.imo, voyage_number: leg.voyage };
    const add = (name: Short<TransportEventName>, offsetMs: number, locode: string, terminal: string | null = null) =>
      drafts.push({ offsetMs, containers: undefined, event: { event: `container.transport.${name}`, timestamp: "", location_locode: locode, terminal, ...vessel, data_source: "shipping_line" } });
    const feeder = leg.feeder === true;
    add(feeder ? "feeder_loaded" : i === 0 ? "vessel_loaded" : "transshipment_loaded", times.loaded, leg.from);
    add(feeder ? "feeder_departed" : i === 0 ? "vessel_departed" : "transshipment_departed", times.departure, leg.from);
    add(feeder ? "feeder_arrived" : i === last ? "vessel_arrived" : "transshipment_arrived", times.arrival, leg.to);
    add(feeder ? "feeder_discharged" : i === last ? "vessel_discharged" : "transshipment_discharged", times.discharged, leg.to, i === last ? (doc.pod_terminal ?? null) : null);
  });
  return drafts;
}

function railEvents(doc: ScenarioDocument): Draft[] {
  const rail = doc.rail;
  if (!rail) return [];
  const times = railTimes(rail);
  const pod = (doc.legs[doc.legs.length - 1] as ScenarioLeg).to;
  const ramp = rail.terminal ?? null;
  const add = (name: Short<TransportEventName>, offsetMs: number, locode: string, terminal: string | null): Draft => ({
    offsetMs, containers: undefined,
    event: { event: `container.transport.${name}`, timestamp: "", location_locode: locode, terminal, vessel_imo: null, voyage_number: null, data_source: "shipping_line" },
  });
  return [
    add("rail_loaded", times.loaded, pod, doc.pod_terminal ?? null),
    add("rail_departed", times.departure, pod, null),
    add("rail_arrived", times.arrival, rail.destination, ramp),
    add("arrived_at_inland_destination", times.arrival, rail.destination, ramp),
    add("rail_unloaded", times.unloaded, rail.destination, ramp),
  ];
}

function placeOf(doc: ScenarioDocument, event: ScenarioEvent): string {
  if (event.location) return event.location;
  const first = doc.legs[0] as ScenarioLeg;
  const last = doc.legs[doc.legs.length - 1] as ScenarioLeg;
  switch (DEFAULT_PLACE[event.event.slice("container.transport.".length) as Short<TransportEventName>] ?? "final") {
    case "pol":
      return first.from;
    case "transshipment":
      return first.to;
    case "pod":
      return last.to;
    case "final":
      return doc.rail?.destination ?? last.to;
  }
}

function extraEvents(doc: ScenarioDocument): Draft[] {
  return (doc.events ?? []).map((extra) => ({
    offsetMs: requireOffset(extra.at),
    containers: extra.containers,
    event: {
      event: extra.event,
      timestamp: "",
      location_locode: placeOf(doc, extra),
      terminal: extra.terminal ?? null,
      vessel_imo: extra.vessel_imo ?? null,
      voyage_number: extra.voyage ?? null,
      data_source: extra.data_source ?? "shipping_line",
    },
  }));
}

/**
 * Every transport event a scenario scripts, per container, in the order the carrier reports them:
 * by time, and in the document's order (legs, rail, then `events`) at equal times.
 */
export function scriptedEvents(doc: ScenarioDocument, startMs: number): ScriptedEvent[] {
  const drafts = [...legEvents(doc), ...railEvents(doc), ...extraEvents(doc)];
  const all = doc.containers.map((container) => container.number);
  const scripted = drafts.flatMap((draft) =>
    (draft.containers ?? all).map((container): ScriptedEvent => ({
      container,
      offsetMs: draft.offsetMs,
      event: Object.freeze({ ...draft.event, timestamp: new Date(startMs + draft.offsetMs).toISOString() }),
    })),
  );
  // Array.prototype.sort is stable: equal times keep the document's order.
  return scripted.sort((a, b) => a.offsetMs - b.offsetMs);
}
