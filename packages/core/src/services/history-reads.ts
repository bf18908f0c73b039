import { toTimestamp } from "../domain/common-schema.js";
import type { Change, ChangeResourceType, Container, Shipment } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { recordAsOf, relatedExistingAt } from "../history/as-of.js";
import { readRefreshTimestampsAt } from "../history/refresh-log.js";
import { relationsByType } from "../relations/relation-definitions.js";
import type { Page } from "../storage/index.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListResult, ReadOptions } from "./read-options.js";
import type { SessionContext } from "./session-context.js";

/** The default page size of a record's changes. */
export const CHANGE_PAGE_SIZE = 30;

/** Options of `changes(id, options)` on the shipment and container services. */
export interface ChangeListOptions {
  /** Which page: `number` from 1 and `size` (default 30, at most 100). */
  page?: Partial<Page>;
}

/**
 * Options of a shipment or container read that may look back in time.
 * @typeParam P - The include paths asked for.
 */
export interface AsOfReadOptions<P extends string = never> extends ReadOptions<P> {
  /**
   * Answer what Bollard knew at this instant (an ISO 8601 date-time or a `Date`): the record with
   * every change learned after it undone; 404 when the record did not exist yet, 400 on `asOf` when
   * it is no date-time. To-many linkage (a shipment's containers, a container's events) lists the
   * records that existed then; included records are read as they are now.
   */
  asOf?: string | Date;
}

type Versioned = { shipment: Shipment; container: Container };

/** The history reads shared by the shipment and container services. */
export interface HistoryReads {
  /** The record's changes, newest first; 404 when the account has no such record. */
  changes(type: ChangeResourceType, id: string, options?: ChangeListOptions): Promise<ListResult<Change>>;
  /** The record as it was at `asOf` (see {@link AsOfReadOptions.asOf}), or null when it did not exist yet or does not exist. */
  asOf<T extends ChangeResourceType>(type: T, id: string, asOf: string | Date): Promise<Versioned[T] | null>;
  /** A record read with its related records, cut to the to-many relations that existed at `asOf`. */
  linkageAt<T extends object>(type: ChangeResourceType, record: T, asOf: string | Date): T;
}

/** The instant of an `asOf` option as a canonical timestamp; a 400 on `asOf` when it is no date-time. */
export function parseAsOf(value: string | Date): string {
  const instant = typeof value === "string" || value instanceof Date ? toTimestamp(value) : null;
  if (instant === null) throw new BollardError("invalid_parameter", "The instant to read the record as of must be an ISO 8601 date-time, e.g. 2025-11-18T15:26:00Z", { parameter: "asOf" });
  return instant;
}

/** Creates the {@link HistoryReads} of a session. */
export function createHistoryReads(context: SessionContext): HistoryReads {
  const { storage, accountId } = context;
  const current = (type: ChangeResourceType, id: string) => (type === "shipment" ? storage.shipments.get(accountId, id) : storage.containers.get(accountId, id));
  return {
    async changes(type, id, options = {}) {
      const page = resolvePage(options.page, CHANGE_PAGE_SIZE);
      if (!(await current(type, id))) throw new NotFoundError(`No ${type} ${id}`);
      const { items, total } = await storage.changes.listByResource(accountId, type, id, page);
      return { data: items, total, page };
    },
    async asOf(type, id, asOf) {
      const instant = parseAsOf(asOf);
      // The record first, its changes after: a write committed in between only adds changes whose
      // `before` is what the record read already holds, so undoing them changes nothing.
      const record = await current(type, id);
      if (!record || record.created_at > instant) return null;
      const undone = await storage.changes.listLearnedAfter(accountId, type, id, instant);
      const previous = record.updated_at > instant ? (await storage.changes.listByResource(accountId, type, id, { number: undone.length + 1, size: 1 })).items[0] : undefined;
      // A shipment's refresh timestamps are not changes: its refresh log has them.
      const refreshes = type === "shipment" ? await readRefreshTimestampsAt(storage.refreshLog, accountId, id, instant) : undefined;
      return recordAsOf(type, record, { instant, undone, lastChangeAt: previous?.learned_at ?? null, refreshes }) as never;
    },
    linkageAt(type, record, asOf) {
      const many = Object.entries(relationsByType(type) ?? {}).filter(([, relation]) => relation.kind === "many").map(([name]) => name);
      return relatedExistingAt(record, many, parseAsOf(asOf));
    },
  };
}
