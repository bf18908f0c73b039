import { describe, expect, it } from "vitest";
import type { Container, Shipment, TransportEvent } from "../domain/index.js";
import { makeContainer, makeShipment, makeTransportEvent } from "../testing/fixtures.js";
import { exceptionConditions, type ExceptionFacts } from "./exception-conditions.js";
import { effectiveRules } from "./exception-thresholds.js";
import { makeExceptionRule } from "../testing/fixtures-exceptions.js";

const A = "0190a8f0-0000-7000-8000-0000000000aa";
const NOW = Date.parse("2026-06-10T12:00:00.000Z");
const h = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const d = (days: number) => h(days * 24);
const DEFAULTS = effectiveRules([]);

/** A shipment at sea, updated an hour ago, on time, with one box and no hold. */
function facts(shipment: Partial<Shipment> = {}, container: Partial<Container> = {}, extra: Partial<ExceptionFacts> = {}): ExceptionFacts {
  const s = makeShipment(A, { created_at: d(20), line_tracking_last_succeeded_at: h(1), pol_etd_at: d(10), pol_original_etd_at: d(10), pol_atd_at: d(10), pod_eta_at: d(-5), pod_original_eta_at: d(-5), pod_ata_at: null, ...shipment });
  const c = makeContainer(A, s.id, { holds_at_pod_terminal: [], pickup_lfd: null, ...container });
  return { shipment: s, containers: [c], ...extra };
}
const kinds = (f: ExceptionFacts, rules = DEFAULTS) => exceptionConditions(f, rules, NOW).map((c) => [c.kind, c.figures]);

