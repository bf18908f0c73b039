import { HOUR } from "../../demo/zoned-time.js";
import { metroAreaByLocode, portByLocode, shippingLineByScac } from "../../reference/index.js";
import type { ScenarioDateChange, ScenarioDocument, ScenarioLeg, ScenarioRail, ScenarioRollover } from "./scenario-document.js";
import { isScac, isUnLocode } from "../../domain/validators.js";
import { offsetMs } from "./scenario-offset.js";

// The checks run even when some fields failed their own schema: an unreadable offset is NaN, which no comparison reports.
const ms = (text: string): number => offsetMs(text) ?? Number.NaN;

/** Where the checks report a problem: zod's refinement context, reduced to what they use. */
export interface ScenarioIssueSink {
  /** Records one problem at `path` (relative to the document). */
  addIssue(issue: { code: "custom"; message: string; path: (string | number)[] }): void;
}

type Path = (string | number)[];
const at = (path: Path): string => path.join("/");

/** When a leg's boxes are loaded and discharged, with the defaults applied (6 hours either side of the sailing). */
export function legTimes(leg: ScenarioLeg): { loaded: number; departure: number; arrival: number; discharged: number } {
  const departure = ms(leg.departure);
  const arrival = ms(leg.arrival);
  return {
    loaded: leg.loaded === undefined ? departure - 6 * HOUR : ms(leg.loaded),
    departure,
    arrival,
    discharged: leg.discharged === undefined ? arrival + 6 * HOUR : ms(leg.discharged),
  };
}

/** When the rail move's boxes are loaded and unloaded, with the defaults applied (2 hours either side of the train). */
export function railTimes(rail: ScenarioRail): { loaded: number; departure: number; arrival: number; unloaded: number } {
  const departure = ms(rail.departure);
  const arrival = ms(rail.arrival);
  return {
    loaded: rail.loaded === undefined ? departure - 2 * HOUR : ms(rail.loaded),
    departure,
    arrival,
    unloaded: rail.unloaded === undefined ? arrival + 2 * HOUR : ms(rail.unloaded),
  };
}

/** Whether a UN/LOCODE names a place of the reference data (a port or an inland metro area). */
export function isKnownPlace(locode: string): boolean {
  return portByLocode(locode) !== undefined || metroAreaByLocode(locode) !== undefined;
}

