/**
 * A small client of a Terminal49-style tracking API, written the way an application would: it
 * knows only the base URL and an API key. The tests next to it run it against a Bollard sandbox.
 */

/** Where a tracked shipment stands, as the client's application shows it. */
export interface ShipmentStatus {
  /** The tracking request's status: pending, created, awaiting_manifest, failed, … */
  request: string;
  /** Why the carrier could not answer, while it retries (null otherwise). */
  failedReason: string | null;
  /** The port of discharge's ETA (null until known or once arrived). */
  podEta: string | null;
  /** When the vessel arrived at the port of discharge (null until it has). */
  podArrived: string | null;
  /** Every transport event of the first container, oldest first. */
  milestones: string[];
}

/** The tracking client under test. */
export class TrackingClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** Starts tracking a bill of lading; returns the tracking request's id. */
  async track(scac: string, billOfLading: string): Promise<string> {
    const body = { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: billOfLading, scac } } };
    const created = await this.call("POST", "/tracking_requests", body);
    return created.data.id as string;
  }

  /** What the application shows for one tracking request. */
  async status(trackingRequestId: string): Promise<ShipmentStatus> {
    const request = await this.call("GET", `/tracking_requests/${trackingRequestId}`);
    const attributes = request.data.attributes;
    const shipmentRef = request.data.relationships.tracked_object.data as { id: string } | null;
    if (!shipmentRef) return { request: attributes.status, failedReason: attributes.failed_reason, podEta: null, podArrived: null, milestones: [] };
    const shipment = await this.call("GET", `/shipments/${shipmentRef.id}?include=containers`);
    const container = (shipment.included ?? []).find((resource: { type: string }) => resource.type === "container");
    const events = container ? await this.call("GET", `/containers/${container.id}/transport_events?page[size]=100`) : { data: [] };
    return {
      request: attributes.status,
      failedReason: attributes.failed_reason,
      podEta: shipment.data.attributes.pod_eta_at,
      podArrived: shipment.data.attributes.pod_ata_at,
      milestones: events.data.map((event: { attributes: { event: string } }) => event.attributes.event),
    };
  }

  /** Subscribes a URL to every container milestone; returns the webhook's id. */
  async subscribe(url: string): Promise<string> {
    const events = ["container.transport.vessel_departed", "container.transport.vessel_arrived", "container.transport.vessel_discharged"];
    const created = await this.call("POST", "/webhooks", { data: { type: "webhook", attributes: { url, events } } });
    return created.data.id as string;
  }

  private async call(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Token ${this.apiKey}`, ...(body !== undefined && { "content-type": "application/vnd.api+json" }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const document = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(document.errors?.[0]?.detail)}`);
    return document;
  }
}
