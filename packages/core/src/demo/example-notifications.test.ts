import { describe, expect, it } from "vitest";
import { WebhookEventNameSchema } from "../domain/index.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { ResourceObject } from "../jsonapi/jsonapi-types.js";
import { exampleNotification } from "./example-notifications.js";
import { WEBHOOK_RESOURCE_ATTRIBUTES } from "../jsonapi/webhook-resources.js";

const typesOf = (included: ResourceObject[] | undefined) => (included ?? []).map((r) => r.type);

describe("exampleNotification (the payload builder on synthetic records)", () => {
  it("builds the webhook_notification envelope with a stable id in data.id, attributes.id and no logs", async () => {
    const document = await exampleNotification("container.transport.vessel_arrived", { notificationId: "0190a1b2-c3d4-7e5f-8a6b-900000000000", webhookId: "0190a1b2-c3d4-7e5f-8a6b-900000000001" });
    expect(document.data).toStrictEqual({
      id: "0190a1b2-c3d4-7e5f-8a6b-900000000000",
      type: "webhook_notification",
      attributes: { id: "0190a1b2-c3d4-7e5f-8a6b-900000000000", event: "container.transport.vessel_arrived", delivery_status: "pending", created_at: "2026-01-15T12:00:00Z" },
      relationships: {
        webhook: { data: { id: "0190a1b2-c3d4-7e5f-8a6b-900000000001", type: "webhook" } },
        reference_object: { data: { id: document.included![0]!.id, type: "transport_event" } },
        webhook_notification_logs: { data: [] },
      },
    });
  });

  it.each([
    ["tracking_request.succeeded", ["tracking_request", "shipment", "container"]],
    ["tracking_request.tracking_stopped", ["tracking_request", "shipment", "container"]],
    ["tracking_request.failed", ["tracking_request"]],
    ["tracking_request.awaiting_manifest", ["tracking_request"]],
    ["container.transport.vessel_departed", ["transport_event", "shipment", "container", "port"]],
    ["shipment.estimated.arrival", ["estimated_event", "shipment", "port"]],
    ["container.updated", ["container_updated_event", "container", "shipment", "port", "terminal"]],
    ["container.created", ["container_created_event", "container", "shipment"]],
    ["container.pod_terminal_changed", ["container_pod_terminal_changed_event", "container", "shipment", "terminal"]],
  ] as const)("includes for %s: %s", async (event, expected) => {
    const document = await exampleNotification(event);
    const types = typesOf(document.included);
    expect(types[0]).toBe(expected[0]);
    expect([...new Set(types)]).toEqual(expect.arrayContaining([...expected]));
    const reference = (document.data as ResourceObject).relationships!.reference_object!.data as { type: string; id: string };
    expect(reference).toStrictEqual({ type: expected[0], id: document.included![0]!.id });
  });

  it("serializes every included record with exactly its type's attributes, for every event", async () => {
    for (const event of WebhookEventNameSchema.options) {
      const document = await exampleNotification(event);
      for (const resource of document.included ?? []) {
        const definition = resourceRegistry.get(resource.type)!;
        expect(Object.keys(resource.attributes), `${event} ${resource.type}`).toStrictEqual([...definition.attributes]);
        const schema = WEBHOOK_RESOURCE_ATTRIBUTES[resource.type];
        // core's schemas hold stored precision (milliseconds); the payload writes whole seconds
        const stored = JSON.parse(JSON.stringify(resource.attributes).replace(/(T\d\d:\d\d:\d\d)Z"/g, '$1.000Z"'));
        if (schema) expect(schema.safeParse(stored).success, `${event} ${resource.type}`).toBe(true);
      }
    }
  });

  it("gives a container.updated changeset of [before, after] pairs", async () => {
    const document = await exampleNotification("container.updated");
    expect(document.included![0]!.attributes).toMatchObject({ changeset: { available_for_pickup: [false, true] }, data_source: "terminal" });
  });

  it.each(["container.pickup_lfd_terminal.changed", "container.pickup_appointment.changed", "container.transport.estimated.vessel_arrived"] as const)(
    "gives %s a transport_event whose value holds the new date",
    async (event) => {
      const document = await exampleNotification(event);
      const transportEvent = document.included!.find((r) => r.type === "transport_event")!;
      expect(transportEvent.attributes).toMatchObject({ event, value: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) });
      expect((await exampleNotification("container.transport.vessel_loaded")).included!.find((r) => r.type === "transport_event")!.attributes.value).toBeNull();
    },
  );
});
