/** The most records a tool reads to filter or summarise a listing the SDK cannot filter itself. */
export const SCAN_LIMIT = 1_000;

/** What {@link scanPages} read. */
export interface Scan<T> {
  /** The records read, in the listing's order. */
  items: T[];
  /** How many records the listing holds. */
  total: number;
  /** Whether every record was read (false past {@link SCAN_LIMIT}: say so in the answer). */
  complete: boolean;
}

/** Reads a listing page by page (100 at a time) up to `limit` records. */
export async function scanPages<T>(read: (page: { number: number; size: number }) => Promise<{ data: T[]; total: number }>, limit = SCAN_LIMIT): Promise<Scan<T>> {
  const items: T[] = [];
  let total = 0;
  for (let number = 1; items.length < limit; number++) {
    const page = await read({ number, size: 100 });
    total = page.total;
    items.push(...page.data.slice(0, limit - items.length));
    if (page.data.length < 100 || items.length >= total) break;
  }
  return { items, total, complete: items.length >= total };
}

/** One page of already filtered items. */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}
