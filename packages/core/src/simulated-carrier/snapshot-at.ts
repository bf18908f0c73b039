import { DAY, ceilHour, iso } from "../demo/zoned-time.js";
import type { CarrierSnapshotInput, SnapshotRawEvent, SnapshotTransportEvent } from "../tracking/snapshot-schema.js";
import type { ContainerJourney, JourneyMilestone, Revealed } from "./container-journey.js";
import { etaErrorAt } from "./eta-noise.js";
import type { JourneyLeg } from "./journey-leg.js";
import type { SimulatedJourney } from "./simulated-journey.js";
import { vesselsAt } from "./simulated-vessels.js";

type SnapshotContainerInput = CarrierSnapshotInput["containers"][number];

/** What the line's estimates say at one instant: which sailing, and how far off its times are. */
interface Outlook {
  now: number;
  legs: readonly JourneyLeg[];
  /** Subtracted from every planned time (a rollover not yet known shows the earlier sailing). */
  offset: number;
  /** Subtracted as well from arrival times (ETA revisions still to come). */
  etaShift: number;
}

function outlookAt(journey: SimulatedJourney, now: number): Outlook {
  const shown = journey.rollover && now < journey.rollover.until ? journey.rollover : null;
  let etaShift = 0;
  for (const revision of journey.etaRevisions) if (now < revision.until) etaShift += revision.shift;
  etaShift -= etaErrorAt(journey.etaErrors, now);
  return { now, legs: shown?.legs ?? journey.legs, offset: shown?.offset ?? 0, etaShift };
}

const ARRIVALS = new Set(["vessel_arrived", "arrived_at_inland_destination"]);

/** The line's estimate of a planned time, as it states it at `outlook.now` (to the hour). */
function estimateOf(at: number, arrival: boolean, outlook: Outlook): string {
  const estimate = at - outlook.offset - (arrival ? outlook.etaShift : 0);
  // An early estimate of an arrival still ahead never lies in the past: the line moves it to the next hour.
  return iso(ceilHour(arrival && at > outlook.now ? Math.max(estimate, outlook.now) : estimate));
}

function estimatedRaw(m: JourneyMilestone, outlook: Outlook): SnapshotRawEvent | null {
  if (!m.estimate) return null;
  const leg = m.leg === null ? null : outlook.legs[m.leg];
  return {
    ...m.estimate,
    timestamp: estimateOf(m.at, ARRIVALS.has(m.kind), outlook),
    estimated: true,
    vessel_imo: leg?.vessel.imo ?? null,
    vessel_name: leg?.vessel.name ?? null,
    voyage_number: leg?.voyageNumber ?? null,
    data_source: "shipping_line",
  };
}

/** A date as known at `now`: null before it is given, later once it has moved. */
function reveal(value: Revealed | null, now: number): string | null {
  if (value === null || now < value.knownAt) return null;
  return iso(value.at() + (value.moved && now >= value.moved.at ? value.moved.by : 0));
}

/** The latest availability the terminal (or ramp) reported by `now`. */
function availableNow(container: ContainerJourney, now: number): boolean {
  let available = false;
  for (const m of container.milestones) {
    if (m.at > now) break;
    if (m.kind === "available") available = true;
    else if (m.kind === "not_available") available = false;
  }
  return available && now < container.fullOutAt;
}

/** What the inland ramp reports once the box is off the train: no holds, and dwell fees past the rail's last free day. */
function rampAttributes(container: ContainerJourney, now: number): Partial<SnapshotContainerInput> {
  const lfd = container.lfdRail;
  if (!container.inland || lfd === null || now < lfd.knownAt) return {};
  const days = now < container.fullOutAt && now > lfd.at() ? Math.ceil((now - lfd.at()) / DAY) : 0;
  return { ind_facility_holds: [], ind_facility_fees: days > 0 ? [{ type: "extended_dwell_time", amount: days * container.demurragePerDay, currency_code: "USD" }] : [] };
}

