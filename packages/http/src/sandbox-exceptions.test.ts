import { trackerStorage } from "@bollard/core/storage";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { startTestReceiver } from "./testing/webhook-receiver.js";

const EVENTS = ["shipment.exception.raised", "shipment.exception.cleared"];
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

const advance = async (h: Harness, seconds: number) => expect((await h.request("PATCH", "/v2/sandbox/clock", { body: { advance_by_seconds: seconds } })).status).toBe(200);

describe.each(STORAGES)("exception rules on the sandbox clock, %s storage", (_name, makeStorage) => {
  it("the built-in rollover scenario raises rolled_over when the line announces the later sailing and clears it when the box departs on it, with both webhooks", async () => {
    const h = await createHarness({ storage: makeStorage(), tracker: { sandbox: { start: "2026-05-04T00:00:00Z", paused: true }, webhooks: { allowPrivateUrls: true, random: () => 0.5 } } });
    cleanup.push(() => h.tracker.close());
    const receiver = await startTestReceiver();
    cleanup.push(() => receiver.close());
    const webhook = await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url: receiver.url, events: EVENTS } } } });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    // A rule of the account: a rollover is a departure moved 72 hours or more.
    const rule = await h.request("POST", "/v2/exception_rules", { body: { data: { type: "exception_rule", attributes: { kind: "rolled_over", threshold_hours: 72 } } } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);

    const created = await h.request("POST", "/v2/sandbox/scenarios", { body: { name: "rollover" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const shipmentId = created.body.included[0].relationships.tracked_object.data.id as string;
    const rolledOver = () => h.request("GET", `/v2/exceptions?filter[kind]=rolled_over&filter[shipment_id]=${shipmentId}`);

    // Day 2: the line still shows the first sailing; nothing to raise.
    await advance(h, 2 * 86_400);
    expect((await rolledOver()).body.data).toEqual([]);

    // Day 4: the line has announced the rollover: the later sailing departs a week after the first.
    await advance(h, 2 * 86_400);
    const raised = await rolledOver();
    expect(raised.body.data).toHaveLength(1);
    const exception = raised.body.data[0];
    expect(exception).toMatchObject({ type: "exception", links: { self: `/v2/exceptions/${exception.id}` }, relationships: { shipment: { data: { id: shipmentId, type: "shipment" } }, container: { data: null } } });
    expect(exception.attributes).toMatchObject({ kind: "rolled_over", status: "open", cleared_at: null, cleared_detail: null, figures: { moved_hours: 168, threshold_hours: 72, pod_vessel_name: expect.any(String) } });
    expect(exception.attributes.detail).toMatch(/^Rolled over: departure from [A-Z]{5} moved 7 days later than first reported \(threshold 72 h\)$/);
    expect((await h.request("GET", "/v2/exceptions?filter[status]=open&filter[kind]=rolled_over")).body.meta).toMatchObject({ total: 1 });

    // Day 11: departed on the new sailing: cleared.
    await advance(h, 7 * 86_400);
    const cleared = await h.request("GET", `/v2/exceptions/${exception.id}`);
    expect(cleared.body.data.attributes).toMatchObject({ kind: "rolled_over", status: "cleared", raised_at: exception.attributes.raised_at, cleared_detail: "The shipment departed on its new sailing, or the departure moved back" });
    // Cleared at the first evaluation after the refresh that saw the departure.
    const departed = (await h.request("GET", `/v2/shipments/${shipmentId}`)).body.data.attributes.pol_atd_at as string;
    expect(Date.parse(departed)).toBeGreaterThan(Date.parse(exception.attributes.raised_at));
    expect(Date.parse(cleared.body.data.attributes.cleared_at)).toBeGreaterThanOrEqual(Date.parse(departed));
    expect(Date.parse(exception.attributes.raised_at)).toBeGreaterThan(Date.parse("2026-05-06T00:00:00Z"));
    expect((await rolledOver()).body.data.map((e: { attributes: { status: string } }) => e.attributes.status)).toEqual(["cleared"]);

    const deliveries = receiver.received
      .map((delivery) => JSON.parse(delivery.body))
      .map((body) => ({ event: body.data.attributes.event, object: body.included.find((r: { type: string }) => r.type === "exception"), shipment: body.included.find((r: { type: string }) => r.type === "shipment") }))
      .filter((d) => d.object.id === exception.id);
    expect(deliveries.map((d) => [d.event, d.object.attributes.status])).toEqual([["shipment.exception.raised", "open"], ["shipment.exception.cleared", "cleared"]]);
    expect(deliveries.every((d) => d.shipment?.id === shipmentId)).toBe(true);
    expect(deliveries[1]!.object.attributes).toMatchObject({ kind: "rolled_over", figures: { moved_hours: 168 } });
  }, 180_000);

  it("a hold counts from when the evaluation first saw it; stopping tracking clears the shipment's exceptions without a notification", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const accountId = h.accounts.acme.id;
    expect((await h.request("POST", "/v2/exception_rules", { body: { data: { attributes: { kind: "hold_too_long", threshold_days: 2 } } } })).status).toBe(201);
    const { shipmentId } = await h.tracker.ingest.snapshot({
      accountId,
      scac: "ACLU",
      snapshot: {
        shipment: { bill_of_lading_number: "ACLU26HOLD01", port_of_lading_locode: "CNSHA", port_of_discharge_locode: "USLAX" },
        containers: [{ number: "ACLU1234569", holds_at_pod_terminal: [{ name: "customs", status: "hold", description: "" }], transport_events: [{ event: "container.transport.vessel_discharged", timestamp: "2026-10-25T20:00:00Z", location_locode: "USLAX", data_source: "terminal" }] }],
      },
    });
    const held = () => h.request("GET", `/v2/exceptions?filter[kind]=hold_too_long&filter[shipment_id]=${shipmentId}`);
    // On the wire, timestamps are whole seconds.
    const firstSeen = h.clock.now().toISOString().replace(".000Z", "Z");
    await h.tracker.exceptions.runDue();
    // Discharged a week ago, but the hold is first seen now.
    expect((await held()).body.data).toEqual([]);
    h.clock.advance(2 * 86_400_000 + 3_600_000);
    await h.tracker.exceptions.runDue();
    const raised = (await held()).body.data;
    expect(raised.map((e: { attributes: unknown }) => e.attributes)).toEqual([
      expect.objectContaining({ status: "open", figures: { days_on_hold: 2, threshold_days: 2, holds: "customs", on_hold_since: firstSeen }, detail: "ACLU1234569 on hold (customs) for 2 days (threshold 2 days)" }),
    ]);
    expect(raised[0].relationships.container.data).toMatchObject({ type: "container" });

    expect((await h.request("PATCH", `/v2/shipments/${shipmentId}/stop_tracking`)).status).toBe(200);
    await h.tracker.exceptions.runDue();
    expect((await held()).body.data[0].attributes).toMatchObject({ status: "cleared", cleared_detail: "The shipment is no longer followed (tracking stopped, or every empty returned)" });
    const events = await trackerStorage(h.tracker).domainEvents.list(accountId, { page: { number: 1, size: 100 }, shipmentId });
    expect(events.items.filter((e) => e.reference_object_id === raised[0].id).map((e) => e.event)).toEqual(["shipment.exception.raised"]);
  }, 60_000);

  it("rules are edited over HTTP with 422 and pointers; exceptions filter, page and answer 404 for an unknown id", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const post = (attributes: Record<string, unknown>) => h.request("POST", "/v2/exception_rules", { body: { data: { type: "exception_rule", attributes } } });
    const created = await post({ kind: "hold_too_long" });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ kind: "hold_too_long", threshold_hours: null, threshold_days: 3, enabled: true });
    const duplicate = await post({ kind: "hold_too_long", threshold_days: 5 });
    expect([duplicate.status, duplicate.body.errors[0].code, duplicate.body.errors[0].source]).toEqual([422, "duplicate", { pointer: "/data/attributes/kind" }]);
    const wrongUnit = await post({ kind: "eta_slipped", threshold_days: 2 });
    expect([wrongUnit.status, wrongUnit.body.errors[0].source]).toEqual([422, { pointer: "/data/attributes/threshold_days" }]);
    const badKind = await post({ kind: "late" });
    expect([badKind.status, badKind.body.errors[0].source]).toEqual([422, { pointer: "/data/attributes/kind" }]);
    const id = created.body.data.id;
    const patched = await h.request("PATCH", `/v2/exception_rules/${id}`, { body: { data: { attributes: { threshold_days: 5, enabled: false } } } });
    expect(patched.body.data.attributes).toMatchObject({ threshold_days: 5, enabled: false });
    const patchWrong = await h.request("PATCH", `/v2/exception_rules/${id}`, { body: { data: { attributes: { threshold_hours: 5 } } } });
    expect([patchWrong.status, patchWrong.body.errors[0].source]).toEqual([422, { pointer: "/data/attributes/threshold_hours" }]);
    expect((await h.request("GET", "/v2/exception_rules")).body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await h.request("DELETE", `/v2/exception_rules/${id}`)).status).toBe(204);
    expect((await h.request("GET", `/v2/exception_rules/${id}`)).status).toBe(404);

    const listed = await h.request("GET", "/v2/exceptions?page[size]=2");
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ data: [], meta: { total: 0 } });
    const badFilter = await h.request("GET", "/v2/exceptions?filter[status]=closed");
    expect([badFilter.status, badFilter.body.errors[0].source]).toEqual([400, { parameter: "filter[status]" }]);
    expect((await h.request("GET", "/v2/exceptions/0190a8f0-0000-7000-8000-000000000000")).status).toBe(404);
  }, 60_000);
});
