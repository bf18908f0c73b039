import type { WebhookEventName } from "@bollard/core";
import type { Harness } from "./http-harness.js";

/** Creates a webhook of Acme through the API and returns its id and secret. */
export async function createWebhook(h: Harness, url: string, events: readonly WebhookEventName[], headers?: { name: string; value: string }[]): Promise<{ id: string; secret: string }> {
  const res = await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url, events, ...(headers && { headers }) } } } });
  if (res.status !== 201) throw new Error(`webhook not created: ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, secret: res.body.data.attributes.secret };
}

/** An Acme demo shipment that is tracked (not stopped), with one of its containers. */
export function trackedShipment(h: Harness, index = 0): { shipmentId: string; containerNumber: string } {
  const shipments = h.data.acme.shipments.filter((s) => s.line_tracking_stopped_at === null && s.tracking_request_id && h.data.acme.containers.some((c) => c.shipment_id === s.id));
  const shipment = shipments[index % shipments.length]!;
  return { shipmentId: shipment.id, containerNumber: h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!.number };
}

let minute = 0;

/**
 * Records `count` new `container.transport.full_out` milestones (distinct timestamps) on a tracked
 * Acme shipment through the ingest path, so each one queues a notification per subscribed webhook.
 */
export async function emitMilestones(h: Harness, count = 1, index = 0): Promise<void> {
  const { shipmentId, containerNumber } = trackedShipment(h, index);
  const base = Date.parse("2026-10-01T00:00:00.000Z");
  const events = Array.from({ length: count }, () => ({ event: "container.transport.full_out" as const, timestamp: new Date(base + 60_000 * minute++).toISOString() }));
  await h.tracker.ingest.events({ accountId: h.accounts.acme.id, shipmentId, containerNumber, events });
}
