import { generateDemoDataset, type DemoDataset } from "./index.js";
import { TransportEventNameSchema, type DomainEvent, type TrackingRequest, type TransportEvent, type WebhookEventName } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { metroAreaById, portById, railTerminalById, terminalById } from "../reference/index.js";
import { notificationPayload, type WebhookPayload } from "../webhooks/notification-payload.js";
import { collectPayloadRecords, type PayloadRecordSource } from "../webhooks/payload-records.js";

const EXAMPLE_ACCOUNT = "00000000-0000-7000-8000-0000000000e1";
const EXAMPLE_NOW = new Date("2026-01-15T12:00:00.000Z");

let cached: DemoDataset | undefined;
const dataset = () => (cached ??= generateDemoDataset({ seed: 49, accountId: EXAMPLE_ACCOUNT, now: EXAMPLE_NOW, shipments: 3 }));

/** Options of {@link exampleNotification}. */
export interface ExampleNotificationOptions {
  /** @default a fresh UUIDv7 */
  notificationId?: string;
  /** @default a fresh UUIDv7 (no webhook exists for an example) */
  webhookId?: string;
}

/**
 * An example of the exact document a webhook receives for `event`, built from a synthetic,
 * deterministic demo shipment (not from any account's data): the same payload builder as real
 * deliveries, so the shape is what receivers will see. Used by `GET /v2/webhook_notifications/examples`
 * and `POST /v2/webhooks/trigger`.
 */
/** The new date a date-change example carries in `value` (four days on), and in `timestamp` too, as the published examples do. */
function exampleDateChange(event: string): Partial<TransportEvent> {
  const value = new Date(EXAMPLE_NOW.getTime() + 4 * 86_400_000).toISOString();
  if (event.startsWith("container.transport.estimated.")) return { timestamp: value, value };
  if (event.startsWith("container.pickup_")) return { timestamp: value, value, voyage_number: null, vessel_id: null, raw_event_id: null, ...(event === "container.pickup_lfd_rail.changed" && { data_source: "terminal" as const }) };
  return {};
}

