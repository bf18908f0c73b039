import type { ResourceIdentifier } from "./jsonapi-types.js";

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
