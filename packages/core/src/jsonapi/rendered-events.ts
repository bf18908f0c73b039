import type { ContainerEventIdRows, RenderedRecord, Storage } from "../storage/storage.js";
import type { ResourceIdentifier } from "./jsonapi-types.js";
import { renderResource, toManyText } from "./rendered.js";
import { containerResource } from "./resources.js";

/** The ids of one container's events: its `transport_events` and `raw_events` linkage. */
export interface ContainerEventIds {
  /** Transport event ids, in `timestamp` order. */
  transport_events: string[];
  /** Raw event ids, in `index` order. */
  raw_events: string[];
}

/**
 * The event ids of the containers whose linkage the storage does not keep with them
 * (`RenderedRecord.toMany`), by container id: the ids alone where the storage reads them so, else
 * through the event lists. Reads nothing when every container's linkage is kept.
 */
export async function eventIds(storage: Storage, accountId: string, containers: readonly RenderedRecord[]): Promise<Map<string, ContainerEventIds>> {
  const containerIds = containers.filter((container) => container.toMany === undefined).map((container) => container.id);
  const events = new Map(containerIds.map((id) => [id, { transport_events: [] as string[], raw_events: [] as string[] }]));
  if (containerIds.length === 0) return events;
  const rows = await eventIdRows(storage, accountId, containerIds);
  for (const event of rows.transport_events) events.get(event.container_id)?.transport_events.push(event.id);
  for (const event of rows.raw_events) events.get(event.container_id)?.raw_events.push(event.id);
  return events;
}

async function eventIdRows(storage: Storage, accountId: string, containerIds: string[]): Promise<ContainerEventIdRows> {
  if (storage.renderings?.containerEventIds) return storage.renderings.containerEventIds(accountId, containerIds);
  const [transport, raw] = await Promise.all([storage.transportEvents.listByContainers(accountId, containerIds), storage.rawEvents.listByContainers(accountId, containerIds)]);
  return { transport_events: transport.items, raw_events: raw.items };
}

/** A container's to-many linkage from its event ids (empty lists when it has none). */
export function containerLinkage(events: Readonly<ContainerEventIds> | undefined): Record<string, ResourceIdentifier[]> {
  const linkage = (type: string, ids: readonly string[] = []) => ids.map((id) => ({ type, id }));
  return { transport_events: linkage("transport_event", events?.transport_events), raw_events: linkage("raw_event", events?.raw_events) };
}

/**
 * The container linkage a storage keeps with a container (`RenderedRecord.toMany`): its
 * `transport_events` and `raw_events` members as text, for these event ids in their lists' order.
 */
export function storedEventLinkage(events: ContainerEventIds): string {
  return toManyText(containerLinkage(events));
}

/** A rendered container as a resource, its event linkage as the storage keeps it, else from `events`. */
export function containerText(container: RenderedRecord, events: ReadonlyMap<string, ContainerEventIds> | undefined): string {
  return renderResource(containerResource, container, container.toMany ?? containerLinkage(events?.get(container.id)));
}
