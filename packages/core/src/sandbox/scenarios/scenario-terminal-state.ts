import type { ContainerFee, ContainerHold } from "../../domain/index.js";
import type { CarrierSnapshotInput } from "../../tracking/snapshot-schema.js";
import type { ScenarioDateChange, ScenarioDocument, ScenarioFee, ScenarioHold } from "./scenario-document.js";
import type { ScriptedEvent } from "./scenario-events.js";
import { requireOffset } from "./scenario-offset.js";

type SnapshotContainerInput = CarrierSnapshotInput["containers"][number];

const appliesTo = (entry: { containers?: readonly string[] | undefined }, container: string): boolean =>
  entry.containers === undefined || entry.containers.includes(container);

/** The date set by the latest change reported by `elapsed` (null before the first, or when cleared). */
function dateAt(changes: readonly ScenarioDateChange[] | undefined, container: string, elapsed: number, startMs: number): string | null {
  let value: string | null = null;
  for (const change of changes ?? []) {
    if (requireOffset(change.at) > elapsed) break;
    if (appliesTo(change, container)) value = change.value === null ? null : new Date(startMs + requireOffset(change.value)).toISOString();
  }
  return value;
}

const inForce = (from: string, until: string | undefined, elapsed: number): boolean =>
  requireOffset(from) <= elapsed && (until === undefined || elapsed < requireOffset(until));

function holdsAt(holds: readonly ScenarioHold[], facility: "pod_terminal" | "inland", container: string, elapsed: number): ContainerHold[] {
  return holds
    .filter((hold) => (hold.facility ?? "pod_terminal") === facility && appliesTo(hold, container) && inForce(hold.placed, hold.released, elapsed))
    .map((hold) => ({ name: hold.name, status: hold.status ?? "hold", description: hold.description ?? "" }));
}

function feesAt(fees: readonly ScenarioFee[], facility: "pod_terminal" | "inland", container: string, elapsed: number): ContainerFee[] {
  return fees
    .filter((fee) => (fee.facility ?? "pod_terminal") === facility && appliesTo(fee, container) && inForce(fee.from, fee.until, elapsed))
    .map((fee) => ({ type: fee.type, amount: fee.amount, currency_code: fee.currency_code ?? "USD" }));
}

/** Whether the box is available for pickup: as the latest `available` / `not_available` said, until it leaves (full out or by rail). */
function availableAt(events: readonly ScriptedEvent[], elapsed: number): boolean {
  let available = false;
  for (const scripted of events) {
    if (scripted.offsetMs > elapsed) break;
    const name = scripted.event.event;
    if (name === "container.transport.available") available = true;
    else if (name === "container.transport.not_available" || name === "container.transport.full_out" || name === "container.transport.rail_loaded") available = false;
  }
  return available;
}

/**
 * What the terminals report for one box `elapsed` milliseconds after the start: availability,
 * holds and fees in force, the latest last free days and pickup appointment. `events` are the
 * box's own scripted events, in order.
 */
export function terminalStateAt(doc: ScenarioDocument, container: string, events: readonly ScriptedEvent[], elapsed: number, startMs: number): Partial<SnapshotContainerInput> {
  const holds = doc.holds ?? [];
  const fees = doc.fees ?? [];
  const lfd = doc.last_free_days;
  return {
    available_for_pickup: availableAt(events, elapsed),
    holds_at_pod_terminal: holdsAt(holds, "pod_terminal", container, elapsed),
    fees_at_pod_terminal: feesAt(fees, "pod_terminal", container, elapsed),
    pickup_lfd_line: dateAt(lfd?.line, container, elapsed, startMs),
    pickup_lfd_terminal: dateAt(lfd?.terminal, container, elapsed, startMs),
    pickup_lfd_rail: dateAt(lfd?.rail, container, elapsed, startMs),
    pickup_appointment_at: dateAt(doc.pickup_appointments, container, elapsed, startMs),
    ...(doc.rail ? { ind_facility_holds: holdsAt(holds, "inland", container, elapsed), ind_facility_fees: feesAt(fees, "inland", container, elapsed) } : {}),
  };
}
