/** A page request: `number` is 1-based, `size` is at least 1. */
export interface Page {
  number: number;
  size: number;
}

/** One page of an ordered listing, with the total number of matching records. */
export interface PageResult<T> {
  items: T[];
  /** How many records match the query across all pages. */
  total: number;
}

/** The zero-based offset of the first record of a page. */
export function pageOffset(page: Page): number {
  return (page.number - 1) * page.size;
}

/** Cuts one page out of an already ordered array; for adapters that filter in memory. */
export function slicePage<T>(ordered: readonly T[], page: Page | undefined): PageResult<T> {
  if (!page) return { items: [...ordered], total: ordered.length };
  const start = pageOffset(page);
  return { items: ordered.slice(start, start + page.size), total: ordered.length };
}
