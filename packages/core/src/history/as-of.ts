import type { Change, ChangeResourceType, Container, Shipment } from "../domain/index.js";
import { withAttribute } from "./record-diff.js";
import { REFRESH_TIMESTAMPS, type RefreshTimestampsAt } from "./refresh-log.js";

/** What {@link recordAsOf} needs besides the current record. */
export interface AsOfInputs {
  /** The instant asked for (canonical ISO timestamp). */
  instant: string;
  /** The record's changes learned after `instant`, newest first. */
  undone: readonly Change[];
  /** `learned_at` of the record's newest change at or before `instant`, or null when there is none. */
  lastChangeAt: string | null;
  /**
   * A shipment's refresh timestamps at `instant` as its refresh log has them (see
   * `readRefreshTimestampsAt`); a timestamp absent here was not logged at or before the instant.
   */
  refreshes?: RefreshTimestampsAt;
}

/**
 * The record as Bollard knew it at `instant`: the current version with every change learned after
 * the instant undone, newest first; null when the record did not exist yet (`created_at` after it).
 * `updated_at` becomes the last change at or before the instant (or `created_at`). A shipment's
 * refresh timestamps, which the history leaves out, are the ones its refresh log has at the instant
 * (`refreshes`). One the log has nothing for at or before the instant had no logged value then: it
 * is its current value when that is at or before the instant (set before the log began and never
 * since), else `null` (it was null then; or set before the log began, which only a shipment stored
 * before its database had a refresh log can be).
 */
export function recordAsOf<T extends Shipment | Container>(type: ChangeResourceType, current: T, inputs: AsOfInputs): T | null {
  const { instant } = inputs;
  if (current.created_at > instant) return null;
  let record = current;
  for (const change of inputs.undone) record = withAttribute(record, change.attribute, change.before ?? null);
  if (record.updated_at > instant) record = { ...record, updated_at: inputs.lastChangeAt ?? record.created_at };
  if (type !== "shipment") return record;
  for (const field of REFRESH_TIMESTAMPS) {
    const value = (record as Shipment)[field];
    const logged = inputs.refreshes?.[field];
    record = { ...record, [field]: logged ?? (value !== null && value <= instant ? value : null) };
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
