import { describe, expect, it } from "vitest";
import { makeAccount, makeContainer, makeRawEvent, makeShipment, makeTransportEvent } from "../testing/fixtures.js";
import { resourceDocument } from "../jsonapi/read-documents.js";
import { notificationPayload, notificationPayloadText, type NotificationEnvelope } from "./notification-payload.js";
import type { PayloadRecords } from "./payload-records.js";

const account = makeAccount();
const shipment = makeShipment(account.id);
const container = makeContainer(account.id, shipment.id);
const departed = makeTransportEvent(account.id, shipment.id, container.id);
const arrived = makeTransportEvent(account.id, shipment.id, container.id, { event: "container.transport.vessel_arrived" });
const raw = makeRawEvent(account.id, shipment.id, container.id);
const linked = {
  shipment: { ...shipment, containers: [container] },
  container: { ...container, transport_events: [{ id: departed.id }, { id: arrived.id }], raw_events: [{ id: raw.id }] },
};

const envelope = (id: string, referenceId: string): NotificationEnvelope => ({
  id, webhookId: "0190f0f0-0000-7000-8000-0000000000aa", event: "container.transport.vessel_departed", createdAt: "2026-11-01T12:00:00.000Z",
  referenceObject: { type: "transport_event", id: referenceId },
});
const recordsOf = (event: typeof departed): PayloadRecords => ({
  included: [
    { type: "transport_event", record: event },
    { type: "shipment", record: linked.shipment },
    { type: "container", record: linked.container },
  ],
});

describe("notificationPayloadText", () => {
  it("includes each record as the API serves it (its resource in a GET's data), with and without records rendered before", () => {
    const texts = new Map<string, string>();
    const served = (type: "transport_event" | "shipment" | "container", record: { id: string }) => JSON.stringify(JSON.parse(resourceDocument(type, record)).data);
    for (const [id, event] of [["0190f0f0-0000-7000-8000-000000000001", departed], ["0190f0f0-0000-7000-8000-000000000002", arrived]] as const) {
      const text = notificationPayloadText(envelope(id, event.id), recordsOf(event), texts);
      const expected = [served("transport_event", event), served("shipment", linked.shipment), served("container", linked.container)];
      expect(text).toBe(`{"data":${JSON.stringify(JSON.parse(text).data)},"included":[${expected.join(",")}]}`);
      expect(JSON.parse(text).data).toEqual({
        id, type: "webhook_notification",
        attributes: { id, event: "container.transport.vessel_departed", delivery_status: "pending", created_at: "2026-11-01T12:00:00Z" },
        relationships: { webhook: { data: { id: "0190f0f0-0000-7000-8000-0000000000aa", type: "webhook" } }, reference_object: { data: { type: "transport_event", id: event.id } }, webhook_notification_logs: { data: [] } },
      });
      expect(notificationPayload(envelope(id, event.id), recordsOf(event))).toEqual(JSON.parse(text));
    }
    // The shipment and container were serialized once and kept, beside each event.
    expect([...texts.keys()].sort()).toEqual([`container ${container.id}`, `shipment ${shipment.id}`, `transport_event ${arrived.id}`, `transport_event ${departed.id}`].sort());
  });

  it("leaves out records of a type with no resource, as notificationPayload does", () => {
    const records: PayloadRecords = { included: [{ type: "no_such_type", record: { id: "x" } }, { type: "shipment", record: linked.shipment }] };
    const text = notificationPayloadText(envelope("0190f0f0-0000-7000-8000-000000000003", departed.id), records);
    expect((JSON.parse(text) as { included: unknown[] }).included).toHaveLength(1);
  });

  it("writes an empty included list when there are no records", () => {
    const text = notificationPayloadText(envelope("0190f0f0-0000-7000-8000-000000000004", departed.id), { included: [] });
    expect(JSON.parse(text)).toEqual(notificationPayload(envelope("0190f0f0-0000-7000-8000-000000000004", departed.id), { included: [] }));
    expect(text).toContain('"included":[]');
  });
});
