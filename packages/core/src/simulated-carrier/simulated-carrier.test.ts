import { describe, expect, it } from "vitest";
import { DAY, HOUR, ceilHour, iso } from "../demo/zoned-time.js";
import type { RequestType } from "../domain/index.js";
import { isContainerNumber } from "../domain/validators.js";
import { allShippingLines } from "../reference/index.js";
import type { CarrierRequest, CarrierResult } from "../tracking/carrier-source.js";
import { CarrierSnapshotSchema, type CarrierSnapshot } from "../tracking/snapshot-schema.js";
import { SCENARIO_NUMBERS, simulatedCarrier } from "./index.js";

const REQUESTED_AT = Date.parse("2025-03-01T00:00:00.000Z");
const TYPES: readonly RequestType[] = ["bill_of_lading", "booking_number", "container"];

const request = (number: string, scac = "TEST", type: RequestType = "bill_of_lading", attempt = 0): CarrierRequest => ({
  tracking_request_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  request_type: type,
  request_number: number,
  scac,
  requested_at: iso(REQUESTED_AT),
  attempt,
});

const carrier = simulatedCarrier();
const at = (days: number): { now: Date } => ({ now: new Date(REQUESTED_AT + days * DAY) });

async function found(req: CarrierRequest, days: number): Promise<CarrierSnapshot> {
  const result = await carrier.fetch(req, at(days));
  if (result.status !== "found") throw new Error(`expected found, got ${JSON.stringify(result)}`);
  return CarrierSnapshotSchema.parse(result.snapshot);
}

const eventsNamed = (snapshot: CarrierSnapshot, name: string) =>
  snapshot.containers.flatMap((container) => container.transport_events.filter((event) => event.event === `container.transport.${name}`));

describe("simulatedCarrier().supports", () => {
  it("supports every shipping line of the reference data, TEST included, and nothing else", () => {
    for (const line of allShippingLines()) expect(carrier.supports(line.scac), line.scac).toBe(true);
    expect(carrier.supports("TEST")).toBe(true);
    expect(carrier.supports("MEDU")).toBe(true);
    expect(carrier.supports("maeu")).toBe(true);
    expect(carrier.supports("XXXX")).toBe(false);
    expect(carrier.supports("UALC")).toBe(false);
  });
});

