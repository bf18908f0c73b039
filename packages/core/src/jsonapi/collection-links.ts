import type { Page } from "../storage/pagination.js";
import type { CollectionMeta, DocumentLinks, PaginationMeta } from "./jsonapi-types.js";

/**
 * The top-level links of a collection page: `self` echoes the request URL as sent;
 * `current`, `first`, `last` and, when they exist, `prev` and `next` are rebuilt from it
 * with `page[number]` set, parameters in alphabetical order, raw brackets and commas
 * (as the real service writes them).
 */
export function collectionLinks(requestUrl: string, page: Page, total: number): DocumentLinks {
  const url = new URL(requestUrl);
  const params = [...url.searchParams].filter(([key]) => key !== "page[number]");
  const lastNumber = Math.max(1, Math.ceil(total / page.size));
  const at = (number: number): string => {
    const pairs = [...params, ["page[number]", String(number)] as [string, string]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `${url.origin}${url.pathname}?${pairs.map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(v)}`).join("&")}`;
  };
  const links: DocumentLinks = { self: requestUrl, current: at(page.number), first: at(1), last: at(lastNumber) };
  if (page.number > 1) links.prev = at(Math.min(page.number - 1, lastNumber));
  if (page.number < lastNumber) links.next = at(page.number + 1);
  return links;
}

/**
 * The listings whose `meta` carries `pagination` as the live service writes it (tracking requests,
 * parties, webhook notifications); the others carry only `size` and `total`.
 */
export const PAGINATION_META_TYPES: ReadonlySet<string> = new Set(["tracking_request", "party", "tariff", "exception_rule", "exception", "webhook_notification", "bulk_job", "bulk_job_row"]);

/**
 * `meta.pagination` of a page: `current` and `records` always, `next` when a later page exists and
 * `last` when there are records (live: `{current:1,next:2,last:180774,records:180774}`, and
 * `{current:1,records:0}` for an empty listing).
 */
export function paginationMeta(page: Page, total: number): PaginationMeta {
  const last = Math.ceil(total / page.size);
  return { current: page.number, ...(page.number < last && { next: page.number + 1 }), ...(total > 0 && { last }), records: total };
}

/** The `meta` of a collection page: items on this page and in total, and `pagination` when `page` is given. */
export function collectionMeta(size: number, total: number, page?: Page): CollectionMeta {
  return page ? { size, total, pagination: paginationMeta(page, total) } : { size, total };
}

function encodeQuery(value: string): string {
  return encodeURIComponent(value).replace(/%5B/gi, "[").replace(/%5D/gi, "]").replace(/%2C/gi, ",");
}
