import type { ChangeResourceType, ChangeSource } from "../domain/index.js";

/**
 * Container attributes the POD terminal (or the inland facility) reports rather than the shipping
 * line: a change of one of them that arrives with a carrier refresh is recorded as source `terminal`.
 */
export const TERMINAL_ATTRIBUTES: ReadonlySet<string> = new Set([
  "availability_known",
  "available_for_pickup",
  "pickup_lfd",
  "pickup_appointment_at",
  "holds_at_pod_terminal",
  "fees_at_pod_terminal",
  "location_at_pod_terminal",
  "pod_full_out_chassis_number",
  "terminal_checked_at",
  "pod_last_tracking_request_at",
  "import_deadlines.pickup_lfd_terminal",
  "ind_facility_lfd_on",
  "ind_facility_holds",
  "ind_facility_fees",
]);

/**
 * The source a change is recorded with: the entry point's (`user` edits, `ingest` feeds), except
 * that a carrier refresh's changes to terminal attributes ({@link TERMINAL_ATTRIBUTES}) are `terminal`.
 */
export function changeSource(entry: ChangeSource, type: ChangeResourceType, attribute: string): ChangeSource {
  return entry === "carrier" && type === "container" && TERMINAL_ATTRIBUTES.has(attribute) ? "terminal" : entry;
}
