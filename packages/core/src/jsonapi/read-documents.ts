import type { RecordType } from "../relations/record-types.js";
import { includeTree, MAX_INCLUDE_DEPTH, type IncludePath, type IncludeTree } from "../relations/include-paths.js";
import { relationsByType } from "../relations/relation-definitions.js";
import type { Page } from "../storage/pagination.js";
import { collectionLinks, collectionMeta, PAGINATION_META_TYPES } from "./collection-links.js";
import { buildDocument } from "./document.js";
import type { IdentifiedRecord } from "./jsonapi-types.js";
import { resourceRegistry } from "./resources.js";

/**
 * The include paths to read records of `type` with for a document: the requested ones, plus the
 * to-many relationships every rendering of a type carries the linkage of (a shipment's
 * `containers`, a container's `transport_events` and `raw_events`), for the records in `data` and
 * for those the requested paths include. Those are read but included only when requested. An
 * always-linked path that would make the include deeper than `MAX_INCLUDE_DEPTH` or longer than
 * `MAX_INCLUDE_PATHS` is left out (its records then carry no such linkage).
 */
export function documentInclude<T extends RecordType>(type: T, requested: readonly IncludePath<T>[]): IncludePath<T>[] {
  const paths: string[] = [...requested];
  const add = (path: string) => {
    if (paths.includes(path) || path.split(".").length > MAX_INCLUDE_DEPTH) return;
    try {
      includeTree(type, [...paths, path]);
      paths.push(path);
    } catch {
      // over the limits: this record goes without the linkage rather than the request failing
    }
  };
  const walk = (types: readonly string[], tree: IncludeTree, prefix: string) => {
    for (const t of types) for (const name of resourceRegistry.get(t)?.linked ?? []) if (!tree.has(name)) add(prefix + name);
    for (const [name, child] of tree) {
      const targets = [...new Set(types.flatMap((t) => relationsByType(t)?.[name]?.types ?? []))];
      walk(targets, child, `${prefix}${name}.`);
    }
  };
  walk([type], includeTree(type, requested), "");
  return paths as IncludePath<T>[];
}

/** Options of {@link resourceDocument}. */
export interface ResourceDocumentOptions {
  /** The requested include paths (not the always-linked ones): their records go to `included`. */
  include?: readonly string[];
  /** The top-level `links.self`. */
  self?: string;
}

/** The document text of one record read with its related records (see {@link documentInclude}). */
export function resourceDocument(type: RecordType, record: IdentifiedRecord, options: ResourceDocumentOptions = {}): string {
  return buildDocument(type, record, {
    include: requestedTree(type, options.include),
    ...(options.self !== undefined && { links: { self: options.self } }),
  });
}

/** One page of records as a list read returns it. */
export interface RecordPage {
  /** The page's records. */
  data: readonly IdentifiedRecord[];
  /** The page returned. */
  page: Page;
  /** How many records match across all pages. */
  total: number;
}

/** The document text of a page of records, with paging links rebuilt from the request URL and `meta`. */
export function listDocument(type: RecordType, result: RecordPage, options: { include?: readonly string[]; requestUrl: string }): string {
  return buildDocument(type, result.data, { include: requestedTree(type, options.include), ...listParts(type, result.data.length, result, options.requestUrl) });
}

/** The top-level members of a list document besides its data. */
export interface ListParts {
  /** `links`: `self`, and `first`/`prev`/`next`/`last` as the page has them. */
  links: unknown;
  /** `meta`: the page's size and the total (and the page, for the types that show it). */
  meta: unknown;
}

/** A list document's top-level `links` (paging, rebuilt from the request URL) and `meta`, for a page of `size` records. */
export function listParts(type: string, size: number, paging: Pick<RecordPage, "page" | "total">, requestUrl: string): ListParts {
  return {
    links: collectionLinks(requestUrl, paging.page, paging.total),
    meta: collectionMeta(size, paging.total, PAGINATION_META_TYPES.has(type) ? paging.page : undefined),
  };
}

function requestedTree(type: RecordType, include: readonly string[] | undefined): IncludeTree | undefined {
  return include && include.length > 0 ? includeTree(type, include) : undefined;
}
