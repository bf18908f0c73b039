import { isDeepStrictEqual } from "node:util";
import type { Container, DomainEvent, RawEvent, Shipment, TrackingRequest, TransportEvent } from "../domain/index.js";
import { withContainerDelays, withShipmentDelays } from "../eta/eta-delay.js";
import { withPrediction, type PlanForecast } from "./arrival-prediction.js";
import { blankContainer, deriveContainer } from "./container-derivation.js";
import { dateBefore, dateChangeEvents } from "./date-change-events.js";
import { rawEventFields, rawEventKeys, transportEventKey, transportEventRecord, type DataProvider, type EventContext } from "./event-records.js";
import { resolveTerminal } from "./locations.js";
import { applyShipmentFields, newShipment } from "./shipment-fields.js";
import type { CarrierSnapshot, SnapshotContainer } from "./snapshot-schema.js";

/** What is stored for a tracked shipment before a snapshot is applied. */
export interface StoredState {
  /** The shipment, or null before its first snapshot. */
  shipment: Shipment | null;
  /** Its containers. */
  containers: Container[];
  /** Its containers' transport events. */
  transportEvents: TransportEvent[];
  /** Its containers' raw events. */
  rawEvents: RawEvent[];
}

/** What planning needs besides the stored state and the snapshot. */
export interface PlanContext {
  /** The tracking request the snapshot answers. */
  trackingRequest: TrackingRequest;
  /** The current time (ISO timestamp), stamped on new and changed records. */
  now: string;
  /** Mints ids for new records. */
  newId: () => string;
  /** The id of the known vessel with this IMO number, or null. */
  vesselIdByImo: (imo: string) => string | null;
  /** What predicting the arrival needs (see `withPrediction`); without it the stored prediction is kept. */
  forecast?: PlanForecast;
}

/** The writes a snapshot causes, and the domain events they record. Empty when nothing changed. */
export interface SnapshotPlan {
  /** The shipment after the snapshot. */
  shipment: Shipment;
  /** True when the shipment is created by this snapshot. */
  shipmentIsNew: boolean;
  /** True when the shipment must be written. */
  shipmentChanged: boolean;
  /** Containers seen for the first time. */
  containersToInsert: Container[];
  /** Containers whose fields changed. */
  containersToUpdate: Container[];
  /** Transport events not stored yet. */
  transportEvents: TransportEvent[];
  /** Raw events not stored yet. */
  rawEventsToInsert: RawEvent[];
  /** Stored raw events that changed (an estimate moved or became actual). */
  rawEventsToUpdate: RawEvent[];
  /** The domain events the changes record. */
  domainEvents: DomainEvent[];
}

/** The container attributes whose changes are announced as `container.updated` (with a changeset). */
const WATCHED = ["available_for_pickup", "pickup_lfd", "fees_at_pod_terminal", "holds_at_pod_terminal", "pickup_appointment_at"] as const;
const DEADLINES = ["pickup_lfd_line", "pickup_lfd_terminal", "pickup_lfd_rail"] as const;
const CARRIER_FIELDS = [
  "seal_number", "equipment_type", "equipment_length", "equipment_height", "weight_in_lbs", "available_for_pickup", "location_at_pod_terminal",
  "pickup_appointment_at", "holds_at_pod_terminal", "fees_at_pod_terminal", "pod_rail_carrier_scac", "ind_rail_carrier_scac", "ind_eta_at",
  "ind_facility_holds", "ind_facility_fees",
] as const;

/**
 * Plans what a carrier snapshot changes for one tracked shipment: a pure function of the stored
 * state, so applying the same snapshot twice plans nothing the second time. New milestones,
 * changed container attributes and ETA moves each record their domain event; changed last free
 * days, appointments and estimates are also stored as transport events (see `dateChangeEvents`).
 */
