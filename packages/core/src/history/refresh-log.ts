import type { Shipment } from "../domain/index.js";
import type { RefreshLogDay, RefreshLogRepository, StorageRepositories } from "../storage/index.js";

/**
 * The shipment attributes the refresh log keeps instead of the history of changes: they move on
 * every refresh, so one change record each time would bury the real changes.
 */
export const REFRESH_TIMESTAMPS = ["line_tracking_last_attempted_at", "line_tracking_last_succeeded_at"] as const;

/** One of {@link REFRESH_TIMESTAMPS}. */
export type RefreshTimestamp = (typeof REFRESH_TIMESTAMPS)[number];

/** The refresh timestamps of a shipment at some instant, as far as the refresh log knows them. */
export type RefreshTimestampsAt = Partial<Record<RefreshTimestamp, string>>;

const LIST_OF = { line_tracking_last_attempted_at: "attempted", line_tracking_last_succeeded_at: "succeeded" } as const satisfies Record<RefreshTimestamp, "attempted" | "succeeded">;

const DAY_MS = 86_400_000;

/** The UTC day of an instant (`YYYY-MM-DD`) and the milliseconds since its start. */
function dayAndOffset(instant: string): { day: string; offset: number } {
  const ms = Date.parse(instant);
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  return { day: new Date(start).toISOString().slice(0, 10), offset: ms - start };
}

/** The day before a `YYYY-MM-DD` day. */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * What writing `after` over `before` (null for an insert) appends to the refresh log: each refresh
 * timestamp that took a new, non-null value is logged at that value (a refresh sets both to its
 * own time), grouped by UTC day, so one refresh gives one record. A pure function.
 */
export function refreshLogAppends(before: Shipment | null, after: Shipment): RefreshLogDay[] {
  const byDay = new Map<string, RefreshLogDay>();
  for (const field of REFRESH_TIMESTAMPS) {
    const value = after[field];
    if (value === null || value === (before?.[field] ?? null)) continue;
    const { day, offset } = dayAndOffset(value);
    let record = byDay.get(day);
    if (!record) byDay.set(day, (record = { account_id: after.account_id, shipment_id: after.id, day, attempted: [], succeeded: [] }));
    record[LIST_OF[field]].push(offset);
  }
  return [...byDay.values()];
}

/** Appends to `tx.refreshLog` what writing `after` over `before` moved (see {@link refreshLogAppends}): one small upsert per refresh. */
export async function logRefreshes(tx: StorageRepositories, before: Shipment | null, after: Shipment): Promise<void> {
  for (const day of refreshLogAppends(before, after)) await tx.refreshLog.append(day);
}

/**
 * The refresh timestamps at `instant` by the log records `newestFirst` (one shipment's, `day`
 * descending, none after the instant's day): for each, the latest logged value at or before the
 * instant, found in the newest record that has one; absent when these records have none. A pure function.
 */
export function refreshTimestampsIn(newestFirst: readonly RefreshLogDay[], instant: string): RefreshTimestampsAt {
  const { day: today, offset: now } = dayAndOffset(instant);
  const found: RefreshTimestampsAt = {};
  for (const field of REFRESH_TIMESTAMPS) {
    for (const record of newestFirst) {
      const offsets = record.day === today ? record[LIST_OF[field]].filter((offset) => offset <= now) : record[LIST_OF[field]];
      if (offsets.length === 0) continue;
      found[field] = new Date(Date.parse(`${record.day}T00:00:00.000Z`) + Math.max(...offsets)).toISOString();
      break;
    }
  }
  return found;
}

/** Log records read per query: the instant's day and the one before answer an hourly refreshed shipment. */
const FIRST_READ = 2;
const LATER_READS = 32;

/**
 * A shipment's refresh timestamps at `instant` (see {@link refreshTimestampsIn}), reading its log
 * records from the instant's day backwards until both are found or the log ends.
 */
export async function readRefreshTimestampsAt(log: RefreshLogRepository, accountId: string, shipmentId: string, instant: string): Promise<RefreshTimestampsAt> {
  const read: RefreshLogDay[] = [];
  let through = dayAndOffset(instant).day;
  for (let limit = FIRST_READ; ; limit = LATER_READS) {
    const records = await log.listThrough(accountId, shipmentId, through, limit);
    read.push(...records);
    const found = refreshTimestampsIn(read, instant);
    if (REFRESH_TIMESTAMPS.every((field) => field in found) || records.length < limit) return found;
    through = dayBefore(records.at(-1)!.day);
  }
}
