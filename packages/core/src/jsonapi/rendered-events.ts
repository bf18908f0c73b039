import type { ContainerEventIdRows, Storage } from "../storage/storage.js";
import type { ResourceIdentifier } from "./jsonapi-types.js";

/** The ids of one container's events: its `transport_events` and `raw_events` linkage. */
export interface ContainerEventIds {
  /** Transport event ids, in `timestamp` order. */
  transport_events: string[];
  /** Raw event ids, in `index` order. */
  raw_events: string[];
}

/** The event ids of containers, by container id: the ids alone where the storage reads them so, else through the event lists. */
export async function eventIds(storage: Storage, accountId: string, containerIds: string[]): Promise<Map<string, ContainerEventIds>> {
  const events = new Map(containerIds.map((id) => [id, { transport_events: [] as string[], raw_events: [] as string[] }]));
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
export function containerLinkage(events: ContainerEventIds | undefined): Record<string, ResourceIdentifier[]> {
  const linkage = (type: string, ids: readonly string[] = []) => ids.map((id) => ({ type, id }));
  return { transport_events: linkage("transport_event", events?.transport_events), raw_events: linkage("raw_event", events?.raw_events) };
}
