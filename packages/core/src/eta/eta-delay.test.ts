import { describe, expect, it } from "vitest";
import { makeContainer, makeShipment } from "../testing/fixtures.js";
import { delayHours, withContainerDelays, withShipmentDelays } from "./eta-delay.js";

const ACCOUNT = "0190a8f0-0000-7000-8000-00000000e7a0";

describe("delayHours", () => {
  it("is the current arrival (actual, else estimate) minus the baseline, in hours to one decimal", () => {
    expect(delayHours(null, "2026-03-10T12:00:00.000Z", "2026-03-08T12:00:00.000Z")).toBe(48);
    expect(delayHours("2026-03-10T06:30:00.000Z", "2026-03-10T12:00:00.000Z", "2026-03-08T12:00:00.000Z")).toBe(42.5);
    expect(delayHours(null, "2026-03-08T10:20:00.000Z", "2026-03-08T12:00:00.000Z")).toBe(-1.7);
    expect(delayHours(null, null, "2026-03-08T12:00:00.000Z")).toBeNull();
    expect(delayHours(null, "2026-03-08T12:00:00.000Z", null)).toBeNull();
    // Never -0: stored as 0, it would read back unequal to itself and rewrite the record on every refresh.
    expect(Object.is(delayHours(null, "2026-03-08T11:59:58.000Z", "2026-03-08T12:00:00.000Z"), 0)).toBe(true);
  });
});

describe("withShipmentDelays", () => {
  const booked = makeShipment(ACCOUNT, {
    pol_atd_at: null,
    pod_eta_at: "2026-03-20T08:00:00.000Z",
    pod_original_eta_at: "2026-03-18T08:00:00.000Z",
    destination_eta_at: "2026-03-25T08:00:00.000Z",
    destination_original_eta_at: "2026-03-24T20:00:00.000Z",
    pod_ata_at: null,
    destination_ata_at: null,
  });

  it("measures against the first ETA, and has no departure baseline before the departure", () => {
    const shipment = withShipmentDelays(booked, null);
    expect(shipment).toMatchObject({
      pod_eta_delay_hours: 48, pod_departure_eta_at: null, pod_eta_departure_delay_hours: null,
      destination_eta_delay_hours: 12, destination_departure_eta_at: null, destination_eta_departure_delay_hours: null,
    });
  });

  it("takes the ETAs of the refresh that first reports the departure as the departure baselines, and keeps them", () => {
    const departed = withShipmentDelays({ ...booked, pol_atd_at: "2026-03-02T10:00:00.000Z", pod_eta_at: "2026-03-21T08:00:00.000Z" }, booked);
    expect(departed).toMatchObject({ pod_departure_eta_at: "2026-03-21T08:00:00.000Z", pod_eta_departure_delay_hours: 0, pod_eta_delay_hours: 72, destination_departure_eta_at: "2026-03-25T08:00:00.000Z" });
    // A day later the line adds 30 hours; once in, the actual arrival counts.
    const later = withShipmentDelays({ ...departed, pod_eta_at: "2026-03-22T14:00:00.000Z" }, departed);
    expect(later).toMatchObject({ pod_departure_eta_at: "2026-03-21T08:00:00.000Z", pod_eta_departure_delay_hours: 30, pod_eta_delay_hours: 102 });
    const arrived = withShipmentDelays({ ...later, pod_ata_at: "2026-03-22T09:15:00.000Z" }, later);
    expect(arrived).toMatchObject({ pod_eta_departure_delay_hours: 25.3, pod_eta_delay_hours: 97.3 });
  });

  it("takes a shipment first tracked at sea's first ETAs as its departure baselines", () => {
    const atSea = withShipmentDelays({ ...booked, pol_atd_at: "2026-03-02T10:00:00.000Z", pod_original_eta_at: "2026-03-20T08:00:00.000Z" }, null);
    expect(atSea).toMatchObject({ pod_departure_eta_at: "2026-03-20T08:00:00.000Z", pod_eta_departure_delay_hours: 0, pod_eta_delay_hours: 0 });
  });
});

describe("withContainerDelays", () => {
  it("carries the shipment's POD leg and measures the inland leg against its own first and departure ETAs", () => {
    const shipment = { pod_eta_delay_hours: 24, pod_eta_departure_delay_hours: 6 };
    const box = makeContainer(ACCOUNT, "0190a8f0-0000-7000-8000-00000000e7a1", { ind_eta_at: "2026-04-01T00:00:00.000Z", pol_vessel_departed_at: null, ind_ata_at: null });
    const first = withContainerDelays(box, null, shipment);
    expect(first).toMatchObject({ pod_eta_delay_hours: 24, pod_eta_departure_delay_hours: 6, ind_original_eta_at: "2026-04-01T00:00:00.000Z", ind_departure_eta_at: null, ind_eta_delay_hours: 0 });
    const departed = withContainerDelays({ ...first, pol_vessel_departed_at: "2026-03-02T10:00:00.000Z", ind_eta_at: "2026-04-02T12:00:00.000Z" }, first, shipment);
    expect(departed).toMatchObject({ ind_departure_eta_at: "2026-04-02T12:00:00.000Z", ind_eta_delay_hours: 36, ind_eta_departure_delay_hours: 0 });
    const railed = withContainerDelays({ ...departed, ind_ata_at: "2026-04-03T00:00:00.000Z" }, departed, shipment);
    expect(railed).toMatchObject({ ind_eta_delay_hours: 48, ind_eta_departure_delay_hours: 12 });
  });
});
