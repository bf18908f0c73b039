import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

const UNKNOWN = "0190a8f0-0000-7000-8000-000000000000";
const tariffDocument = (attributes: Record<string, unknown>) => ({ data: { type: "tariff", attributes } });
const RULE = {
  name: "Atlantic import demurrage at Los Angeles",
  charge_type: "demurrage",
  carrier_scacs: ["ACLU"],
  port_locodes: ["USLAX"],
  valid_from: "2026-01-01",
  free_time_starts: "discharge",
  charge_ends: "full_out",
  free_days: 4,
  rates: [
    { from_day: 1, to_day: 3, rate: "100.00", currency: "USD" },
    { from_day: 4, to_day: null, rate: "175.50", currency: "USD" },
  ],
};

describe.each(STORAGES)("demurrage over HTTP on %s storage", (_name, makeStorage) => {
  let h: Harness;
  let containerId: string;
  beforeAll(async () => {
    h = await createHarness({ storage: makeStorage() });
    // Discharged at Los Angeles on Tuesday 20 October 2026, 13:00 local time; the harness's clock is 1 November 2026, 12:00Z.
    const { shipmentId } = await h.tracker.ingest.snapshot({
      accountId: h.accounts.acme.id,
      scac: "ACLU",
      snapshot: {
        shipment: { bill_of_lading_number: "ACLU26LAX001", port_of_lading_locode: "CNSHA", port_of_discharge_locode: "USLAX" },
        containers: [{ number: "ACLU1234569", equipment_type: "dry", equipment_length: 40, transport_events: [{ event: "container.transport.vessel_discharged", timestamp: "2026-10-20T20:00:00Z", location_locode: "USLAX", data_source: "terminal" }] }],
      },
    });
    const shipment = await h.request("GET", `/v2/shipments/${shipmentId}`);
    containerId = shipment.body.data.relationships.containers.data[0].id;
  });

  it("creates a rule with every default filled, reads, lists, changes and deletes it", async () => {
    const created = await h.request("POST", "/v2/tariffs", { body: tariffDocument({ ...RULE, name: "Scratch rule" }) });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ id, type: "tariff", links: { self: `/v2/tariffs/${id}` } });
    expect(created.body.data.attributes).toEqual({
      ...RULE,
      name: "Scratch rule",
      format: 1,
      sample: false,
      kind: "tariff",
      direction: "import",
      terminal_ids: [],
      customer_names: [],
      equipment_types: [],
      equipment_lengths: [],
      valid_to: null,
      first_free_day: "next_day",
      day_count_type: "calendar",
      weekend_days: ["saturday", "sunday"],
      holiday_calendar: null,
      closures: [],
      created_at: "2026-11-01T12:00:00Z",
      updated_at: "2026-11-01T12:00:00Z",
    });
    expect((await h.request("GET", `/v2/tariffs/${id}`, { key: h.keys.viewer })).body.data.attributes.name).toBe("Scratch rule");
    const changed = await h.request("PATCH", `/v2/tariffs/${id}`, { body: { data: { type: "tariff", id, attributes: { free_days: 7, holiday_calendar: { country: "US", state: "CA" } } } } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ free_days: 7, holiday_calendar: { country: "US", state: "CA" }, name: "Scratch rule" });
    // Oldest first, ties (one clock instant) by id: the new rule's place among the demo's depends on its id, so the whole list is read.
    const list = await h.request("GET", "/v2/tariffs?page[size]=100");
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: { id: string }) => t.id)).toContain(id);
    expect((await h.request("DELETE", `/v2/tariffs/${id}`)).status).toBe(204);
    expect((await h.request("GET", `/v2/tariffs/${id}`)).status).toBe(404);
    expect((await h.request("DELETE", `/v2/tariffs/${id}`)).status).toBe(404);
  });

  it.each([
    [{ ...RULE, rates: [{ from_day: 1, to_day: 3, rate: "100", currency: "USD" }, { from_day: 5, to_day: null, rate: "150", currency: "USD" }] }, "/data/attributes/rates/1/from_day"],
    [{ ...RULE, rates: [{ from_day: 1, to_day: null, rate: "100", currency: "USD" }, { from_day: 2, to_day: null, rate: "150", currency: "USD" }] }, "/data/attributes/rates/0/to_day"],
    [{ ...RULE, rates: [{ from_day: 1, to_day: 2, rate: "100", currency: "USD" }, { from_day: 3, to_day: null, rate: "150", currency: "EUR" }] }, "/data/attributes/rates/1/currency"],
    [{ ...RULE, rates: [{ from_day: 1, to_day: null, rate: "1e3", currency: "USD" }] }, "/data/attributes/rates/0/rate"],
    [{ ...RULE, valid_to: "2025-12-31" }, "/data/attributes/valid_to"],
    [{ ...RULE, charge_ends: "discharge" }, "/data/attributes/charge_ends"],
    [{ ...RULE, holiday_calendar: { country: "ZZ" } }, "/data/attributes/holiday_calendar"],
    [{ ...RULE, free_days: -1 }, "/data/attributes/free_days"],
    [{ ...RULE, free_time_starts: "arrival" }, "/data/attributes/free_time_starts"],
    [{ ...RULE, surcharge: "5" }, "/data/attributes/surcharge"],
  ])("refuses a rule that breaks the format with 422 on its pointer (%#)", async (attributes, pointer) => {
    const res = await h.request("POST", "/v2/tariffs", { body: tariffDocument(attributes) });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
  });

  it("keeps rules to their account and writes to editors", async () => {
    const mine = (await h.request("POST", "/v2/tariffs", { body: tariffDocument({ ...RULE, name: "Mine" }) })).body.data.id;
    expect((await h.request("GET", `/v2/tariffs/${mine}`, { key: h.keys.other })).status).toBe(404);
    expect((await h.request("PATCH", `/v2/tariffs/${mine}`, { key: h.keys.other, body: tariffDocument({ free_days: 1 }) })).status).toBe(404);
    expect((await h.request("DELETE", `/v2/tariffs/${mine}`, { key: h.keys.other })).status).toBe(404);
    expect((await h.request("POST", "/v2/tariffs", { key: h.keys.viewer, body: tariffDocument(RULE) })).status).toBe(403);
    expect((await h.request("DELETE", `/v2/tariffs/${mine}`, { key: h.keys.viewer })).status).toBe(403);
    expect((await h.request("GET", `/v2/tariffs/${UNKNOWN}`)).status).toBe(404);
    expect((await h.request("DELETE", `/v2/tariffs/${mine}`)).status).toBe(204);
  });

  it("works a container's demurrage out from the rule, and it grows by the tier's rate each day the clock moves", async () => {
    const rule = (await h.request("POST", "/v2/tariffs", { body: tariffDocument(RULE) })).body.data.id;
    const res = await h.request("GET", `/v2/containers/${containerId}/demurrage`, { key: h.keys.viewer });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: containerId, type: "container_demurrage", relationships: { container: { data: { id: containerId, type: "container" } } } });
    const attributes = res.body.data.attributes;
    // Free 21–24 October (calendar days from the day after discharge); charged 25 October to 1 November: 3 × 100.00 + 5 × 175.50.
    expect(attributes).toMatchObject({ as_of: "2026-11-01", last_free_day: "2026-10-24", last_free_day_basis: "tariff", last_free_day_charge_type: "demurrage" });
    expect(attributes.charges).toHaveLength(1);
    expect(attributes.charges[0]).toMatchObject({
      charge_type: "demurrage",
      status: "charging",
      tariff_id: rule,
      started_on: "2026-10-20",
      time_zone: "America/Los_Angeles",
      charged_days: 8,
      accrued: { amount: "1177.50", currency: "USD" },
      daily_rate_now: { amount: "175.50", currency: "USD" },
      projected_through: "2026-11-08",
      projected: { amount: "2406.00", currency: "USD" },
      free_days_remaining: 0,
    });
    expect(attributes.charges[0].working.slice(0, 5).map((day: { date: string; status: string }) => `${day.date} ${day.status}`)).toEqual(["2026-10-21 free", "2026-10-22 free", "2026-10-23 free", "2026-10-24 free", "2026-10-25 charged"]);
    h.clock.advance(86_400_000);
    const tomorrow = (await h.request("GET", `/v2/containers/${containerId}/demurrage`, { key: h.keys.viewer })).body.data.attributes;
    expect(tomorrow.as_of).toBe("2026-11-02");
    expect(tomorrow.charges[0].accrued).toEqual({ amount: "1353.00", currency: "USD" });
    const asked = await h.request("GET", `/v2/containers/${containerId}/demurrage?projected_through=2026-11-03`);
    expect(asked.body.data.attributes.charges[0]).toMatchObject({ projected_through: "2026-11-03", projected: { amount: "1528.50", currency: "USD" } });
    expect((await h.request("GET", `/v2/containers/${containerId}/demurrage?projected_through=next+week`)).status).toBe(400);
    expect((await h.request("GET", `/v2/containers/${containerId}/demurrage`, { key: h.keys.other })).status).toBe(404);
    expect((await h.request("DELETE", `/v2/tariffs/${rule}`)).status).toBe(204);
    // Without it, the demo account's sample rule for 40' dry boxes applies.
    const sample = (await h.request("GET", `/v2/containers/${containerId}/demurrage`)).body.data.attributes;
    expect(sample.charges.map((c: { tariff_name: string }) => c.tariff_name)).toEqual(["Sample: import demurrage, 40' and 45' dry and special"]);
  });

  it("adds up the money at risk by carrier, as JSON:API and as CSV", async () => {
    const rule = (await h.request("POST", "/v2/tariffs", { body: tariffDocument(RULE) })).body.data.id;
    const at = (await h.request("GET", `/v2/containers/${containerId}/demurrage`)).body.data.attributes.charges[0];
    const res = await h.request("GET", "/v2/demurrage_exposure?group_by=carrier");
    expect(res.status).toBe(200);
    const group = res.body.data.find((g: { id: string }) => g.id === "carrier:ACLU");
    expect(group).toEqual({
      id: "carrier:ACLU",
      type: "demurrage_exposure",
      attributes: { group_by: "carrier", key: "ACLU", containers: 1, charging: 1, free_time_ending: 0, accrued: [at.accrued], projected: [at.projected], unpriced_charges: 0 },
    });
    const csv = await h.app.request("/v2/demurrage_exposure?group_by=carrier&format=csv", { headers: { authorization: `Token ${h.keys.editor}` } });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)], "a byte order mark, as every CSV export has").toStrictEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("group_by,key,containers,charging,free_time_ending,unpriced_charges,currency,accrued,projected");
    expect(lines).toContain(`carrier,ACLU,1,1,0,0,USD,${at.accrued.amount},${at.projected.amount}`);
    const one = await h.request("GET", `/v2/demurrage_exposure?group_by=container&filter[container_id]=${containerId}`);
    expect(one.body.data.map((g: { id: string }) => g.id)).toEqual([`container:${containerId}`]);
    expect(one.body.data[0].attributes).toMatchObject({ accrued: [at.accrued], projected: [at.projected] });
    expect((await h.request("GET", "/v2/demurrage_exposure?filter[container_id]=not-an-id")).status).toBe(400);
    expect((await h.request("GET", "/v2/demurrage_exposure?group_by=vessel")).status).toBe(400);
    expect((await h.request("GET", "/v2/demurrage_exposure?ending_within_days=99")).status).toBe(400);
    await h.request("DELETE", `/v2/tariffs/${rule}`);
  });
});