describe("exceptionConditions", () => {
  it("finds nothing on a shipment at sea, updated an hour ago, on time", () => {
    expect(kinds(facts())).toEqual([]);
  });

  it("tracking_stale: 48 h without a successful update by default; at 47 h not yet", () => {
    expect(kinds(facts({ line_tracking_last_succeeded_at: h(47) }))).toEqual([]);
    expect(kinds(facts({ line_tracking_last_succeeded_at: h(48) }))).toEqual([["tracking_stale", { hours_since_update: 48, threshold_hours: 48, last_succeeded_at: h(48) }]]);
    // Never succeeded: counted from when Bollard first saw it.
    expect(kinds(facts({ line_tracking_last_succeeded_at: null, created_at: h(50) }))[0]).toEqual(["tracking_stale", { hours_since_update: 50, threshold_hours: 48, last_succeeded_at: null }]);
  });

  it("eta_slipped: more than 24 h later than the first ETA, on the worse leg not yet arrived", () => {
    expect(kinds(facts({ pod_eta_at: d(-6), pod_original_eta_at: d(-5) }))).toEqual([]);
    const late = exceptionConditions(facts({ pod_eta_at: h(-172), pod_original_eta_at: h(-120) }), DEFAULTS, NOW);
    expect(late.map((c) => [c.kind, c.figures.delay_hours, c.figures.leg])).toEqual([["eta_slipped", 52, "pod"]]);
    expect(late[0]!.detail).toContain("52 h later than first reported");
    expect(kinds(facts({ pod_eta_at: h(-172), pod_original_eta_at: h(-120), pod_ata_at: h(1) }))).toEqual([]);
    const inland = kinds(facts({ destination_eta_at: d(-10), destination_original_eta_at: d(-7), destination_ata_at: null }));
    expect(inland.map(([kind, f]) => [kind, (f as Record<string, unknown>).leg, (f as Record<string, unknown>).delay_hours])).toEqual([["eta_slipped", "destination", 72]]);
  });

  it("rolled_over: the departure moved 48 h or more before sailing; clears once departed or arrived", () => {
    const rolled = { pol_atd_at: null, pol_original_etd_at: d(1), pol_etd_at: d(-6) };
    expect(kinds(facts(rolled)).map(([kind, f]) => [kind, (f as Record<string, unknown>).moved_hours])).toEqual([["rolled_over", 168]]);
    expect(kinds(facts({ ...rolled, pol_etd_at: h(-23) }))).toEqual([]);
    expect(kinds(facts({ ...rolled, pol_atd_at: d(0) }))).toEqual([]);
  });

  it("transshipment_dwell: 7 days at a transshipment port, until loaded again", () => {
    const c = makeContainer(A, "0190a8f0-0000-7000-8000-0000000000bb", { holds_at_pod_terminal: [] });
    const event = (name: TransportEvent["event"], days: number) => makeTransportEvent(A, c.shipment_id, c.id, { event: name, timestamp: d(days), location_locode: "SGSIN" });
    const waiting = facts({}, { id: c.id }, { transshipmentEvents: new Map([[c.id, [event("container.transport.transshipment_discharged", 8)]]]) });
    expect(kinds(waiting).map(([kind, f]) => [kind, (f as Record<string, unknown>).days_at_transshipment, (f as Record<string, unknown>).location_locode])).toEqual([["transshipment_dwell", 8, "SGSIN"]]);
    const moved = facts({}, { id: c.id }, { transshipmentEvents: new Map([[c.id, [event("container.transport.transshipment_discharged", 8), event("container.transport.transshipment_loaded", 1)]]]) });
    expect(kinds(moved)).toEqual([]);
  });

  it("hold_too_long: a hold in place 3 days (from when it was seen, else discharge), until released or picked up", () => {
    const held = { holds_at_pod_terminal: [{ name: "customs" as const, status: "hold" as const, description: "" }], pod_discharged_at: d(4) };
    expect(kinds(facts({ pod_ata_at: d(5) }, held)).map(([kind, f]) => [kind, (f as Record<string, unknown>).days_on_hold])).toEqual([["hold_too_long", 4]]);
    const f = facts({ pod_ata_at: d(5) }, held);
    expect(kinds({ ...f, holdsSince: new Map([[f.containers[0]!.id, d(2)]]) })).toEqual([]);
    expect(kinds(facts({ pod_ata_at: d(5) }, { ...held, pod_full_out_at: d(0) }))).toEqual([]);
  });

  it("last_free_day_passed: the day after the last free day, in the port's zone, until picked up", () => {
    // 2026-06-09 in New York; now is 08:00 on 10 June there.
    const box = { pickup_lfd: "2026-06-09T04:00:00.000Z", pod_discharged_at: d(6), pod_timezone: "America/New_York" };
    const zoned = (instant: string, zone: string) => Math.floor((Date.parse(instant) + (zone === "America/New_York" ? -4 : 0) * 3_600_000) / 86_400_000);
    const found = exceptionConditions(facts({ pod_ata_at: d(7) }, box), DEFAULTS, NOW, zoned);
    expect(found.map((c) => [c.kind, c.figures])).toEqual([["last_free_day_passed", { last_free_day: "2026-06-09", days_past: 1, threshold_days: 0 }]]);
    expect(exceptionConditions(facts({ pod_ata_at: d(7) }, { ...box, pickup_lfd: "2026-06-10T04:00:00.000Z" }), DEFAULTS, NOW, zoned)).toEqual([]);
    expect(exceptionConditions(facts({ pod_ata_at: d(7) }, { ...box, pod_full_out_at: d(0) }), DEFAULTS, NOW, zoned)).toEqual([]);
    const grace = effectiveRules([makeExceptionRule(A, { kind: "last_free_day_passed", threshold_hours: null, threshold_days: 1 })]);
    expect(exceptionConditions(facts({ pod_ata_at: d(7) }, box), grace, NOW, zoned)).toEqual([]);
  });

  it("empty_not_returned: 7 days after full out (at the final destination when there is one), until the empty is back", () => {
    expect(kinds(facts({ pod_ata_at: d(12) }, { pod_full_out_at: d(8) })).map(([kind, f]) => [kind, (f as Record<string, unknown>).days_since_full_out])).toEqual([["empty_not_returned", 8]]);
    expect(kinds(facts({ pod_ata_at: d(12) }, { pod_full_out_at: d(8), final_destination_full_out_at: d(3) }))).toEqual([]);
    expect(kinds(facts({ pod_ata_at: d(12) }, { pod_full_out_at: d(8), empty_terminated_at: d(1) }))).toEqual([]);
  });

  it("a disabled rule raises nothing, a stored threshold replaces the default, and a stopped shipment has no conditions", () => {
    const stale = { line_tracking_last_succeeded_at: h(30) };
    expect(kinds(facts(stale))).toEqual([]);
    expect(kinds(facts(stale), effectiveRules([makeExceptionRule(A, { kind: "tracking_stale", threshold_hours: 24 })]))[0]?.[0]).toBe("tracking_stale");
    expect(kinds(facts({ line_tracking_last_succeeded_at: h(60) }), effectiveRules([makeExceptionRule(A, { kind: "tracking_stale", threshold_hours: 24, enabled: false })]))).toEqual([]);
    expect(kinds(facts({ line_tracking_last_succeeded_at: h(60), line_tracking_stopped_at: h(1) }))).toEqual([]);
  });
});