describe("simulatedCarrier().fetch", () => {
  it("is deterministic: the same request at the same instant gives deep-equal snapshots, cached or not", async () => {
    for (const number of ["TEST-TR-SUCCEEDED", "TEST-42", "MAEU123456789"]) {
      for (const days of [-2, 3, 20, 45]) {
        const req = request(number, number.startsWith("MAEU") ? "MAEU" : "TEST");
        const first = await carrier.fetch(req, at(days));
        expect(await carrier.fetch(req, at(days))).toEqual(first);
        expect(await simulatedCarrier().fetch(req, at(days))).toEqual(first);
      }
    }
  });

  it("gives schema-valid snapshots for many numbers, carriers, request types and instants", async () => {
    const scacs = ["TEST", ...allShippingLines().map((line) => line.scac).filter((scac) => scac !== "TEST")];
    for (let i = 0; i < 120; i += 1) {
      const scac = scacs[i % scacs.length] as string;
      const type = TYPES[i % 2] as RequestType;
      for (const days of [-12, 0, 4, 11, 19, 33, 47, 60, 120]) {
        const result = await carrier.fetch(request(`${scac}N${1000 + i * 7919}`, scac, type), at(days));
        expect(result.status).toBe("found");
        if (result.status === "found") expect(() => CarrierSnapshotSchema.parse(result.snapshot)).not.toThrow();
      }
    }
  });

  it("anchors the first departure between 10 days before and 5 days after requested_at", async () => {
    let alreadyAtSea = 0;
    for (let i = 0; i < 60; i += 1) {
      const snapshot = await found(request(`TEST-ANCHOR-${i}`), 30);
      const departed = Date.parse(snapshot.shipment.pol_atd_at ?? "");
      expect(departed).toBeGreaterThanOrEqual(REQUESTED_AT - 10 * DAY);
      expect(departed).toBeLessThanOrEqual(REQUESTED_AT + 5 * DAY + 7 * DAY); // + a week when rolled over
      if (departed < REQUESTED_AT) alreadyAtSea += 1;
    }
    expect(alreadyAtSea).toBeGreaterThan(0);
  });

  it("revises ETAs along the way for some numbers, ending on the actual arrival", async () => {
    let revised = 0;
    for (let i = 0; i < 40; i += 1) {
      const req = request(`TEST-ETA-${i}`);
      const etas = new Set<string | null | undefined>();
      for (let days = -12; days <= 90; days += 1) etas.add((await found(req, days)).shipment.pod_eta_at);
      const last = await found(req, 90);
      expect(last.shipment.pod_eta_at).toBe(iso(ceilHour(Date.parse(last.shipment.pod_ata_at ?? ""))));
      if (etas.size > 1) revised += 1;
    }
    expect(revised).toBeGreaterThan(5);
  }, 30_000);

  it("tracks the requested container alone for container requests", async () => {
    const snapshot = await found(request("csqu 305438-3", "MAEU", "container"), 25);
    expect(snapshot.containers.map((container) => container.number)).toEqual(["CSQU3054383"]);
    const test = await found(request("TEST-TR-SUCCEEDED", "TEST", "container"), 25);
    expect(test.containers).toHaveLength(1);
    expect(isContainerNumber(test.containers[0]?.number ?? "")).toBe(true);
    expect(await carrier.fetch(request("CSQU3054384", "MAEU", "container"), at(1))).toEqual({ status: "not_found", reason: "invalid_number" });
  });

  it("numbers the containers of bills in the carrier's owner-code style, one to six of them", async () => {
    const counts = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const snapshot = await found(request(`MAEU2${String(10_000_000 + i)}`, "MAEU"), 10);
      counts.add(snapshot.containers.length);
      for (const container of snapshot.containers) expect(container.number).toMatch(/^(MSKU|MRKU|MRSU|TGHU|TCNU|TCLU|TEMU|SEGU|FCIU)\d{7}$/);
    }
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(6);
    expect(counts.size).toBeGreaterThan(2);
  });

  it("answers not_found for other carriers' numbers containing NOTFOUND", async () => {
    expect(await carrier.fetch(request("MAEUNOTFOUND1", "MAEU"), at(1))).toEqual({ status: "not_found", reason: "not_found" });
    expect(await carrier.fetch(request("X", "XXXX"), at(1))).toEqual({ status: "not_found", reason: "not_found" });
  });

  it("waits latencyMs before answering", async () => {
    const slow = simulatedCarrier({ latencyMs: 30 });
    const started = performance.now();
    await slow.fetch(request("TEST-TR-SUCCEEDED"), at(1));
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("fails a deterministic fraction of attempts with failureRate", async () => {
    const flaky = simulatedCarrier({ failureRate: 0.5 });
    const results: CarrierResult[] = [];
    for (let i = 0; i < 400; i += 1) results.push(await flaky.fetch(request(`TEST-RATE-${i}`), at(3)));
    const transient = results.filter((result) => result.status === "transient").length;
    expect(transient).toBeGreaterThan(140);
    expect(transient).toBeLessThan(260);
    expect(await flaky.fetch(request("TEST-RATE-7"), at(3))).toEqual(results[7]);
    const always = simulatedCarrier({ failureRate: 1 });
    expect((await always.fetch(request("TEST-TR-SUCCEEDED"), at(3))).status).toBe("transient");
    expect(() => simulatedCarrier({ failureRate: 2 })).toThrow(RangeError);
  });
});

describe("scenario numbers", () => {
  it("documents every scenario number", () => {
    expect(SCENARIO_NUMBERS.map((scenario) => scenario.number)).toEqual([
      "TEST-TR-SUCCEEDED", "TEST-TR-FAILED", "TEST-TR-AWAITING-MANIFEST", "TEST-TR-ROLLOVER", "TEST-TR-CUSTOMS-HOLD",
      "TEST-TR-RAIL", "TEST-TR-RETRIES-EXHAUSTED", "TEST-TR-FLAKY", "TEST-TR-CANCELLED",
      "TEST-TR-FEEDER", "TEST-TR-DELIVERED", "TEST-TR-LFD-CHANGES", "TEST-TR-POD-TERMINAL-CHANGE", "TEST-TR-RAIL-LFD-CHANGES",
    ]);
  });

  it.each(TYPES)("TEST-TR-SUCCEEDED is a normal journey and TEST-TR-FAILED is not found (%s)", async (type) => {
    const snapshot = await found(request("TEST-TR-SUCCEEDED", "TEST", type), 90);
    expect(eventsNamed(snapshot, "empty_in")).toHaveLength(snapshot.containers.length);
    expect(await carrier.fetch(request("TEST-TR-FAILED", "TEST", type), at(1))).toEqual({ status: "not_found", reason: "not_found" });
    expect(await carrier.fetch(request("test-tr-cancelled", "TEST", type), at(1))).toEqual({ status: "not_found", reason: "booking_cancelled" });
  });

  it("other TEST numbers are normal journeys of their own", async () => {
    const own = await found(request("TEST-ANYTHING"), 30);
    const succeeded = await found(request("TEST-TR-SUCCEEDED"), 30);
    expect(own.containers[0]?.number).not.toBe(succeeded.containers[0]?.number);
  });

  it("TEST-TR-AWAITING-MANIFEST is awaiting the manifest for 2 days, then found", async () => {
    const req = request("TEST-TR-AWAITING-MANIFEST");
    expect(await carrier.fetch(req, at(0))).toEqual({ status: "not_found", reason: "awaiting_manifest" });
    expect(await carrier.fetch(req, { now: new Date(REQUESTED_AT + 2 * DAY - 1) })).toEqual({ status: "not_found", reason: "awaiting_manifest" });
    const snapshot = await found(req, 2);
    expect(Date.parse(snapshot.shipment.pol_etd_at ?? "")).toBeGreaterThan(REQUESTED_AT + 2 * DAY);
  });

  it("TEST-TR-RETRIES-EXHAUSTED never answers; TEST-TR-FLAKY answers from the third attempt", async () => {
    for (let attempt = 0; attempt < 15; attempt += 1) {
      expect(await carrier.fetch(request("TEST-TR-RETRIES-EXHAUSTED", "TEST", "bill_of_lading", attempt), at(1))).toMatchObject({
        status: "transient", reason: "shipping_line_unreachable",
      });
    }
    for (const attempt of [0, 1]) expect((await carrier.fetch(request("TEST-TR-FLAKY", "TEST", "booking_number", attempt), at(1))).status).toBe("transient");
    expect((await carrier.fetch(request("TEST-TR-FLAKY", "TEST", "booking_number", 2), at(1))).status).toBe("found");
  });

  it("TEST-TR-ROLLOVER misses its first vessel: the estimates switch sailing and move a week later", async () => {
    const req = request("TEST-TR-ROLLOVER");
    const before = await found(req, 1);
    const after = await found(req, 5.5);
    const etdOf = (snapshot: CarrierSnapshot) => snapshot.containers[0]?.raw_events.find((raw) => raw.estimated && raw.event === "vessel_departed");
    expect(Date.parse(after.shipment.pod_eta_at ?? "") - Date.parse(before.shipment.pod_eta_at ?? "")).toBe(7 * DAY);
    expect(Date.parse(after.shipment.pol_etd_at ?? "") - Date.parse(before.shipment.pol_etd_at ?? "")).toBe(7 * DAY);
    expect(etdOf(after)?.voyage_number).not.toBe(etdOf(before)?.voyage_number);
    expect(after.shipment.pod_voyage_number).not.toBe(before.shipment.pod_voyage_number);
    // Gated in for the first vessel, not loaded on it.
    expect(eventsNamed(after, "full_in")).toHaveLength(after.containers.length);
    expect(eventsNamed(after, "vessel_loaded")).toHaveLength(0);
    const sailed = await found(req, 40);
    expect(eventsNamed(sailed, "vessel_loaded")[0]?.voyage_number).toBe(etdOf(after)?.voyage_number);
  });

  it("TEST-TR-CUSTOMS-HOLD holds every box by customs for 3 days after discharge, then releases it", async () => {
    const req = request("TEST-TR-CUSTOMS-HOLD");
    const late = await found(req, 120);
    for (const [i, container] of late.containers.entries()) {
      const discharged = Date.parse(container.transport_events.find((event) => event.event.endsWith(".vessel_discharged"))?.timestamp ?? "");
      const held = await found(req, (discharged + DAY - REQUESTED_AT) / DAY);
      expect(held.containers[i]?.holds_at_pod_terminal).toEqual([{ name: "customs", status: "hold", description: "" }]);
      expect(held.containers[i]?.available_for_pickup).toBe(false);
      const released = await found(req, (discharged + 3 * DAY + HOUR - REQUESTED_AT) / DAY);
      expect(released.containers[i]?.holds_at_pod_terminal).toEqual([]);
      expect(released.containers[i]?.available_for_pickup).toBe(true);
      expect(released.containers[i]?.transport_events.at(-1)?.event).toBe("container.transport.available");
    }
  });

  it("TEST-TR-RAIL goes by rail to an inland destination", async () => {
    const req = request("TEST-TR-RAIL");
    const early = await found(req, 0);
    expect(early.shipment.destination_locode).toMatch(/^US(CHI|DET)$/);
    expect(early.shipment.destination_eta_at).not.toBeNull();
    expect(early.containers[0]?.pod_rail_carrier_scac).toMatch(/^(UP|BNSF|NSRR)$/);
    expect(early.containers[0]?.ind_eta_at).not.toBeNull();
    const late = await found(req, 120);
    expect(late.shipment.destination_ata_at).not.toBeNull();
    for (const name of ["rail_loaded", "rail_departed", "rail_arrived", "arrived_at_inland_destination", "rail_unloaded"]) {
      expect(eventsNamed(late, name)).toHaveLength(late.containers.length);
    }
    expect(eventsNamed(late, "arrived_at_inland_destination")[0]?.location_locode).toBe(late.shipment.destination_locode);
  });

  /** Each day's snapshot of a request, from the request to 120 days after. */
  async function daily(number: string): Promise<CarrierSnapshot[]> {
    const snapshots: CarrierSnapshot[] = [];
    for (let days = 0; days <= 120; days += 0.25) snapshots.push(await found(request(number), days));
    return snapshots;
  }

  /** The distinct values a container attribute took, in order, across snapshots. */
  const valuesOf = (snapshots: readonly CarrierSnapshot[], read: (container: CarrierSnapshot["containers"][number]) => unknown, index = 0): unknown[] =>
    snapshots.map((snapshot) => read(snapshot.containers[index]!)).filter((value, i, all) => i === 0 || value !== all[i - 1]);

  it("TEST-TR-FEEDER carries the boxes to the hub on a feeder: feeder_loaded, departed, arrived, discharged, then transshipment", async () => {
    const late = await found(request("TEST-TR-FEEDER"), 120);
    const names = late.containers[0]!.transport_events.map((event) => event.event.replace("container.transport.", ""));
    expect(names.slice(2, 8)).toEqual(["feeder_loaded", "feeder_departed", "feeder_arrived", "feeder_discharged", "transshipment_loaded", "transshipment_departed"]);
    expect(names).not.toContain("vessel_loaded");
    expect(late.containers[0]!.raw_events.filter((raw) => raw.event?.startsWith("feeder_")).map((raw) => raw.event)).toEqual(["feeder_loaded", "feeder_departed", "feeder_arrived", "feeder_discharged"]);
  });

  it("TEST-TR-DELIVERED reports each box delivered after its full out and before its empty return", async () => {
    const late = await found(request("TEST-TR-DELIVERED"), 120);
    for (const container of late.containers) {
      const names = container.transport_events.map((event) => event.event.replace("container.transport.", ""));
      expect(names.slice(-3)).toEqual(["full_out", "delivered", "empty_in"]);
      expect(container.raw_events.some((raw) => raw.event === "delivered" && !raw.estimated)).toBe(true);
    }
  });

  it("TEST-TR-LFD-CHANGES extends the line and terminal last free days, reschedules the appointment and revises the ETA twice", async () => {
    const snapshots = await daily("TEST-TR-LFD-CHANGES");
    const [line, terminal, appointment] = [
      valuesOf(snapshots, (c) => c.pickup_lfd_line), valuesOf(snapshots, (c) => c.pickup_lfd_terminal), valuesOf(snapshots, (c) => c.pickup_appointment_at),
    ];
    for (const values of [line, terminal, appointment]) {
      expect(values).toHaveLength(3);
      expect(values[0]).toBeNull();
      expect(Date.parse(values[2] as string)).toBeGreaterThan(Date.parse(values[1] as string));
    }
    expect(Date.parse(line[2] as string) - Date.parse(line[1] as string)).toBe(2 * DAY);
    expect(Date.parse(terminal[2] as string) - Date.parse(terminal[1] as string)).toBe(DAY);
    expect(Date.parse(appointment[2] as string) - Date.parse(appointment[1] as string)).toBe(2 * HOUR);
    expect(new Set(snapshots.map((snapshot) => snapshot.shipment.pod_eta_at)).size).toBe(3);
  });

  it("TEST-TR-RAIL-LFD-CHANGES extends the rail last free day and revises the inland ETA", async () => {
    const snapshots = await daily("TEST-TR-RAIL-LFD-CHANGES");
    expect(snapshots[0]!.shipment.destination_locode).not.toBeNull();
    const rail = valuesOf(snapshots, (c) => c.pickup_lfd_rail);
    expect(rail).toHaveLength(3);
    expect(Date.parse(rail[2] as string) - Date.parse(rail[1] as string)).toBe(DAY);
    expect(new Set(snapshots.map((snapshot) => snapshot.containers[0]!.ind_eta_at)).size).toBe(3);
  });

  it("TEST-TR-POD-TERMINAL-CHANGE first names another terminal of the port, then the one the boxes arrive at", async () => {
    const snapshots = await daily("TEST-TR-POD-TERMINAL-CHANGE");
    const terminals = valuesOf(snapshots, (c) => c.pod_terminal);
    expect(terminals).toHaveLength(2);
    const late = snapshots.at(-1)!;
    expect(late.shipment.pod_terminal).toBe(terminals[1]);
    expect(eventsNamed(late, "vessel_discharged")[0]?.terminal).toBe(terminals[1]);
  });
});