export async function exampleNotification(event: WebhookEventName, options: ExampleNotificationOptions = {}): Promise<WebhookPayload> {
  const data = dataset();
  const shipment = data.shipments.find((s) => data.transportEvents.some((e) => e.shipment_id === s.id)) ?? data.shipments[0]!;
  const container = data.containers.find((c) => c.shipment_id === shipment.id)!;
  const baseRequest = data.trackingRequests.find((r) => r.tracked_object_id === shipment.id)!;
  const baseEvent = data.transportEvents.find((e) => e.container_id === container.id)!;
  const created = EXAMPLE_NOW.toISOString();
  let request: TrackingRequest = baseRequest;
  let transportEvent: TransportEvent = baseEvent;
  const domainEvent: DomainEvent = {
    id: uuidv7(), account_id: EXAMPLE_ACCOUNT, event, tracking_request_id: baseRequest.id, shipment_id: shipment.id, container_id: container.id,
    reference_object_type: "transport_event", reference_object_id: uuidv7(), data: {}, occurred_at: created, created_at: created,
  };
  if (event.startsWith("tracking_request.")) {
    const status = { "tracking_request.succeeded": "created", "tracking_request.failed": "failed", "tracking_request.awaiting_manifest": "awaiting_manifest" }[event as string];
    const tracked = status === "failed" || status === "awaiting_manifest" ? null : shipment.id;
    request = { ...baseRequest, status: (status ?? "tracking_stopped") as TrackingRequest["status"], failed_reason: status === "failed" ? "not_found" : null, tracked_object_id: tracked, tracked_object_type: tracked ? "shipment" : null };
    Object.assign(domainEvent, { reference_object_type: "tracking_request", reference_object_id: request.id, shipment_id: tracked, container_id: null, data: { status: request.status, failed_reason: request.failed_reason } });
  } else if (TransportEventNameSchema.safeParse(event).success) {
    transportEvent = { ...baseEvent, event: event as TransportEvent["event"], ...exampleDateChange(event) };
    domainEvent.reference_object_id = transportEvent.id;
    domainEvent.occurred_at = transportEvent.timestamp ?? created;
  } else if (event === "shipment.estimated.arrival") {
    const previous = shipment.pod_eta_at ? new Date(Date.parse(shipment.pod_eta_at) - 86_400_000).toISOString() : null;
    Object.assign(domainEvent, {
      reference_object_type: "estimated_event", container_id: null,
      data: { estimated_timestamp: shipment.pod_eta_at, previous_timestamp: previous, location_locode: shipment.port_of_discharge_locode, voyage_number: shipment.pod_voyage_number, timezone: shipment.pod_timezone },
    });
  } else if (event === "container.updated") {
    const changeset = { available_for_pickup: [false, true], pickup_lfd: [null, new Date(EXAMPLE_NOW.getTime() + 4 * 86_400_000).toISOString()] };
    Object.assign(domainEvent, { reference_object_type: "container_updated_event", data: { changeset, timestamp: created, timezone: container.pod_timezone, data_source: "terminal" } });
  } else if (event === "container.created") {
    Object.assign(domainEvent, { reference_object_type: "container_created_event", data: { timestamp: created, timezone: container.pod_timezone } });
  } else if (event === "container.free_time.ending" || event === "container.demurrage.started" || event === "container.detention.started") {
    const days = event === "container.free_time.ending" ? 2 : -1;
    const lastFreeDay = new Date(EXAMPLE_NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const charge = event === "container.detention.started" ? "detention" : "demurrage";
    const accrued = days < 0 ? { amount: "225.00", currency: "USD" } : { amount: "0.00", currency: "USD" };
    Object.assign(domainEvent, {
      reference_object_type: "container_demurrage_event",
      data: {
        event, charge_type: charge, last_free_day: lastFreeDay, basis: charge === "detention" ? "tariff" : "carrier_reported", days_until_last_free_day: days,
        days_ahead: days < 0 ? null : 3, accrued, projected: { amount: "1575.00", currency: "USD" }, projected_through: new Date(EXAMPLE_NOW.getTime() + 7 * 86_400_000).toISOString().slice(0, 10),
        tariff_id: null, timestamp: created, timezone: container.pod_timezone,
      },
    });
  } else if (event === "shipment.exception.raised" || event === "shipment.exception.cleared") {
    const raisedAt = new Date(EXAMPLE_NOW.getTime() - (event === "shipment.exception.cleared" ? 5 : 0) * 86_400_000).toISOString();
    const cleared = event === "shipment.exception.cleared";
    Object.assign(domainEvent, {
      reference_object_type: "exception", container_id: null,
      data: {
        shipment_id: shipment.id, container_id: null, kind: "eta_slipped", status: cleared ? "cleared" : "open", raised_at: raisedAt, cleared_at: cleared ? created : null,
        detail: `ETA at the port of discharge (${shipment.port_of_discharge_locode ?? "USLAX"}) 52 h later than first reported (threshold 24 h)`,
        figures: { leg: "pod", delay_hours: 52, threshold_hours: 24, first_eta_at: shipment.pod_original_eta_at, eta_at: shipment.pod_original_eta_at && new Date(Date.parse(shipment.pod_original_eta_at) + 52 * 3_600_000).toISOString() },
        cleared_detail: cleared ? "The ETA is back within the threshold, or the leg arrived" : null, created_at: raisedAt, updated_at: created,
      },
    });
  } else if (event === "container.pod_terminal_changed") {
    Object.assign(domainEvent, { reference_object_type: "container_pod_terminal_changed_event", data: { timestamp: created, data_source: "shipping_line", terminal_id: container.pod_terminal_id } });
  }
  const found = <T>(value: T | undefined) => Promise.resolve(value ?? null);
  const source: PayloadRecordSource = {
    trackingRequest: (id) => found(id === request.id ? request : undefined),
    shipment: (id) => found(data.shipments.find((s) => s.id === id)),
    container: (id) => found(data.containers.find((c) => c.id === id)),
    containersOf: (id) => Promise.resolve(data.containers.filter((c) => c.shipment_id === id)),
    eventsOf: (id) =>
      Promise.resolve({
        transport_events: data.transportEvents.filter((e) => e.container_id === id).map((e) => ({ id: e.id })),
        raw_events: data.rawEvents.filter((e) => e.container_id === id).map((e) => ({ id: e.id })),
      }),
    transportEvent: (id) => found(id === transportEvent.id ? transportEvent : undefined),
    port: (id) => found(portById(id)),
    metroArea: (id) => found(metroAreaById(id)),
    terminal: (id) => found(terminalById(id)),
    railTerminal: (id) => found(railTerminalById(id)),
    vessel: (id) => found(data.vessels.find((v) => v.id === id)),
  };
  const records = await collectPayloadRecords(source, domainEvent);
  const id = options.notificationId ?? uuidv7();
  return notificationPayload(
    { id, webhookId: options.webhookId ?? uuidv7(), event, createdAt: created, referenceObject: { type: domainEvent.reference_object_type, id: domainEvent.reference_object_id } },
    records,
  );
}
