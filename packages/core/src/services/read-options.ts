import type { Page } from "../storage/index.js";

/**
 * Options of a read: the related records to bring along, as include paths checked against the
 * record type's relations at compile time (and at run time: an unknown path is a 400 on `include`).
 * @typeParam P - The include paths asked for; the result is typed by them.
 */
export interface ReadOptions<P extends string = never> {
  /** Related records to read too, e.g. `["containers", "containers.transport_events"]`. */
  include?: readonly P[];
}

/** Options of a paginated read. */
export interface ListOptions<P extends string = never> extends ReadOptions<P> {
  /** Which page: `number` from 1 and `size` (at most 100); each listing has its own default size. */
  page?: Partial<Page>;
}

/** One page of records read through a session. */
export interface ListResult<T> {
  /** The page's records, in the listing's order. */
  data: T[];
  /** How many records match across all pages. */
  total: number;
  /** The page returned (defaults applied). */
  page: Page;
}
