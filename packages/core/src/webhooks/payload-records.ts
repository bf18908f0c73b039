import type { Container, DomainEvent, MetroArea, Port, RailTerminal, Shipment, Terminal, TrackingRequest, TransportEvent, Vessel } from "../domain/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { eventObjectRecord } from "../domain/webhook-event-objects.js";

/**
 * Where the records of a payload come from: storage inside the outbox transaction, or a synthetic
 * data set for examples. Methods are called unbound (implement them as closures).
 */
export interface PayloadRecordSource {
  /** The tracking request with this id, or null. */
  trackingRequest(id: string): Promise<TrackingRequest | null>;
  /** The shipment with this id, or null. */
  shipment(id: string): Promise<Shipment | null>;
  /** The container with this id, or null. */
  container(id: string): Promise<Container | null>;
  /** The shipment's containers, ordered by `created_at`, then `id`. */
  containersOf(shipmentId: string): Promise<Container[]>;
  /** The ids of a container's transport and raw events, for its `transport_events` and `raw_events` linkage. */
  eventsOf(containerId: string): Promise<ContainerEventLinkage>;
  /** The transport event with this id, or null. */
  transportEvent(id: string): Promise<TransportEvent | null>;
  /** The port with this id, or null. */
  port(id: string): Promise<Port | null>;
  /** The metro area with this id, or null. */
  metroArea(id: string): Promise<MetroArea | null>;
  /** The terminal with this id, or null. */
  terminal(id: string): Promise<Terminal | null>;
  /** The rail terminal with this id, or null. */
  railTerminal(id: string): Promise<RailTerminal | null>;
  /** The vessel with this id, or null. */
  vessel(id: string): Promise<Vessel | null>;
}

/** A container's events as the records of its to-many linkage (ids only). */
export interface ContainerEventLinkage {
  /** Its transport events, in `timestamp` order. */
  transport_events: {
    /** The event's id. */
    id: string;
  }[];
  /** Its raw events, in `index` order. */
  raw_events: {
    /** The event's id. */
    id: string;
  }[];
}

/** One record of a payload's `included`, with its resource type. */
export interface PayloadRecord {
  /** The resource type, e.g. `"shipment"`. */
  type: string;
  /** The record; a shipment carries its `containers` and a container its events, for their linkage. */
  record: {
    /** The record's id. */
    id: string;
  };
}

/** The records of one payload's `included`, in order. */
export interface PayloadRecords {
  /** The records, each once. */
  included: PayloadRecord[];
}

/**
 * A source reading one account's records through `repos` (a transaction's repositories), each
 * record fetched at most once per source, since a snapshot's events share their shipment and containers.
 */
export function storageRecordSource(repos: StorageRepositories, accountId: string): PayloadRecordSource {
  const cache = new Map<string, Promise<unknown>>();
  const memo = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) cache.set(key, (hit = load()));
    return hit;
  };
  return {
    trackingRequest: (id) => memo(`tr:${id}`, () => repos.trackingRequests.get(accountId, id)),
    shipment: (id) => memo(`s:${id}`, () => repos.shipments.get(accountId, id)),
    container: (id) => memo(`c:${id}`, () => repos.containers.get(accountId, id)),
    containersOf: (id) => memo(`cs:${id}`, () => repos.containers.listByShipments(accountId, [id])),
    eventsOf: (id) =>
      memo(`ev:${id}`, async () => {
        const transportEvents = (await repos.transportEvents.listByContainers(accountId, [id])).items;
        // Read whole for the linkage: the payloads of these events take them from here, not one by one.
        for (const event of transportEvents) if (!cache.has(`te:${event.id}`)) cache.set(`te:${event.id}`, Promise.resolve(event));
        const rawEvents = (await repos.rawEvents.listByContainers(accountId, [id])).items;
        return { transport_events: transportEvents.map((e) => ({ id: e.id })), raw_events: rawEvents.map((e) => ({ id: e.id })) };
      }),
    transportEvent: (id) => memo(`te:${id}`, () => repos.transportEvents.get(accountId, id)),
    port: (id) => memo(`p:${id}`, () => repos.ports.get(id)),
    metroArea: (id) => memo(`m:${id}`, () => repos.metroAreas.get(id)),
    terminal: (id) => memo(`t:${id}`, () => repos.terminals.get(id)),
    railTerminal: (id) => memo(`rt:${id}`, () => repos.railTerminals.get(id)),
    vessel: (id) => memo(`v:${id}`, () => repos.vessels.get(id)),
  };
}

