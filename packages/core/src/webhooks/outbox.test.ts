import { describe, expect, it } from "vitest";
import type { DomainEvent, Shipment, Webhook, WebhookNotification } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { makeAccount, makeShipment, makeWebhook } from "../testing/fixtures.js";
import { queueWebhookNotifications } from "./outbox.js";

/** The repositories the outbox reads and writes, over one stopped shipment and one webhook. */
function repositories(shipment: Shipment, webhook: Webhook, written: WebhookNotification[]): StorageRepositories {
  const fake = {
    webhooks: { listActive: async () => [webhook] },
    shipments: { get: async (_accountId: string, id: string) => (id === shipment.id ? shipment : null) },
    trackingRequests: { get: async () => null },
    webhookNotifications: { insertMany: async (rows: readonly WebhookNotification[]) => void written.push(...rows) },
  };
  return fake as unknown as StorageRepositories;
}

describe("queueWebhookNotifications", () => {
  it("queues nothing for a stopped shipment's domain events, except the stop announcement", async () => {
    const account = makeAccount();
    const shipment = makeShipment(account.id, { line_tracking_stopped_at: "2026-11-01T12:00:00.000Z" });
    const webhook = makeWebhook(account.id, { events: ["shipment.estimated.arrival", "tracking_request.tracking_stopped"] });
    const written: WebhookNotification[] = [];
    const event = (name: DomainEvent["event"], type: DomainEvent["reference_object_type"]): DomainEvent => ({
      id: uuidv7(), account_id: account.id, event: name, tracking_request_id: null, shipment_id: shipment.id, container_id: null,
      reference_object_type: type, reference_object_id: uuidv7(), data: {}, occurred_at: "2026-11-01T12:00:00.000Z", created_at: "2026-11-01T12:00:00.000Z",
    });
    const queued = await queueWebhookNotifications(repositories(shipment, webhook, written), [
      event("shipment.estimated.arrival", "estimated_event"),
      event("tracking_request.tracking_stopped", "tracking_request"),
    ]);
    expect(queued.map((n) => n.event)).toEqual(["tracking_request.tracking_stopped"]);
    expect(written).toEqual(queued);
  });
});
