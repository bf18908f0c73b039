import type { ExceptionRule, ShipmentException } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { nowTimestamp } from "./fixture-values.js";

/** An enabled `eta_slipped` rule of the account at 24 hours (the stored shape, every field written out). */
export function makeExceptionRule(accountId: string, overrides: Partial<ExceptionRule> = {}): ExceptionRule {
  const now = nowTimestamp();
  return { id: uuidv7(), account_id: accountId, kind: "eta_slipped", threshold_hours: 24, threshold_days: null, enabled: true, created_at: now, updated_at: now, ...overrides };
}

/** An open `eta_slipped` exception of a shipment, raised now, with its figures. */
export function makeShipmentException(accountId: string, shipmentId: string, overrides: Partial<ShipmentException> = {}): ShipmentException {
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    shipment_id: shipmentId,
    container_id: null,
    kind: "eta_slipped",
    status: "open",
    raised_at: now,
    cleared_at: null,
    detail: "ETA at the port of discharge 52 h later than first reported",
    figures: { delay_hours: 52, threshold_hours: 24, leg: "pod" },
    cleared_detail: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
