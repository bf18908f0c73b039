import { buildDocument, type BuildDocumentOptions } from "../jsonapi/document.js";
import { collectionLinks, collectionMeta } from "../jsonapi/collection-links.js";
import type { IncludeTree } from "../jsonapi/include.js";
import type { JsonApiDocument } from "../jsonapi/jsonapi-types.js";
import type { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { Page } from "../storage/index.js";

/** Options of a read: the JSON:API `include` value (comma-separated, dotted paths allowed). */
export interface ReadOptions {
  /** Related records to include, e.g. `containers` or `containers.transport_events`. */
  include?: string;
}

/** Options of a paginated read. */
export interface ListOptions extends ReadOptions {
  /** Which page: `number` from 1 and `size`; each listing has its own default size. */
  page?: Partial<Page>;
}

/** One record read through a session, with the related records its includes loaded. */
export interface ResourceResult<T> {
  /** The JSON:API type of `data`. */
  type: string;
  /** The record read. */
  data: T;
  /** The records reachable through the include paths (and to-many linkage). */
  graph: ResourceGraph;
  /** The include paths, parsed; they decide what the document's `included` holds. */
  include: IncludeTree;
}

/** One page of records read through a session. */
export interface ListResult<T> {
  /** The JSON:API type of the records in `data`. */
  type: string;
  /** The page's records, in the listing's order. */
  data: T[];
  /** How many records match across all pages. */
  total: number;
  /** The page returned (defaults applied). */
  page: Page;
  /** The records reachable through the include paths (and to-many linkage). */
  graph: ResourceGraph;
  /** The include paths, parsed. */
  include: IncludeTree;
}

/** The JSON:API document of a single-resource read; `self` becomes the top-level `links.self`. */
export function resourceDocument(result: ResourceResult<{ id: string }>, self?: string): JsonApiDocument {
  const options: BuildDocumentOptions = { registry: resourceRegistry, graph: result.graph, include: result.include };
  if (self) options.links = { self };
  return buildDocument(result.type, result.data, options);
}

/** The JSON:API document of a collection page, with paging links built from the request URL. */
export function listDocument(result: ListResult<{ id: string }>, requestUrl: string): JsonApiDocument {
  return buildDocument(result.type, result.data, {
    registry: resourceRegistry,
    graph: result.graph,
    include: result.include,
    links: collectionLinks(requestUrl, result.page, result.total),
    meta: collectionMeta(result.data.length, result.total),
  });
}
