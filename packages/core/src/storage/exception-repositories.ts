import type { ExceptionKind, ExceptionRule, ExceptionStatus, ShipmentException } from "../domain/index.js";
import type { Page, PageResult } from "./pagination.js";

/** The exception rules of an account: at most one per kind (core keeps the kinds unique). */
export interface ExceptionRuleRepository {
  /** Stores a new rule; `conflict` when the id is taken. */
  insert(rule: ExceptionRule): Promise<void>;
  /** Replaces the stored rule; `not_found` when there is none. */
  update(rule: ExceptionRule): Promise<void>;
  /** The account's rule with this id, or null. */
  get(accountId: string, id: string): Promise<ExceptionRule | null>;
  /** Removes the account's rule; true when it removed one. */
  delete(accountId: string, id: string): Promise<boolean>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, page: Page): Promise<PageResult<ExceptionRule>>;
}

/** Filters of the exceptions listing; all optional and combined with AND. */
export interface ExceptionListQuery {
  /** Which page to return. */
  page: Page;
  /** Only exceptions with this status. */
  status?: ExceptionStatus;
  /** Only exceptions of this kind. */
  kind?: ExceptionKind;
  /** Only exceptions of this shipment. */
  shipmentId?: string;
  /** Only exceptions of this container. */
  containerId?: string;
}

/** The exceptions raised on an account's shipments: open while their condition holds, then cleared. */
export interface ExceptionRepository {
  /** Stores new exceptions; `conflict` when an id is taken; all or nothing inside a transaction. */
  insertMany(exceptions: readonly ShipmentException[]): Promise<void>;
  /** Replaces the stored exception (clearing it); `not_found` when there is none. */
  update(exception: ShipmentException): Promise<void>;
  /** The account's exception with this id, or null. */
  get(accountId: string, id: string): Promise<ShipmentException | null>;
  /** Ordered newest first: `raised_at` descending, then `id` descending. */
  list(accountId: string, query: ExceptionListQuery): Promise<PageResult<ShipmentException>>;
  /** The `open` exceptions of these shipments of the account, in no stated order (the evaluation pass reads a page's worth at once). */
  listOpenByShipments(accountId: string, shipmentIds: readonly string[]): Promise<ShipmentException[]>;
}
