import { z } from "zod";
import { DateOnlySchema, UuidSchema } from "../domain/common-schema.js";

/** Milliseconds after the start of a UTC day. */
const DayOffsetSchema = z.int().min(0).max(86_399_999);

/**
 * One shipment's refreshes of one UTC day: when its `line_tracking_last_attempted_at` and
 * `line_tracking_last_succeeded_at` were set, as milliseconds after the day's start. One record per
 * (account, shipment, day), so the log grows with days, not with refreshes.
 */
export const RefreshLogDaySchema = z.object({
  /** The account the shipment belongs to. */
  account_id: UuidSchema,
  /** The shipment. */
  shipment_id: UuidSchema,
  /** The UTC day, `YYYY-MM-DD`. */
  day: DateOnlySchema,
  /** The instants `line_tracking_last_attempted_at` was set to, in milliseconds after the day's start, in the order appended. */
  attempted: z.array(DayOffsetSchema),
  /** The instants `line_tracking_last_succeeded_at` was set to, likewise. */
  succeeded: z.array(DayOffsetSchema),
});

/** One shipment's refreshes of one UTC day (see {@link RefreshLogDaySchema}). */
export interface RefreshLogDay extends z.infer<typeof RefreshLogDaySchema> {}

/**
 * The refresh log: the instants a shipment's refresh timestamps took, which the history of changes
 * leaves out because they move on every refresh. Records are only appended to, never rewritten.
 */
export interface RefreshLogRepository {
  /**
   * Appends the record's `attempted` and `succeeded` offsets, in their order, after those stored for
   * its (`account_id`, `shipment_id`, `day`), or stores the record when that day has none yet
   * (one upsert); atomic inside a transaction.
   */
  append(day: RefreshLogDay): Promise<void>;
  /**
   * The shipment's records of the account whose `day` is `through` or earlier, newest first (`day`
   * descending), at most `limit`; `[]` when there are none.
   */
  listThrough(accountId: string, shipmentId: string, through: string, limit: number): Promise<RefreshLogDay[]>;
}
