import type { RecordType } from "../relations/record-types.js";
import { includeTree, type IncludePath, type IncludeTree } from "../relations/include-paths.js";
import type { Page } from "../storage/pagination.js";
import { collectionLinks, collectionMeta } from "./collection-links.js";
import { buildDocument } from "./document.js";
import type { IdentifiedRecord, JsonApiDocument } from "./jsonapi-types.js";
import { resourceRegistry } from "./resources.js";

/**
 * The include paths to read records of `type` with for a document: the requested ones, plus the
 * to-many relationships every rendering of the type carries the linkage of (a shipment's
 * `containers`), which are read but included only when requested.
 */
export function documentInclude<T extends RecordType>(type: T, requested: readonly IncludePath<T>[]): IncludePath<T>[] {
  const linked = (resourceRegistry.get(type)?.linked ?? []) as IncludePath<T>[];
  const covered = (name: string) => requested.some((path) => path === name || path.startsWith(`${name}.`));
  return [...linked.filter((name) => !covered(name)), ...requested];
}

/** Options of {@link resourceDocument}. */
export interface ResourceDocumentOptions {
  /** The requested include paths (not the always-linked ones): their records go to `included`. */
  include?: readonly string[];
  /** The top-level `links.self`. */
  self?: string;
}

/** The document of one record read with its related records (see {@link documentInclude}). */
export function resourceDocument(type: RecordType, record: IdentifiedRecord, options: ResourceDocumentOptions = {}): JsonApiDocument {
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

/** The document of a page of records, with paging links rebuilt from the request URL and `meta`. */
export function listDocument(type: RecordType, result: RecordPage, options: { include?: readonly string[]; requestUrl: string }): JsonApiDocument {
  return buildDocument(type, result.data, {
    include: requestedTree(type, options.include),
    links: collectionLinks(options.requestUrl, result.page, result.total),
    meta: collectionMeta(result.data.length, result.total),
  });
}

function requestedTree(type: RecordType, include: readonly string[] | undefined): IncludeTree | undefined {
  return include && include.length > 0 ? includeTree(type, include) : undefined;
}
