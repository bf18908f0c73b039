import type { Change, ChangeResourceType, Container, Shipment } from "../domain/index.js";
import { withAttribute } from "./record-diff.js";

/** What {@link recordAsOf} needs besides the current record. */
export interface AsOfInputs {
  /** The instant asked for (canonical ISO timestamp). */
  instant: string;
  /** The record's changes learned after `instant`, newest first. */
  undone: readonly Change[];
  /** `learned_at` of the record's newest change at or before `instant`, or null when there is none. */
  lastChangeAt: string | null;
}

/** The refresh timestamps the history leaves out, by record type (see `UNTRACKED_FIELDS`). */
const REFRESH_TIMESTAMPS: Readonly<Record<ChangeResourceType, readonly string[]>> = {
  shipment: ["line_tracking_last_attempted_at", "line_tracking_last_succeeded_at"],
  container: [],
};

/**
 * The record as Bollard knew it at `instant`: the current version with every change learned after
 * the instant undone, newest first; null when the record did not exist yet (`created_at` after it).
 * `updated_at` becomes the last change at or before the instant (or `created_at`). The refresh
 * timestamps the history leaves out keep their current value when it is at or before the instant,
 * and are otherwise `null`: unknown, as no record of the refreshes in between is kept.
 */
export function recordAsOf<T extends Shipment | Container>(type: ChangeResourceType, current: T, inputs: AsOfInputs): T | null {
  const { instant } = inputs;
  if (current.created_at > instant) return null;
  let record = current;
  for (const change of inputs.undone) record = withAttribute(record, change.attribute, change.before ?? null);
  if (record.updated_at > instant) record = { ...record, updated_at: inputs.lastChangeAt ?? record.created_at };
  for (const field of REFRESH_TIMESTAMPS[type]) {
    const value = (record as Record<string, unknown>)[field];
    if (typeof value === "string" && value > instant) record = { ...record, [field]: null };
  }
  return record;
}

/**
 * Keeps, of each to-many relation read with a record (a shipment's `containers`, a container's
 * `transport_events` and `raw_events`), the related records that existed at `instant` (`created_at`
 * at or before it), so the linkage of an `as_of` read is the one of that time. The related records
 * themselves are as they are now.
 */
export function relatedExistingAt<T extends object>(record: T, relationNames: readonly string[], instant: string): T {
  const out: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const name of relationNames) {
    const related = out[name];
    if (Array.isArray(related)) out[name] = related.filter((child: { created_at?: unknown }) => typeof child.created_at !== "string" || child.created_at <= instant);
  }
  return out as T;
}
