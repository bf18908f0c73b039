import type { ExceptionKind, ShipmentException } from "../domain/exception-schema.js";
import type { ExceptionCondition } from "./exception-conditions.js";
import type { EffectiveRules } from "./exception-thresholds.js";

/** The exceptions an evaluation raises and clears: the records to insert and the records to update. */
export interface ExceptionChanges {
  /** New open exceptions. */
  raised: ShipmentException[];
  /** Open exceptions whose condition stopped holding, now cleared. */
  cleared: ShipmentException[];
}

/** One evaluated shipment: its conditions now, and whether it is still followed. */
export interface EvaluatedShipment {
  /** The shipment's id. */
  shipment_id: string;
  /** The conditions that hold. */
  conditions: readonly ExceptionCondition[];
  /** False when tracking stopped or every empty is back. */
  active: boolean;
}

const CLEARED: Readonly<Record<ExceptionKind, string>> = {
  tracking_stale: "The carrier's data was updated",
  eta_slipped: "The ETA is back within the threshold, or the leg arrived",
  rolled_over: "The shipment departed on its new sailing, or the departure moved back",
  transshipment_dwell: "The container left the transshipment port",
  hold_too_long: "The hold was released, or the container left the terminal",
  last_free_day_passed: "The container was picked up, or its last free day moved",
  empty_not_returned: "The empty was returned",
};

const sameCondition = (exception: ShipmentException, condition: ExceptionCondition) => exception.kind === condition.kind && exception.container_id === condition.container_id;

/**
 * Compares the conditions of evaluated shipments with their open exceptions (pure): a condition
 * with no open exception raises one (with its detail and figures as they are now); an open
 * exception whose condition no longer holds is cleared, with why. An open exception whose condition
 * still holds is left as it is, and so is one of a shipment not evaluated. `newId` gives the ids of
 * raised records.
 */
export function reconcileExceptions(accountId: string, evaluated: readonly EvaluatedShipment[], open: readonly ShipmentException[], rules: EffectiveRules, now: string, newId: () => string): ExceptionChanges {
  const openOf = new Map<string, ShipmentException[]>();
  for (const exception of open) {
    const list = openOf.get(exception.shipment_id);
    if (list) list.push(exception);
    else openOf.set(exception.shipment_id, [exception]);
  }
  const raised: ShipmentException[] = [];
  const cleared: ShipmentException[] = [];
  for (const shipment of evaluated) {
    const opened = openOf.get(shipment.shipment_id);
    shipment.conditions.forEach((condition, i) => {
      // One exception per kind and container: a repeated condition, or one already open, raises none.
      if (opened?.some((exception) => sameCondition(exception, condition)) || shipment.conditions.findIndex((other) => other.kind === condition.kind && other.container_id === condition.container_id) !== i) return;
      raised.push({
        id: newId(), account_id: accountId, shipment_id: shipment.shipment_id, container_id: condition.container_id, kind: condition.kind, status: "open",
        raised_at: now, cleared_at: null, detail: condition.detail, figures: condition.figures, cleared_detail: null, created_at: now, updated_at: now,
      });
    });
    if (!opened) continue;
    const seen = new Set<ShipmentException>();
    for (const exception of opened) {
      // A second open exception of the same condition (written by a concurrent pass) is cleared as a duplicate.
      const holds = shipment.conditions.some((condition) => sameCondition(exception, condition)) && ![...seen].some((other) => other.kind === exception.kind && other.container_id === exception.container_id);
      seen.add(exception);
      if (holds) continue;
      const why = !shipment.active ? "The shipment is no longer followed (tracking stopped, or every empty returned)" : !rules[exception.kind].enabled ? "The rule was disabled" : CLEARED[exception.kind];
      cleared.push({ ...exception, status: "cleared", cleared_at: now, cleared_detail: why, updated_at: now });
    }
  }
  return { raised, cleared };
}
