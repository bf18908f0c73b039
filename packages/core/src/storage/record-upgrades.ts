import type { TransportEvent } from "../domain/index.js";

/**
 * A transport event as this version reads it, from a document an older version may have written
 * (adapters that keep documents as they were written call it on read): fields added since read as
 * `null`, and the `rail` data source, which is not one of the upstream OpenAPI's, as
 * `shipping_line`. Returns the record itself when it needs nothing, so the read path allocates
 * nothing for current records.
 */
export function upgradeTransportEvent(event: TransportEvent): TransportEvent {
  const legacy = event as Omit<Partial<TransportEvent>, "data_source"> & { data_source: string | null };
  if (legacy.value !== undefined && legacy.invalidated_at !== undefined && legacy.previous_version_id !== undefined && legacy.data_source !== "rail") return event;
  return {
    ...event,
    data_source: legacy.data_source === "rail" ? "shipping_line" : (event.data_source as TransportEvent["data_source"]),
    value: legacy.value ?? null,
    invalidated_at: legacy.invalidated_at ?? null,
    previous_version_id: legacy.previous_version_id ?? null,
  };
}
