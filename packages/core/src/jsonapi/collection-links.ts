import type { Page } from "../storage/pagination.js";
import type { CollectionMeta, DocumentLinks } from "./jsonapi-types.js";

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

/** The `meta` of a collection page: items on this page and in total. */
export function collectionMeta(size: number, total: number): CollectionMeta {
  return { size, total };
}

function encodeQuery(value: string): string {
  return encodeURIComponent(value).replace(/%5B/gi, "[").replace(/%5D/gi, "]").replace(/%2C/gi, ",");
}