/** Checks a document's parts against the reference data and against each other. */
export function checkScenario(doc: ScenarioDocument, sink: ScenarioIssueSink): void {
  const report = (path: Path, message: string) => sink.addIssue({ code: "custom", message: `${at(path)} ${message}`, path });
  const ordered = (later: Path, laterMs: number, earlier: Path, earlierMs: number, strict = false) => {
    if (laterMs < earlierMs || (strict && laterMs === earlierMs)) report(later, `is ${laterMs === earlierMs ? "not after" : "before"} ${at(earlier)}`);
  };

  if (isScac(doc.scac) && !shippingLineByScac(doc.scac)) report(["scac"], `${doc.scac} is not a shipping line of the reference data`);
  const numbers = new Set<string>();
  doc.containers.forEach((container, i) => {
    if (numbers.has(container.number)) report(["containers", i, "number"], `${container.number} is listed twice`);
    numbers.add(container.number);
  });
  if (doc.request_type === "container" && !numbers.has(doc.number.toUpperCase())) report(["number"], `must be one of the containers for a container request`);
  const known = (path: Path, list: readonly string[] | undefined) =>
    list?.forEach((number, i) => {
      if (!numbers.has(number)) report([...path, i], `${number} is not one of the scenario's containers`);
    });

  checkLegs(doc.legs, report, ordered);
  const last = doc.legs.length - 1;
  if (doc.rail) {
    if (isUnLocode(doc.rail.destination) && !isKnownPlace(doc.rail.destination)) report(["rail", "destination"], `${doc.rail.destination} is not a port or metro area of the reference data`);
    const rail = railTimes(doc.rail);
    ordered(["rail", "departure"], rail.departure, ["legs", last, "arrival"], ms((doc.legs[last] as ScenarioLeg).arrival), true);
    ordered(["rail", "arrival"], rail.arrival, ["rail", "departure"], rail.departure, true);
    if (doc.rail.loaded !== undefined) ordered(["rail", "departure"], rail.departure, ["rail", "loaded"], rail.loaded);
    if (doc.rail.unloaded !== undefined) ordered(["rail", "unloaded"], rail.unloaded, ["rail", "arrival"], rail.arrival);
  }

  const lastOfLeg = new Map<number, number>();
  doc.rollovers?.forEach((rollover, i) => {
    const leg = doc.legs[rollover.leg];
    if (!leg) return report(["rollovers", i, "leg"], `is not a leg: the scenario has ${doc.legs.length}`);
    const previous = lastOfLeg.get(rollover.leg);
    if (previous !== undefined) ordered(["rollovers", i, "announced"], ms(rollover.announced), ["rollovers", previous, "announced"], ms((doc.rollovers?.[previous] as ScenarioRollover).announced), true);
    lastOfLeg.set(rollover.leg, i);
    // Another vessel, voyage or departure is known by the time the leg sails; an arrival estimate by the time it arrives.
    const sailing = rollover.shown.vessel !== undefined || rollover.shown.voyage !== undefined || rollover.shown.departure !== undefined;
    const deadline = sailing ? "departure" : "arrival";
    ordered(["legs", rollover.leg, deadline], ms(leg[deadline]), ["rollovers", i, "announced"], ms(rollover.announced));
    const departure = ms(rollover.shown.departure ?? leg.departure);
    const arrival = ms(rollover.shown.arrival ?? leg.arrival);
    if (arrival <= departure) report(["rollovers", i, "shown", rollover.shown.arrival === undefined ? "departure" : "arrival"], `makes the shown sailing arrive before it departs`);
  });

  const needsRail = (path: Path) => report(path, "is inland, but the scenario has no rail move");
  doc.holds?.forEach((hold, i) => {
    if (hold.released !== undefined) ordered(["holds", i, "released"], ms(hold.released), ["holds", i, "placed"], ms(hold.placed), true);
    if (hold.facility === "inland" && !doc.rail) needsRail(["holds", i, "facility"]);
    known(["holds", i, "containers"], hold.containers);
  });
  doc.fees?.forEach((fee, i) => {
    if (fee.until !== undefined) ordered(["fees", i, "until"], ms(fee.until), ["fees", i, "from"], ms(fee.from), true);
    if (fee.facility === "inland" && !doc.rail) needsRail(["fees", i, "facility"]);
    known(["fees", i, "containers"], fee.containers);
  });
  const changes = (path: Path, list: readonly ScenarioDateChange[] | undefined) =>
    list?.forEach((change, i) => {
      const previous = list[i - 1];
      if (previous) ordered([...path, i, "at"], ms(change.at), [...path, i - 1, "at"], ms(previous.at), true);
      known([...path, i, "containers"], change.containers);
    });
  changes(["last_free_days", "line"], doc.last_free_days?.line);
  changes(["last_free_days", "terminal"], doc.last_free_days?.terminal);
  changes(["last_free_days", "rail"], doc.last_free_days?.rail);
  if (doc.last_free_days?.rail?.length && !doc.rail) report(["last_free_days", "rail"], "needs a rail move: the scenario has no rail");
  changes(["pickup_appointments"], doc.pickup_appointments);
  doc.events?.forEach((event, i) => {
    if (event.location !== undefined && isUnLocode(event.location) && !isKnownPlace(event.location)) report(["events", i, "location"], `${event.location} is not a port or metro area of the reference data`);
    known(["events", i, "containers"], event.containers);
  });
}

function checkLegs(legs: readonly ScenarioLeg[], report: (path: Path, message: string) => void, ordered: (later: Path, laterMs: number, earlier: Path, earlierMs: number, strict?: boolean) => void): void {
  legs.forEach((leg, i) => {
    for (const end of ["from", "to"] as const) {
      if (isUnLocode(leg[end]) && !portByLocode(leg[end])) report(["legs", i, end], `${leg[end]} is not a port of the reference data`);
    }
    if (leg.from === leg.to) report(["legs", i, "to"], `is the port the leg leaves from (${leg.from})`);
    if (leg.feeder && (i > 0 || legs.length < 2)) report(["legs", i, "feeder"], "can only be set on the first of several legs (a feeder to the transshipment hub)");
    const times = legTimes(leg);
    ordered(["legs", i, "arrival"], times.arrival, ["legs", i, "departure"], times.departure, true);
    if (leg.loaded !== undefined) ordered(["legs", i, "departure"], times.departure, ["legs", i, "loaded"], times.loaded);
    if (leg.discharged !== undefined) ordered(["legs", i, "discharged"], times.discharged, ["legs", i, "arrival"], times.arrival);
    const previous = legs[i - 1];
    if (!previous) return;
    if (leg.from !== previous.to) report(["legs", i, "from"], `must be where legs/${i - 1} arrives (${previous.to}), got ${leg.from}`);
    const before = legTimes(previous);
    ordered(["legs", i, "departure"], times.departure, ["legs", i - 1, "arrival"], before.arrival, true);
    if (leg.loaded !== undefined || previous.discharged !== undefined) ordered(["legs", i, "loaded"], times.loaded, ["legs", i - 1, "discharged"], before.discharged);
  });
}