export function planSnapshot(state: StoredState, snapshot: CarrierSnapshot, ctx: PlanContext): SnapshotPlan {
  const { now, newId, vesselIdByImo } = ctx;
  const base = state.shipment ?? newShipment(ctx.trackingRequest, { id: newId(), now, billOfLading: snapshot.shipment.bill_of_lading_number });
  const applied = withShipmentDelays(applyShipmentFields(base, snapshot.shipment, vesselIdByImo), state.shipment);
  const fields = ctx.forecast ? withPrediction(applied, state.shipment, snapshot, ctx.forecast, now) : applied;
  const shipmentChanged = state.shipment === null || !isDeepStrictEqual(fields, state.shipment);
  const shipment = shipmentChanged && state.shipment ? { ...fields, updated_at: now } : fields;
  const domainEvents: DomainEvent[] = [];
  const record = (event: Omit<DomainEvent, "id" | "account_id" | "shipment_id" | "tracking_request_id" | "created_at">) =>
    domainEvents.push({ id: newId(), account_id: shipment.account_id, shipment_id: shipment.id, tracking_request_id: ctx.trackingRequest.id, created_at: now, ...event });

  const previousEta = state.shipment?.pod_eta_at ?? null;
  if (previousEta !== null && shipment.pod_eta_at !== previousEta) {
    const id = newId();
    record({
      event: "shipment.estimated.arrival", container_id: null, reference_object_type: "estimated_event", reference_object_id: id, occurred_at: now,
      data: { estimated_timestamp: shipment.pod_eta_at, previous_timestamp: previousEta, location_locode: shipment.port_of_discharge_locode, voyage_number: shipment.pod_voyage_number, timezone: shipment.pod_timezone },
    });
  }

  const plan: SnapshotPlan = { shipment, shipmentIsNew: state.shipment === null, shipmentChanged, containersToInsert: [], containersToUpdate: [], transportEvents: [], rawEventsToInsert: [], rawEventsToUpdate: [], domainEvents };
  const inland = shipment.destination_type === "metro_area" || (shipment.destination_locode !== null && shipment.destination_locode !== shipment.port_of_discharge_locode);
  const derivation = { polLocode: shipment.port_of_lading_locode, podLocode: shipment.port_of_discharge_locode, podTimezone: shipment.pod_timezone, inland, destinationTimezone: shipment.destination_timezone };
  const eventContext: EventContext = { vesselIdByImo, inlandLocode: shipment.destination_type === "metro_area" ? shipment.destination_locode : null };
  const provider: DataProvider = { code: shipment.shipping_line_scac, name: shipment.shipping_line_short_name };
  const storedByNumber = new Map(state.containers.map((c) => [c.number, c]));

  for (const reported of snapshot.containers) {
    const stored = storedByNumber.get(reported.number) ?? null;
    const container = stored ?? blankContainer({ id: newId(), account_id: shipment.account_id, shipment_id: shipment.id, number: reported.number, created_at: now });
    const owner = { account_id: shipment.account_id, shipment_id: shipment.id, container_id: container.id, created_at: now };
    const storedEvents = state.transportEvents.filter((e) => e.container_id === container.id);
    const rawEvents = planRawEvents(plan, state.rawEvents.filter((e) => e.container_id === container.id), reported, { ...owner, newId, eventContext, provider, partial: snapshot.partial });
    const known = new Set(storedEvents.map(transportEventKey));
    // The latest version of each milestone (name, place, voyage): a new time for it replaces it.
    const latest = new Map(storedEvents.map((e) => [milestoneKey(e), e]));
    const added: TransportEvent[] = [];
    for (const event of reported.transport_events) {
      const key = transportEventKey(event);
      if (known.has(key)) continue;
      known.add(key);
      const record = transportEventRecord(event, { id: newId(), ...owner }, eventContext, latest.get(milestoneKey(event))?.id ?? null);
      record.raw_event_id = sourceEventOf(record, rawEvents)?.id ?? null;
      latest.set(milestoneKey(record), record);
      added.push(record);
    }
    plan.transportEvents.push(...added);

    const allEvents = [...storedEvents, ...added].sort((a, b) => (a.timestamp ?? "~").localeCompare(b.timestamp ?? "~") || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const derived = withContainerDelays(deriveContainer(withCarrierFields(container, reported), allEvents, derivation), stored, shipment);
    // The rail carrier is asked along with the line: its data counts as requested when it changed anything.
    const railAsked = (reported.pod_rail_carrier_scac ?? reported.ind_rail_carrier_scac ?? null) !== null && (!stored || added.length > 0 || !isDeepStrictEqual(derived, stored));
    const next = railAsked ? { ...derived, rail_last_tracking_request_at: now } : derived;
    if (!stored) {
      plan.containersToInsert.push(next);
      record({ event: "container.created", container_id: next.id, reference_object_type: "container_created_event", reference_object_id: newId(), occurred_at: now, data: { timestamp: now, timezone: next.pod_timezone } });
    } else if (!isDeepStrictEqual(next, stored)) {
      plan.containersToUpdate.push({ ...next, updated_at: now });
      const changeset = containerChangeset(stored, next);
      if (Object.keys(changeset).length > 0) {
        record({ event: "container.updated", container_id: next.id, reference_object_type: "container_updated_event", reference_object_id: newId(), occurred_at: now, data: { changeset, timestamp: now, timezone: next.pod_timezone, data_source: "terminal" } });
      }
      if (stored.pod_terminal_id !== next.pod_terminal_id) {
        record({ event: "container.pod_terminal_changed", container_id: next.id, reference_object_type: "container_pod_terminal_changed_event", reference_object_id: newId(), occurred_at: now, data: { timestamp: now, data_source: "shipping_line", terminal_id: next.pod_terminal_id } });
      }
    }
    // Moved deadlines, appointments and estimates are announced as transport events carrying the new date.
    const before = stored && state.shipment ? { container: stored, shipment: state.shipment } : null;
    const dated = dateChangeEvents({ before, after: { container: next, shipment } }, owner, newId);
    plan.transportEvents.push(...dated);
    for (const event of added) {
      record({ event: event.event, container_id: next.id, reference_object_type: "transport_event", reference_object_id: event.id, occurred_at: event.timestamp ?? now, data: {} });
    }
    for (const event of dated) {
      // The date before and after, so a webhook can skip small moves (`min_eta_change_hours`, `min_lfd_change_hours`).
      const data = { value: event.value, previous_value: dateBefore(event.event, before) };
      record({ event: event.event, container_id: next.id, reference_object_type: "transport_event", reference_object_id: event.id, occurred_at: now, data });
    }
  }
  return plan;
}

/** Whether a plan writes anything at all. */
export function planIsEmpty(plan: SnapshotPlan): boolean {
  return !plan.shipmentChanged && plan.containersToInsert.length + plan.containersToUpdate.length + plan.transportEvents.length + plan.rawEventsToInsert.length + plan.rawEventsToUpdate.length === 0;
}

function withCarrierFields(container: Container, reported: SnapshotContainer): Container {
  const next: Container = { ...container };
  for (const key of CARRIER_FIELDS) {
    const value = reported[key];
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  if (reported.available_for_pickup !== undefined) next.availability_known = true;
  const deadlines = { ...next.import_deadlines };
  for (const key of DEADLINES) if (reported[key] !== undefined) deadlines[key] = reported[key] ?? null;
  next.import_deadlines = deadlines;
  if (reported.pod_terminal !== undefined) {
    const terminal = resolveTerminal(reported.pod_terminal);
    next.pod_terminal_id = terminal?.type === "terminal" ? terminal.id : null;
    next.pickup_facility_id = next.pod_terminal_id;
  }
  return next;
}

function containerChangeset(before: Container, after: Container): Record<string, [unknown, unknown]> {
  const changeset: Record<string, [unknown, unknown]> = {};
  for (const key of WATCHED) if (!isDeepStrictEqual(before[key], after[key])) changeset[key] = [before[key], after[key]];
  for (const key of DEADLINES) {
    if (before.import_deadlines[key] !== after.import_deadlines[key]) changeset[key] = [before.import_deadlines[key], after.import_deadlines[key]];
  }
  if (before.pod_terminal_id !== after.pod_terminal_id) changeset.pod_terminal = [before.pod_terminal_id, after.pod_terminal_id];
  return changeset;
}

/** A milestone's identity across versions: its name, place and voyage, not its time. */
const milestoneKey = (e: { event: string; location_locode?: string | null; voyage_number?: string | null }) => `${e.event}|${e.location_locode ?? ""}|${e.voyage_number ?? ""}`;

/** The raw event name a transport event is the milestone of (`container.transport.full_in` is `full_in`). */
const rawNameOf = (event: string) => {
  const name = event.replace(/^container\.transport\./, "");
  return name === "arrived_at_inland_destination" ? "arrived_at_destination" : name;
};

/** The carrier event line a milestone was derived from: an actual raw event of the same name, place and time. */
function sourceEventOf(event: TransportEvent, rawEvents: readonly RawEvent[]): RawEvent | undefined {
  const name = rawNameOf(event.event);
  return rawEvents.find((raw) => !raw.estimated && raw.event === name && raw.timestamp === event.timestamp && raw.location_locode === event.location_locode);
}

/**
 * Whether a reported version of a stored raw event is older than it, by the times the source
 * issued them: issued before the stored version, or an estimate issued before the stored actual.
 * Versions without an issue time are never stale (a source that gives none reports its current picture).
 */
function isStale(reported: Pick<RawEvent, "estimated" | "reported_at">, stored: RawEvent): boolean {
  if (reported.reported_at === null || stored.reported_at === null) return false;
  if (reported.estimated && !stored.estimated) return true;
  return reported.reported_at < stored.reported_at;
}

/**
 * Plans a container's raw events and returns them as they will be stored. A stored estimate the
 * carrier no longer reports (its list is not empty) is withdrawn: `invalidated_at` is stamped.
 */
function planRawEvents(
  plan: SnapshotPlan,
  stored: readonly RawEvent[],
  reported: SnapshotContainer,
  ctx: { account_id: string; shipment_id: string; container_id: string; created_at: string; newId: () => string; eventContext: EventContext; provider: DataProvider; partial: boolean },
): RawEvent[] {
  const ordered = [...stored].sort((a, b) => a.index - b.index);
  const storedKeys = rawEventKeys(ordered);
  const storedByKey = new Map(storedKeys.map((key, i) => [key, ordered[i]!]));
  let nextIndex = ordered.length === 0 ? 0 : ordered.at(-1)!.index + 1;
  const keys = rawEventKeys(reported.raw_events);
  const result = new Map<string, RawEvent>(storedKeys.map((key, i) => [key, ordered[i]!]));
  reported.raw_events.forEach((event, i) => {
    const fields = rawEventFields(event, ctx.eventContext, ctx.provider);
    const existing = storedByKey.get(keys[i]!);
    if (!existing) {
      const { newId, eventContext: _e, provider: _p, partial: _partial, ...owner } = ctx;
      const inserted: RawEvent = { id: newId(), ...owner, index: nextIndex++, ...fields, updated_at: null };
      plan.rawEventsToInsert.push(inserted);
      result.set(keys[i]!, inserted);
      return;
    }
    if (isStale(fields, existing)) return;
    const changed: RawEvent = { ...existing, ...fields };
    if (isDeepStrictEqual(changed, existing)) return;
    const updated: RawEvent = { ...changed, updated_at: ctx.created_at };
    result.set(keys[i]!, updated);
    plan.rawEventsToUpdate.push(updated);
  });
  if (reported.raw_events.length > 0 && !ctx.partial) {
    const reportedKeys = new Set(keys);
    storedKeys.forEach((key, i) => {
      const event = ordered[i]!;
      if (reportedKeys.has(key) || !event.estimated || event.invalidated_at !== null) return;
      const withdrawn: RawEvent = { ...event, invalidated_at: ctx.created_at, updated_at: ctx.created_at };
      result.set(key, withdrawn);
      plan.rawEventsToUpdate.push(withdrawn);
    });
  }
  return [...result.values()];
}
