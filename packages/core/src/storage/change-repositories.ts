import type { Change, ChangeResourceType } from "../domain/index.js";
import type { Page, PageResult } from "./pagination.js";

/**
 * The history of shipments and containers: one append-only record per changed attribute, written
 * in the transaction of the write it describes. Records are never updated or deleted.
 */
export interface ChangeRepository {
  /** Stores changes; `conflict` when an id is taken; all or nothing inside a transaction. */
  insertMany(changes: readonly Change[]): Promise<void>;
  /**
   * The changes of one record of the account, newest first: `learned_at` descending, then `id`
   * descending (so changes learned at the same instant come in reverse order of writing).
   */
  listByResource(accountId: string, resourceType: ChangeResourceType, resourceId: string, page: Page): Promise<PageResult<Change>>;
  /**
   * Every change of one record of the account learned strictly after `after`, in the order of
   * {@link ChangeRepository.listByResource} (newest first): what undoing the record back to `after` needs.
   */
  listLearnedAfter(accountId: string, resourceType: ChangeResourceType, resourceId: string, after: string): Promise<Change[]>;
}
