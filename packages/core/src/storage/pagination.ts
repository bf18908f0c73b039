/** A page request: `number` is 1-based, `size` is at least 1. */
export interface Page {
  /** The page, counting from 1. */
  number: number;
  /** Records per page, at least 1. */
  size: number;
}

/** One page of an ordered listing, with the total number of matching records. */
export interface PageResult<T> {
  /** The page's records, in the listing's order. */
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

/** The step of an evenly thinned series of `count` items kept to at most `maxPoints`; 1 keeps all. */
export function thinningStep(count: number, maxPoints: number | undefined): number {
  if (maxPoints === undefined || count <= maxPoints) return 1;
  return Math.ceil((count - 1) / (Math.max(2, maxPoints) - 1));
}

/** Keeps the items at positions 0, step, 2·step, … and the last one (see `VesselPositionRepository.listByVessel`). */
export function thinEvenly<T>(ordered: readonly T[], maxPoints: number | undefined): T[] {
  const step = thinningStep(ordered.length, maxPoints);
  if (step === 1) return [...ordered];
  return ordered.filter((_, i) => i % step === 0 || i === ordered.length - 1);
}
