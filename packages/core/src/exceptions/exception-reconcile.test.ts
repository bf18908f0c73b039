import { describe, expect, it } from "vitest";
import { makeExceptionRule, makeShipmentException } from "../testing/fixtures-exceptions.js";
import type { ExceptionCondition } from "./exception-conditions.js";
import { reconcileExceptions } from "./exception-reconcile.js";
import { effectiveRules } from "./exception-thresholds.js";

const A = "0190a8f0-0000-7000-8000-0000000000aa";
const S1 = "0190a8f0-0000-7000-8000-000000000001";
const S2 = "0190a8f0-0000-7000-8000-000000000002";
const NOW = "2026-06-10T12:00:00.000Z";
const ids = () => {
  let n = 0;
  return () => `0190a8f0-0000-7000-8000-${String(++n).padStart(12, "9")}`;
};
const slipped: ExceptionCondition = { kind: "eta_slipped", container_id: null, detail: "ETA 52 h later", figures: { delay_hours: 52 } };

describe("reconcileExceptions", () => {
  it("raises a condition with no open exception, leaves one that still holds, clears one that stopped", () => {
    const stillOpen = makeShipmentException(A, S1, { kind: "eta_slipped" });
    const stopped = makeShipmentException(A, S1, { kind: "rolled_over" });
    const { raised, cleared } = reconcileExceptions(A, [{ shipment_id: S1, active: true, conditions: [slipped] }, { shipment_id: S2, active: true, conditions: [slipped] }], [stillOpen, stopped], effectiveRules([]), NOW, ids());
    expect(raised).toEqual([{ id: expect.any(String), account_id: A, shipment_id: S2, container_id: null, kind: "eta_slipped", status: "open", raised_at: NOW, cleared_at: null, detail: "ETA 52 h later", figures: { delay_hours: 52 }, cleared_detail: null, created_at: NOW, updated_at: NOW }]);
    expect(cleared).toEqual([{ ...stopped, status: "cleared", cleared_at: NOW, updated_at: NOW, cleared_detail: "The shipment departed on its new sailing, or the departure moved back" }]);
  });

  it("says why: a disabled rule, an inactive shipment; and decides nothing on shipments it did not evaluate", () => {
    const a = makeShipmentException(A, S1, { kind: "tracking_stale" });
    const b = makeShipmentException(A, S2, { kind: "eta_slipped" });
    const other = makeShipmentException(A, "0190a8f0-0000-7000-8000-000000000003");
    const rules = effectiveRules([makeExceptionRule(A, { kind: "tracking_stale", threshold_hours: 48, enabled: false })]);
    const { raised, cleared } = reconcileExceptions(A, [{ shipment_id: S1, active: true, conditions: [] }, { shipment_id: S2, active: false, conditions: [] }], [a, b, other], rules, NOW, ids());
    expect(raised).toEqual([]);
    expect(cleared.map((e) => [e.id, e.cleared_detail])).toEqual([[a.id, "The rule was disabled"], [b.id, "The shipment is no longer followed (tracking stopped, or every empty returned)"]]);
  });
});
