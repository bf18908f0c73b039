import { wireTimestamp } from "@bollard/core/jsonapi";
import { isBollardError, uuidv7 } from "@bollard/core";
import { portByLocode } from "@bollard/core/geo";
import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { trackerStorage } from "@bollard/core/storage";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const port = (locode: string) => portByLocode(locode)!;
/** A demo vessel with a reported position in the last week. */
const sailing = () => h.data.acme.vessels.find((v) => v.position_timestamp !== null && v.position_timestamp >= "2026-10-25T12:00:00.000Z")!;

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isBollardError(error)) throw new Error(`expected a BollardError, got ${String(error)}`);
  return error;
}

describe("GET /v2/vessels/{id}", () => {
  it("finds a vessel by IMO and by id, with no positions unless asked (as live), and last week's in time order when asked", async () => {
    const vessel = sailing();
    const bare = await h.request("GET", `/v2/vessels/${vessel.imo}`);
    expect(bare.status).toBe(200);
    expect(bare.body.data.attributes).not.toHaveProperty("positions");
    // One bound asks for them; the other keeps its default (from: 7 days before now).
    const byImo = await h.request("GET", `/v2/vessels/${vessel.imo}?show_positions[to_timestamp]=2026-11-01T12:00:00Z`);
    expect(byImo.status).toBe(200);
    expect(byImo.body.data).toMatchObject({ id: vessel.id, type: "vessel", attributes: { name: vessel.name, imo: vessel.imo, mmsi: vessel.mmsi, latitude: vessel.latitude } });
    expect(bare.body.links.self).toBe(`http://localhost/v2/vessels/${vessel.imo}`);
    const positions = byImo.body.data.attributes.positions as { timestamp: string; estimated: boolean }[];
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.every((p) => !p.estimated && p.timestamp >= "2026-10-25T12:00:00.000Z" && p.timestamp <= "2026-11-01T12:00:00.000Z")).toBe(true);
    expect(positions.map((p) => p.timestamp)).toEqual(positions.map((p) => p.timestamp).sort());
    const byId = await h.request("GET", `/v2/vessels/${vessel.id.toUpperCase()}?show_positions%5Bto_timestamp%5D=2026-11-01T12:00:00Z`);
    expect(byId.body.data.attributes).toEqual(byImo.body.data.attributes);
  });

  it("is global reference data: another account reads the same vessel", async () => {
    const vessel = sailing();
    const res = await h.request("GET", `/v2/vessels/${vessel.imo}`, { key: h.keys.other });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(vessel.id);
  });

  it("filters positions by show_positions[from_timestamp] and [to_timestamp]", async () => {
    const vessel = sailing();
    const res = await h.request("GET", `/v2/vessels/${vessel.id}?show_positions[from_timestamp]=2026-10-30T00:00:00Z&show_positions[to_timestamp]=2026-10-31T00:00:00%2B00:00`);
    expect(res.status).toBe(200);
    const stamps = res.body.data.attributes.positions.map((p: { timestamp: string }) => p.timestamp);
    expect(stamps.every((t: string) => t >= "2026-10-30T00:00:00.000Z" && t <= "2026-10-31T00:00:00.000Z")).toBe(true);
    const wide = await h.request("GET", `/v2/vessels/${vessel.id}?show_positions[from_timestamp]=2026-01-01T00:00:00Z`);
    expect(wide.body.data.attributes.positions.length).toBeGreaterThanOrEqual(res.body.data.attributes.positions.length);
  });

  it.each([
    ["show_positions[from_timestamp]", "show_positions[from_timestamp]=yesterday"],
    ["show_positions[to_timestamp]", "show_positions[to_timestamp]=2026-13-40T00:00:00Z"],
    ["show_positions[from_timestamp]", "show_positions[from_timestamp]=2026-11-01T00:00:00Z&show_positions[to_timestamp]=2026-10-01T00:00:00Z"],
  ])("answers 400 on %s for %s", async (parameter, query) => {
    const res = await h.request("GET", `/v2/vessels/${sailing().imo}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ status: "400", code: "invalid_parameter", source: { parameter } });
  });

  it.each(["abc", "12345678", "1234567", uuidv7()])("answers 404 for %s", async (id) => {
    const res = await h.request("GET", `/v2/vessels/${id}`);
    expect(res.status).toBe(404);
  });

  it("thins a dense window evenly to at most 2,000 positions, keeping the first and last", async () => {
    const vessel = h.data.acme.vessels[0]!;
    // A year of AIS reports every 2 minutes would be a 262,800-position response without the bound.
    const start = Date.parse("2026-10-25T00:00:00Z");
    const reports = Array.from({ length: 5_000 }, (_, i) => ({ imo: vessel.imo!, latitude: 10 + i / 10_000, longitude: 120, timestamp: new Date(start + i * 120_000).toISOString() }));
    for (let i = 0; i < reports.length; i += 1_000) await h.tracker.ingest.positions(reports.slice(i, i + 1_000));
    const window = `show_positions[from_timestamp]=${reports[0]!.timestamp}&show_positions[to_timestamp]=${reports.at(-1)!.timestamp}`;
    const res = await h.request("GET", `/v2/vessels/${vessel.imo}?${window}`);
    const positions = res.body.data.attributes.positions as { timestamp: string }[];
    expect(positions.length).toBeLessThanOrEqual(2_000);
    expect(positions.length).toBeGreaterThan(1_500);
    expect(positions[0]!.timestamp).toBe(wireTimestamp(reports[0]!.timestamp));
    expect(positions.at(-1)!.timestamp).toBe(wireTimestamp(reports.at(-1)!.timestamp));
    expect(positions.map((p) => p.timestamp)).toEqual(positions.map((p) => p.timestamp).sort());
  });

  it("needs a key and only allows GET", async () => {
    expect((await h.request("GET", `/v2/vessels/${sailing().imo}`, { key: null })).status).toBe(401);
    expect((await h.request("DELETE", `/v2/vessels/${sailing().imo}`)).status).toBe(405);
  });
});

describe("GET /v2/vessels/{id}/future_positions and future_positions_with_coordinates", () => {
  const query = (portId: string, previousId: string) => `port_id=${portId}&previous_port_id=${previousId}`;

  it("forecasts hourly from the vessel's position to the port along the sea route", async () => {
    const vessel = sailing();
    const res = await h.request("GET", `/v2/vessels/${vessel.id}/future_positions?${query(port("USLAX").id, port("CNSHA").id)}`);
    expect(res.status).toBe(200);
    expect(res.body.links.self).toContain(`/v2/vessels/${vessel.id}/future_positions?port_id=`);
    const positions = res.body.data.attributes.positions;
    expect(positions.every((p: { estimated: boolean }) => p.estimated)).toBe(true);
    expect(positions[0]).toMatchObject({ latitude: vessel.latitude, longitude: vessel.longitude, timestamp: "2026-11-01T12:00:00Z" });
    expect(positions.at(-1).latitude).toBeCloseTo(port("USLAX").latitude, 5);
    expect(positions.at(-1).longitude).toBeCloseTo(port("USLAX").longitude, 5);
    expect(Date.parse(positions[1].timestamp) - Date.parse(positions[0].timestamp)).toBe(3_600_000);
  });

  it("forecasts from given coordinates, across the antimeridian with longitudes in range", async () => {
    const vessel = sailing();
    const res = await h.request("GET", `/v2/vessels/${vessel.imo}/future_positions_with_coordinates?${query(port("USLAX").id, port("CNSHA").id)}&latitude=35.5&longitude=150.25`);
    expect(res.status).toBe(200);
    const positions = res.body.data.attributes.positions as { latitude: number; longitude: number }[];
    expect(positions[0]).toMatchObject({ latitude: 35.5, longitude: 150.25 });
    expect(positions.some((p) => p.longitude < -170) && positions.some((p) => p.longitude > 170)).toBe(true);
    expect(positions.every((p) => Math.abs(p.longitude) <= 180)).toBe(true);
  });

  it.each([
    ["port_id", (id: string) => `previous_port_id=${id}`],
    ["port_id", (id: string) => `port_id=${uuidv7()}&previous_port_id=${id}`],
    ["port_id", (id: string) => `port_id=USLAX&previous_port_id=${id}`],
    ["previous_port_id", (id: string) => `port_id=${id}`],
    ["previous_port_id", (id: string) => `port_id=${id}&previous_port_id=${uuidv7()}`],
  ])("answers 400 on %s when missing or unknown (%#)", async (parameter, make) => {
    const res = await h.request("GET", `/v2/vessels/${sailing().id}/future_positions?${make(port("USLAX").id)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ parameter });
  });

  it.each([
    ["latitude", "longitude=150"],
    ["latitude", "latitude=91&longitude=150"],
    ["longitude", "latitude=30&longitude=east"],
    ["longitude", "latitude=30&longitude=-180.5"],
  ])("answers 400 on %s for %s", async (parameter, coordinates) => {
    const res = await h.request("GET", `/v2/vessels/${sailing().id}/future_positions_with_coordinates?${query(port("USLAX").id, port("CNSHA").id)}&${coordinates}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ parameter });
  });

  it("answers 404 for an unknown vessel before looking at the query", async () => {
    expect((await h.request("GET", `/v2/vessels/${uuidv7()}/future_positions`)).status).toBe(404);
    expect((await h.request("GET", `/v2/vessels/not-a-vessel/future_positions_with_coordinates`)).status).toBe(404);
  });
});

describe("tracker.ingest.positions", () => {
  const report = (timestamp: string, extra: Record<string, unknown> = {}) => ({ latitude: 10, longitude: 120, speed_knots: 14, heading: 45, timestamp, ...extra });

  it("keeps reports in time order, skips duplicates, and moves the vessel to its newest report", async () => {
    const vessel = h.data.acme.vessels.at(-1)!;
    const imo = vessel.imo!;
    const result = await h.tracker.ingest.positions([
      report("2026-11-01T11:00:00Z", { imo, latitude: 13 }),
      report("2026-11-01T09:00:00Z", { imo, latitude: 11 }),
      report("2026-11-01T10:00:00+00:00", { imo, latitude: 12 }),
      report("2026-11-01T09:00:00Z", { imo, latitude: 99 - 90 }),
    ]);
    expect(result).toEqual({ received: 4, stored: 3, vesselsMoved: 1 });
    const read = async () => (await h.request("GET", `/v2/vessels/${imo}?show_positions[from_timestamp]=2026-11-01T08:30:00Z`)).body.data.attributes;
    let attributes = await read();
    expect(attributes.positions.map((p: { latitude: number }) => p.latitude)).toEqual([11, 12, 13]);
    expect(attributes).toMatchObject({ latitude: 13, longitude: 120, nautical_speed_knots: 14, navigational_heading_degrees: 45, position_timestamp: "2026-11-01T11:00:00Z" });
    expect(await h.tracker.ingest.positions([report("2026-11-01T08:45:00Z", { imo, latitude: 10.5 })])).toEqual({ received: 1, stored: 1, vesselsMoved: 0 });
    await h.tracker.ingest.positions([report("2026-11-01T11:30:00Z", { mmsi: vessel.mmsi, latitude: 14, speed_knots: null, heading: null })]);
    attributes = await read();
    expect(attributes.positions.map((p: { latitude: number }) => p.latitude)).toEqual([10.5, 11, 12, 13, 14]);
    expect(attributes).toMatchObject({ latitude: 14, nautical_speed_knots: null, navigational_heading_degrees: null, position_timestamp: "2026-11-01T11:30:00Z" });
  });

  it.each([
    [[0, "imo"], "reference_not_found", [report("2026-11-01T09:00:00Z", { imo: "9074729" })]],
    [[0, "mmsi"], "reference_not_found", [report("2026-11-01T09:00:00Z", { mmsi: "123456789" })]],
    [[1, "latitude"], "invalid", [report("2026-11-01T09:00:00Z", { imo: "9811000" }), report("2026-11-01T09:00:00Z", { imo: "9811000", latitude: 95 })]],
    [[0, "longitude"], "invalid", [report("2026-11-01T09:00:00Z", { imo: "9811000", longitude: -181 })]],
    [[0, "imo"], "invalid", [report("2026-11-01T09:00:00Z")]],
    [[0, "timestamp"], "invalid", [report("not a time", { imo: "9811000" })]],
    [[0, "timestamp"], "invalid", [report("2026-11-03T09:00:00Z", { imo: "9811000" })]],
  ])("rejects the whole batch with a 422 on %j (%s)", async (path, code, reports) => {
    const before = await trackerStorage(h.tracker).vesselPositions.listByVessel(h.data.acme.vessels.find((v) => v.imo === "9811000")?.id ?? "");
    const error = await rejection(h.tracker.ingest.positions(reports));
    expect(error).toMatchObject({ status: 422, code, path });
    expect(await trackerStorage(h.tracker).vesselPositions.listByVessel(h.data.acme.vessels.find((v) => v.imo === "9811000")?.id ?? "")).toEqual(before);
  });
});