/**
 * Loads what a notification of `event` carries in `included` (per the upstream table):
 * - `tracking_request` → the request, and its shipment with the containers once there is one;
 * - `transport_event` → the event, shipment, container, location (port or metro area), vessel and terminal;
 * - `estimated_event` → the event, shipment and port of discharge;
 * - `container_updated_event` → the event, container, shipment, port of discharge and POD terminal;
 * - `container_created_event` → the event, container and shipment;
 * - `container_pod_terminal_changed_event` → the event, container, new terminal and shipment.
 * Records that do not exist (any more) are left out. Every shipment carries its `containers` and
 * every container its `transport_events` and `raw_events`, for their linkage.
 */
export async function collectPayloadRecords(source: PayloadRecordSource, event: DomainEvent): Promise<PayloadRecords> {
  const included: PayloadRecord[] = [];
  const add = (type: string, record: { id: string } | null | undefined) => {
    if (!record || included.some((entry) => entry.type === type && entry.record.id === record.id)) return;
    included.push({ type, record });
  };
  const get = <T>(id: string | null | undefined, load: (id: string) => Promise<T | null>) => (id ? load(id) : Promise.resolve(null));
  const shipment = await get(event.shipment_id, source.shipment);
  const container = await get(event.container_id, source.container);

  switch (event.reference_object_type) {
    case "tracking_request": {
      const request = await source.trackingRequest(event.reference_object_id);
      add("tracking_request", request);
      const tracked = await get(request?.tracked_object_id, source.shipment);
      if (tracked) {
        const containers = await source.containersOf(tracked.id);
        const withContainers: Shipment & { containers: Container[] } = { ...tracked, containers };
        add("shipment", withContainers);
        for (const c of containers) add("container", c);
      }
      break;
    }
    case "transport_event": {
      // The container's events are read for its linkage anyway; reading them first serves this one too.
      if (container) await source.eventsOf(container.id);
      const transportEvent = await source.transportEvent(event.reference_object_id);
      add("transport_event", transportEvent);
      add("shipment", shipment);
      add("container", container);
      if (transportEvent) {
        if (transportEvent.location_type === "metro_area") add("metro_area", await get(transportEvent.location_id, source.metroArea));
        else add("port", await get(transportEvent.location_id, source.port));
        add("vessel", await get(transportEvent.vessel_id, source.vessel));
        if (transportEvent.terminal_type === "rail_terminal") add("rail_terminal", await get(transportEvent.terminal_id, source.railTerminal));
        else add("terminal", await get(transportEvent.terminal_id, source.terminal));
      }
      break;
    }
    default: {
      const object = eventObjectRecord(event, { shipment, container });
      if (!object) break;
      add(event.reference_object_type, object);
      if (event.reference_object_type !== "estimated_event") add("container", container);
      add("shipment", shipment);
      if (event.reference_object_type === "estimated_event" || event.reference_object_type === "container_updated_event") {
        add("port", await get(shipment?.port_of_discharge_id, source.port));
      }
      if ("terminal_id" in object) add("terminal", await get(object.terminal_id, source.terminal));
    }
  }
  return { included: await Promise.all(included.map((entry) => withLinkage(source, entry))) };
}

/** A shipment with its containers and a container with its events, for the to-many linkage every rendering carries. */
async function withLinkage(source: PayloadRecordSource, entry: PayloadRecord): Promise<PayloadRecord> {
  const record = entry.record as Record<string, unknown> & { id: string };
  if (entry.type === "shipment" && !Array.isArray(record.containers)) {
    const containers = await source.containersOf(record.id);
    return { type: entry.type, record: { ...record, containers } as PayloadRecord["record"] };
  }
  if (entry.type === "container" && !Array.isArray(record.transport_events)) {
    const events = await source.eventsOf(record.id);
    return { type: entry.type, record: { ...record, ...events } as PayloadRecord["record"] };
  }
  return entry;
}
