import { beforeAll, describe, expect, it } from "vitest";
import { createDefinition } from "../testing/custom-field-fixtures.js";
import { createHarness, type Harness } from "../testing/http-harness.js";

const create = (attributes: Record<string, unknown>) => ({ data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", scac: "TEST", ...attributes } } });

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  for (const key of [h.keys.editor, h.keys.other]) {
    await createDefinition(h, { api_slug: "customer_po", validation: { pattern: "PO-\\d+" } }, key);
    await createDefinition(h, { api_slug: "seal_number", entity_type: "Cargo" }, key);
    await createDefinition(h, { api_slug: "priority", data_type: "number" }, key);
  }
});

/** The custom fields of a record, as `{ api_slug: display_value }`. */
async function fieldsOf(collection: string, id: string, key?: string): Promise<Record<string, string>> {
  const res = await h.request("GET", `/v2/${collection}/${id}/custom_fields`, key ? { key } : {});
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.map((f: any) => [f.attributes.api_slug, f.attributes.display_value]));
}

/** Lets the simulated carrier answer, and returns the shipment the request found with its containers. */
async function found(requestId: string, key?: string): Promise<{ shipmentId: string; containers: { id: string; number: string }[] }> {
  await h.tracker.refresh.runDue();
  const request = await h.request("GET", `/v2/tracking_requests/${requestId}?include=tracked_object.containers`, key ? { key } : {});
  expect(request.body.data.attributes.status).toBe("created");
  const shipmentId = request.body.data.relationships.tracked_object.data.id;
  const containers = request.body.included.filter((r: any) => r.type === "container").map((c: any) => ({ id: c.id, number: c.attributes.number }));
  expect(containers.length).toBeGreaterThan(0);
  return { shipmentId, containers };
}

describe("initial_custom_fields on POST /v2/tracking_requests", () => {
  it("keeps the values and sets them on the shipment and every container once the carrier finds the shipment", async () => {
    const res = await h.request("POST", "/v2/tracking_requests", {
      body: create({
        request_number: "TEST-TR-SUCCEEDED",
        initial_custom_fields: { shipment: [{ api_slug: "customer_po", value: "PO-77" }, { api_slug: "priority", value: 2 }], containers: [{ api_slug: "seal_number", value: "S-1", number: "" }] },
      }),
    });
    expect(res.status).toBe(201);
    const { shipmentId, containers } = await found(res.body.data.id);
    expect(await fieldsOf("shipments", shipmentId)).toEqual({ customer_po: "PO-77", priority: "2" });
    for (const container of containers) expect(await fieldsOf("containers", container.id)).toEqual({ seal_number: "S-1" });
    const field = (await h.request("GET", `/v2/shipments/${shipmentId}/custom_fields?include=updated_by_user`)).body.data[0];
    expect(field.relationships.updated_by_user.data).not.toBeNull();
  });

  it("sets a container entry with a number on that container only", async () => {
    // The simulated carrier answers a number with the same containers in every account: learn them in the other one.
    const probe = await h.request("POST", "/v2/tracking_requests", { key: h.keys.other, body: create({ request_number: "TEST-TR-RAIL" }) });
    const target = (await found(probe.body.data.id, h.keys.other)).containers[0]!.number;
    const res = await h.request("POST", "/v2/tracking_requests", {
      body: create({ request_number: "TEST-TR-RAIL", initial_custom_fields: { containers: [{ api_slug: "seal_number", value: "S-9", number: target.toLowerCase() }, { api_slug: "seal_number", value: "S-0", number: "MSKU9070323" }] } }),
    });
    expect(res.status).toBe(201);
    const { containers } = await found(res.body.data.id);
    expect(containers.map((c) => c.number)).toContain(target);
    for (const container of containers) expect(await fieldsOf("containers", container.id)).toEqual(container.number === target ? { seal_number: "S-9" } : {});
  });

  it.each([
    [{ shipment: [{ api_slug: "no_such_field", value: "x" }] }, "/data/attributes/initial_custom_fields/shipment/0/api_slug", "unknown_slug"],
    [{ shipment: [{ api_slug: "seal_number", value: "x" }] }, "/data/attributes/initial_custom_fields/shipment/0/api_slug", "wrong_entity_type"],
    [{ shipment: [{ api_slug: "customer_po", value: "PO-1" }, { api_slug: "customer_po", value: "nope" }] }, "/data/attributes/initial_custom_fields/shipment/1/value", "pattern_mismatch"],
    [{ containers: [{ api_slug: "seal_number" }] }, "/data/attributes/initial_custom_fields/containers/0/value", "blank"],
    [{ containers: [{ api_slug: "priority", value: 1 }] }, "/data/attributes/initial_custom_fields/containers/0/api_slug", "wrong_entity_type"],
    [{ shipment: [{ api_slug: "priority", value: "many" }] }, "/data/attributes/initial_custom_fields/shipment/0/value", undefined],
    [{ shipment: "PO-1" }, "/data/attributes/initial_custom_fields/shipment", "invalid"],
    [{ cargo: [] }, "/data/attributes/initial_custom_fields/cargo", "unknown_attribute"],
  ])("refuses %j at creation with a 422 on its pointer, creating nothing", async (initial, pointer, code) => {
    const before = (await h.request("GET", "/v2/tracking_requests?filter[request_number]=TEST-TR-FAILED")).body.meta.total;
    const res = await h.request("POST", "/v2/tracking_requests", { body: create({ request_number: "TEST-TR-FAILED", initial_custom_fields: initial }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe(pointer);
    if (code) expect(res.body.errors[0].code).toBe(code);
    expect((await h.request("GET", "/v2/tracking_requests?filter[request_number]=TEST-TR-FAILED")).body.meta.total).toBe(before);
  });
});
