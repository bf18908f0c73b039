import Big from "big.js";
import type { DomainEvent, Webhook, WebhookEventName } from "../domain/index.js";

/** The events that announce a moved estimate, and those that announce a moved last free day. */
const ETA_EVENTS: ReadonlySet<WebhookEventName> = new Set([
  "shipment.estimated.arrival",
  "container.transport.estimated.vessel_arrived",
  "container.transport.estimated.vessel_departed",
  "container.transport.estimated.arrived_at_inland_destination",
]);
const LFD_EVENTS: ReadonlySet<WebhookEventName> = new Set(["container.pickup_lfd.changed", "container.pickup_lfd_line.changed", "container.pickup_lfd_terminal.changed", "container.pickup_lfd_rail.changed"]);

/**
 * Whether a webhook subscribed to an event wants this notification of it (the settings are
 * Bollard extensions; with their defaults, every notification is wanted):
 * - a moved estimate or last free day only when it moved at least `min_eta_change_hours` or
 *   `min_lfd_change_hours` (a first date, or one that went away, always counts);
 * - `container.free_time.ending` only for the webhook's own `free_time_ending_days` (the event is
 *   raised once per setting in use);
 * - demurrage and detention alerts only for charges projected at least `demurrage_cost_threshold`
 *   in its currency (a charge whose cost is unknown is sent).
 */
export function wantsNotification(webhook: Webhook, event: DomainEvent): boolean {
  if (ETA_EVENTS.has(event.event)) return movedEnough(event, webhook.min_eta_change_hours);
  if (LFD_EVENTS.has(event.event)) return movedEnough(event, webhook.min_lfd_change_hours);
  if (event.reference_object_type !== "container_demurrage_event") return true;
  const { data } = event;
  if (event.event === "container.free_time.ending" && data.days_ahead !== webhook.free_time_ending_days) return false;
  const threshold = webhook.demurrage_cost_threshold;
  const projected = data.projected as { amount: string; currency: string } | null | undefined;
  if (threshold === null || projected === null || projected === undefined) return true;
  return projected.currency === threshold.currency && new Big(projected.amount).gte(threshold.amount);
}

/** Whether a date moved at least `hours` (`shipment.estimated.arrival` keeps its dates as `estimated_timestamp`/`previous_timestamp`, the others as `value`/`previous_value`). */
function movedEnough(event: DomainEvent, hours: number): boolean {
  if (hours <= 0) return true;
  const { data } = event;
  const after = typeof (data.estimated_timestamp ?? data.value) === "string" ? Date.parse((data.estimated_timestamp ?? data.value) as string) : NaN;
  const before = typeof (data.previous_timestamp ?? data.previous_value) === "string" ? Date.parse((data.previous_timestamp ?? data.previous_value) as string) : NaN;
  if (Number.isNaN(after) || Number.isNaN(before)) return true;
  return Math.abs(after - before) >= hours * 3_600_000;
}
