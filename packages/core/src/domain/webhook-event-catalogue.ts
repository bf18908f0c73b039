import type { WebhookEventName } from "./enums.js";

/** One event a webhook can subscribe to, with what it announces. */
export interface WebhookEventDescription {
  /** The event name to subscribe with. */
  name: WebhookEventName;
  /** What the event announces. */
  description: string;
}

/** A group of related events, served as a `webhook_event_category` resource by `GET /v2/webhooks/events`. */
export interface WebhookEventCategory {
  /** A stable slug, e.g. `tracking-request-events` (the upstream service's style). */
  id: string;
  /** The category's display name. */
  name: string;
  /** The events of the category. */
  events: WebhookEventDescription[];
}

const milestone = (name: string, what: string): WebhookEventDescription => ({
  name: `container.transport.${name}` as WebhookEventName,
  description: `${what} (one notification per container).`,
});

/**
 * Every event name a webhook can subscribe to, by category. Every name of `WebhookEventNameSchema`
 * appears exactly once (a test checks it), in the order the categories are listed.
 */
export const WEBHOOK_EVENT_CATEGORIES: readonly WebhookEventCategory[] = [
  {
    id: "tracking-request-events",
    name: "Tracking Request Events",
    events: [
      { name: "tracking_request.succeeded", description: "Shipment created and linked to the tracking request." },
      { name: "tracking_request.failed", description: "The tracking request failed (not found, cancelled, or retries exhausted); see failed_reason." },
      { name: "tracking_request.awaiting_manifest", description: "The line knows the number but has not published the manifest yet; Bollard keeps checking." },
      { name: "tracking_request.tracking_stopped", description: "Tracking of the shipment stopped on its own (all containers returned, past the arrival window, or no updates)." },
    ],
  },
  {
    id: "shipment-events",
    name: "Shipment Events",
    events: [{ name: "shipment.estimated.arrival", description: "The estimated time of arrival at the port of discharge changed." }],
  },
  {
    id: "container-events",
    name: "Container Events",
    events: [
      { name: "container.created", description: "A container was added to a tracked shipment." },
      { name: "container.updated", description: "Terminal data of a container changed (availability, last free day, holds, fees, appointment, POD terminal); the changeset holds [before, after]." },
      { name: "container.pod_terminal_changed", description: "The terminal at the port of discharge changed." },
      { name: "container.pickup_lfd.changed", description: "The last free day for pickup changed; the transport event's value holds the new date." },
      { name: "container.pickup_lfd_line.changed", description: "The shipping line's last free day changed; the transport event's value holds the new date." },
      { name: "container.pickup_lfd_terminal.changed", description: "The terminal's last free day changed; the transport event's value holds the new date." },
      { name: "container.pickup_lfd_rail.changed", description: "The rail last free day changed; the transport event's value holds the new date." },
      { name: "container.pickup_appointment.changed", description: "The pickup appointment changed; the transport event's value holds the new time." },
    ],
  },
  {
    id: "container-origin-events",
    name: "Container Origin Events",
    events: [
      milestone("empty_out", "Empty container picked up at origin"),
      milestone("full_in", "Full container gated in at the port of lading"),
      milestone("vessel_loaded", "Container loaded on the vessel at the port of lading"),
      milestone("vessel_departed", "Vessel departed from the port of lading"),
    ],
  },
  {
    id: "container-transshipment-events",
    name: "Container Transshipment Events",
    events: [
      milestone("transshipment_arrived", "Vessel arrived at a transshipment port"),
      milestone("transshipment_discharged", "Container discharged at a transshipment port"),
      milestone("transshipment_loaded", "Container loaded at a transshipment port"),
      milestone("transshipment_departed", "Vessel departed from a transshipment port"),
      milestone("feeder_arrived", "Feeder vessel arrived"),
      milestone("feeder_discharged", "Container discharged from a feeder vessel"),
      milestone("feeder_loaded", "Container loaded on a feeder vessel"),
      milestone("feeder_departed", "Feeder vessel departed"),
    ],
  },
  {
    id: "container-destination-events",
    name: "Container Destination Events",
    events: [
      milestone("vessel_arrived", "Vessel arrived at the port of discharge"),
      milestone("vessel_berthed", "Vessel berthed at the port of discharge"),
      milestone("vessel_discharged", "Container discharged at the port of discharge"),
      milestone("available", "Container available for pickup at the terminal"),
      milestone("not_available", "Container no longer available for pickup at the terminal"),
      milestone("full_out", "Full container picked up at the terminal"),
      milestone("delivered", "Container delivered"),
      milestone("empty_in", "Empty container returned"),
    ],
  },
  {
    id: "container-rail-events",
    name: "Container Rail Events",
    events: [
      milestone("rail_loaded", "Container loaded on a train"),
      milestone("rail_departed", "Train departed"),
      milestone("rail_arrived", "Train arrived"),
      milestone("rail_unloaded", "Container unloaded from the train"),
      milestone("arrived_at_inland_destination", "Container arrived at its inland destination"),
    ],
  },
  {
    id: "container-estimate-events",
    name: "Container Estimate Events",
    events: [
      milestone("estimated.vessel_departed", "The estimated departure from the port of lading changed; timestamp and value hold the new estimate"),
      milestone("estimated.vessel_arrived", "The estimated arrival at the port of discharge changed; timestamp and value hold the new estimate"),
      milestone("estimated.arrived_at_inland_destination", "The estimated arrival at the inland destination changed; timestamp and value hold the new estimate"),
    ],
  },
  {
    id: "demurrage-events",
    name: "Demurrage and Detention Events (Bollard extension)",
    events: [
      { name: "container.free_time.ending", description: "A container's binding last free day is within the webhook's free_time_ending_days (sent once per last free day and webhook); from the account's tariff rules and what was reported." },
      { name: "container.demurrage.started", description: "A pickup charge (demurrage, storage or combined) began: today is past its last free day and the container is still in (once per charge and last free day)." },
      { name: "container.detention.started", description: "Detention began: today is past the free time for returning the empty (once per last free day)." },
    ],
  },
  {
    id: "exception-events",
    name: "Exception Events (Bollard extension)",
    events: [
      { name: "shipment.exception.raised", description: "An exception rule's condition began to hold for a shipment or one of its containers (tracking stale, ETA slipped, rolled over, transshipment dwell, hold too long, last free day passed, empty not returned); the payload carries the exception record." },
      { name: "shipment.exception.cleared", description: "An open exception's condition stopped holding; the payload carries the cleared exception record." },
    ],
  },
  {
    id: "document-events",
    name: "Document Events",
    events: [
      { name: "document.extracted", description: "Accepted for compatibility; Bollard processes no documents, so it never sends this event." },
      { name: "document.extraction_failed", description: "Accepted for compatibility; Bollard processes no documents, so it never sends this event." },
    ],
  },
];
