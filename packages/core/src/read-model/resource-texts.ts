import { createHash } from "node:crypto";
import type { Container, Shipment } from "../domain/index.js";
import { resourceAttributes, toOneRelationships } from "../jsonapi/resource-text.js";
import type { ResourceIdentifier } from "../jsonapi/jsonapi-types.js";
import { renderParts, renderResource, toManyText, type RenderedRecord } from "../jsonapi/resource-text.js";
import { containerResource, shipmentResource } from "../jsonapi/resources.js";
import type { ResourceDefinition } from "../jsonapi/resource-definition.js";
import type { StorageRepositories } from "../storage/repositories.js";
import { wireValue } from "../jsonapi/wire-time.js";

/** The ids of one container's events: its `transport_events` and `raw_events` linkage. */
export interface ContainerEventIds {
  /** Transport event ids, in `timestamp` order. */
  transport_events: string[];
  /** Raw event ids, in `index` order. */
  raw_events: string[];
}

/** A container's to-many linkage from its event ids (empty lists when it has none). */
export function containerLinkage(events: Readonly<ContainerEventIds> | undefined): Record<string, ResourceIdentifier[]> {
  const linkage = (type: string, ids: readonly string[] = []) => ids.map((id) => ({ type, id }));
  return { transport_events: linkage("transport_event", events?.transport_events), raw_events: linkage("raw_event", events?.raw_events) };
}

/*
 * The texts core's read model keeps (`StorageRepositories.keptTexts`): for each shipment and
 * container, the JSON text of its attributes and to-one relationships; for each shipment, the ids of
 * its containers; for each container, its event linkage as the text of its `transport_events` and
 * `raw_events` relationship members. Kept under the renderer's fingerprint: a Bollard version that
 * renders differently finds none of them, and makes each again as it is read or written.
 */

/** The keys of the texts kept for a record. */
export const textKeys = {
  /** A shipment's or container's attributes and to-one relationships (see {@link recordText}). */
  record: (type: "shipment" | "container", id: string) => `${type}:${id}`,
  /** The ids of a shipment's containers, oldest first (a JSON array). */
  shipmentContainers: (shipmentId: string) => `shipment-containers:${shipmentId}`,
  /** A container's event linkage ({@link eventLinkageText}). */
  containerEvents: (containerId: string) => `container-events:${containerId}`,
};

/** A record's kept text: its rendered attributes and to-one relationships, one line each (JSON text has no raw newline). */
export function recordText(type: "shipment" | "container", record: Shipment | Container): string {
  const definition: ResourceDefinition = type === "shipment" ? shipmentResource : containerResource;
  const parts = renderParts(definition, record);
  return `${parts.attributes}\n${parts.relationships}`;
}

/** The rendered record a kept {@link recordText} holds. */
export function fromRecordText(id: string, text: string): RenderedRecord {
  const split = text.indexOf("\n");
  return { id, attributes: text.slice(0, split), relationships: text.slice(split + 1) };
}

/** A container's event linkage as kept: its relationship members as text, for these event ids in their lists' order. */
export function eventLinkageText(events: ContainerEventIds): string {
  return toManyText(containerLinkage(events));
}

/** The texts of these shipments' container ids (see {@link textKeys}), read from `repositories`, by shipment id. */
export async function containerIdsTexts(repositories: StorageRepositories, accountId: string, shipmentIds: readonly string[]): Promise<Map<string, string>> {
  const containers = await repositories.containers.listByShipments(accountId, shipmentIds);
  return new Map(shipmentIds.map((id) => [id, JSON.stringify(containers.filter((c) => c.shipment_id === id).map((c) => c.id))]));
}

/** The event linkage texts of these containers ({@link eventLinkageText}), read from `repositories`, by container id. */
export async function eventLinkageTexts(repositories: StorageRepositories, accountId: string, containerIds: readonly string[]): Promise<Map<string, string>> {
  const [transport, raw] = await Promise.all([repositories.transportEvents.listByContainers(accountId, containerIds), repositories.rawEvents.listByContainers(accountId, containerIds)]);
  const events = new Map(containerIds.map((id) => [id, { transport_events: [] as string[], raw_events: [] as string[] }]));
  for (const event of transport.items) if (event.container_id !== null) events.get(event.container_id)?.transport_events.push(event.id);
  for (const event of raw.items) if (event.container_id !== null) events.get(event.container_id)?.raw_events.push(event.id);
  return new Map([...events].map(([id, linkage]) => [id, eventLinkageText(linkage)]));
}

let fingerprint: string | undefined;

/**
 * The renderer's fingerprint, the stamp every text is kept under: a hash of the resources' shapes
 * (attribute keys, relationships) and of the code that renders them (read from the functions
 * themselves), so any change to how a text is made is a new fingerprint, with no version to bump.
 */
export function rendererFingerprint(): string {
  fingerprint ??= createHash("sha256")
    .update(
      JSON.stringify([
        [shipmentResource, containerResource].map((definition) => [
          definition.type,
          definition.attributes,
          definition.verbatim ?? [],
          Object.entries(definition.relationships).map(([name, relation]) => [name, relation.kind, relation.types, relation.kind === "one" ? relation.linkage.toString() : ""]),
          definition.selfLink?.toString() ?? "",
        ]),
        [resourceAttributes, toOneRelationships, wireValue, renderParts, renderResource, toManyText, recordText, fromRecordText, eventLinkageText, containerLinkage].map(String),
        // What the code reads from a record: each field read gives its own name, so a relation that
        // reads another field renders differently.
        ([shipmentResource, containerResource] as ResourceDefinition[]).map((definition) => renderParts(definition, new Proxy({}, { get: (_, key) => (typeof key === "string" ? key : undefined) }) as never)),
      ]),
    )
    .digest("hex")
    .slice(0, 16);
  return fingerprint;
}