function terminalAttributes(container: ContainerJourney, now: number): Partial<SnapshotContainerInput> {
  const reportsAvailability = container.terminalData || container.inland;
  const atTerminal = container.terminalData && now >= container.dischargedAt && now < container.leavesTerminalAt;
  const attributes: Partial<SnapshotContainerInput> = {
    pickup_lfd_line: reveal(container.lfdLine, now),
    pickup_lfd_terminal: reveal(container.lfdTerminal, now),
    pickup_lfd_rail: reveal(container.lfdRail, now),
  };
  if (reportsAvailability) {
    attributes.available_for_pickup = availableNow(container, now);
    attributes.pickup_appointment_at = reveal(container.appointment, now);
  }
  if (container.terminalData) attributes.location_at_pod_terminal = atTerminal ? container.yardSlot : null;
  if (container.terminalData && !container.inland) {
    const holds = container.holds;
    attributes.holds_at_pod_terminal = holds && now >= holds.from && now < holds.until ? holds.list : [];
    const from = container.demurrageFrom;
    const days = atTerminal && from !== null && now > from() ? Math.ceil((now - from()) / DAY) : 0;
    attributes.fees_at_pod_terminal = days > 0 ? [{ type: "demurrage", amount: days * container.demurragePerDay, currency_code: "USD" }] : [];
  }
  Object.assign(attributes, rampAttributes(container, now));
  return attributes;
}

/** The POD terminal the line names at `now`, when it names one. */
function podTerminalAt(journey: SimulatedJourney, now: number): { pod_terminal?: string } {
  const earlier = journey.earlierPodTerminal;
  if (earlier && now < earlier.until) return { pod_terminal: earlier.code };
  return journey.podTerminal ? { pod_terminal: journey.podTerminal } : {};
}

function containerAt(journey: SimulatedJourney, container: ContainerJourney, outlook: Outlook): SnapshotContainerInput {
  const { now } = outlook;
  const transportEvents: SnapshotTransportEvent[] = [];
  const rawEvents: SnapshotRawEvent[] = [];
  const estimates: SnapshotRawEvent[] = [];
  for (const m of container.milestones) {
    if (m.at <= now) {
      transportEvents.push(m.event);
      if (m.raw) rawEvents.push(m.raw);
    } else {
      const estimate = estimatedRaw(m, outlook);
      if (estimate) estimates.push(estimate);
    }
  }
  const [equipmentType, equipmentLength, equipmentHeight] = container.equipment;
  return {
    number: container.number,
    seal_number: container.seal,
    equipment_type: equipmentType,
    equipment_length: equipmentLength,
    equipment_height: equipmentHeight,
    weight_in_lbs: container.weightLbs,
    ...podTerminalAt(journey, now),
    ...terminalAttributes(container, now),
    pod_rail_carrier_scac: journey.railCarrierScac,
    ind_rail_carrier_scac: journey.railCarrierScac,
    ind_eta_at: container.inlandArrivalAt === null ? null : estimateOf(container.inlandArrivalAt, true, outlook),
    transport_events: transportEvents,
    raw_events: [...rawEvents, ...estimates],
  };
}

/**
 * What the simulated line reports for a journey at `now`: every milestone that has happened (in
 * journey order, unchanged from earlier snapshots), its estimates of what is still to come, and
 * the terminal's view of each box. Equal journeys and instants give deep-equal snapshots.
 */
export function snapshotAt(journey: SimulatedJourney, now: number): CarrierSnapshotInput {
  const outlook = outlookAt(journey, now);
  const first = journey.legs[0] as JourneyLeg;
  const last = journey.legs[journey.legs.length - 1] as JourneyLeg;
  const shownFirst = outlook.legs[0] as JourneyLeg;
  const shownLast = outlook.legs[outlook.legs.length - 1] as JourneyLeg;
  const inland = journey.inlandArrivals;
  return {
    shipment: {
      bill_of_lading_number: journey.billOfLading,
      port_of_lading_locode: journey.pol.code,
      port_of_discharge_locode: journey.pod.code,
      destination_locode: journey.destinationLocode,
      ...podTerminalAt(journey, now),
      pol_etd_at: iso(ceilHour(shownFirst.departAt)),
      pol_atd_at: first.departAt <= now ? iso(first.departAt) : null,
      pod_eta_at: estimateOf(last.arriveAt, true, outlook),
      pod_ata_at: last.arriveAt <= now ? iso(last.arriveAt) : null,
      destination_eta_at: inland ? estimateOf(inland.last, true, outlook) : null,
      destination_ata_at: inland && inland.first <= now ? iso(inland.first) : null,
      pod_vessel_imo: shownLast.vessel.imo,
      pod_vessel_name: shownLast.vessel.name,
      pod_voyage_number: shownLast.voyageNumber,
    },
    containers: journey.containers.map((container) => containerAt(journey, container, outlook)),
    vessels: vesselsAt(outlook.legs, journey.legs, now),
  };
}
