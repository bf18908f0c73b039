import Big from "big.js";
import type { DomainEvent, Webhook } from "../domain/index.js";

/**
 * Whether a webhook wants a demurrage or detention notification (every other event: yes). A
 * `container.free_time.ending` event is raised once per setting in use (`data.days_ahead`), and goes
 * to the webhooks with that `free_time_ending_days`; with a `demurrage_cost_threshold`, only charges
 * projected at least that much in that currency are sent (an unpriced charge, whose cost is unknown, is sent).
 */
export function wantsAlert(webhook: Webhook, event: DomainEvent): boolean {
  if (event.reference_object_type !== "container_demurrage_event") return true;
  const { data } = event;
  if (event.event === "container.free_time.ending" && data.days_ahead !== webhook.free_time_ending_days) return false;
  const threshold = webhook.demurrage_cost_threshold;
  const projected = data.projected as { amount: string; currency: string } | null | undefined;
  if (threshold === null || projected === null || projected === undefined) return true;
  return projected.currency === threshold.currency && new Big(projected.amount).gte(threshold.amount);
}
