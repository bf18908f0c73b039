import type { TransportEvent, Webhook } from "../domain/index.js";

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

/**
 * A webhook as this version reads it: the settings added since (`free_time_ending_days`,
 * `demurrage_cost_threshold`, `min_eta_change_hours`, `min_lfd_change_hours`) read as their defaults. Returns the record itself when it has them.
 */
export function upgradeWebhook(webhook: Webhook): Webhook {
  const legacy = webhook as Partial<Webhook>;
  if (legacy.free_time_ending_days !== undefined && legacy.demurrage_cost_threshold !== undefined && legacy.min_eta_change_hours !== undefined && legacy.min_lfd_change_hours !== undefined) return webhook;
  return {
    ...webhook,
    free_time_ending_days: legacy.free_time_ending_days ?? 3,
    demurrage_cost_threshold: legacy.demurrage_cost_threshold ?? null,
    min_eta_change_hours: legacy.min_eta_change_hours ?? 0,
    min_lfd_change_hours: legacy.min_lfd_change_hours ?? 0,
  };
}
