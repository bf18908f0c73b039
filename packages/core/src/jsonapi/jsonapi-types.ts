/** A JSON:API resource identifier: `{ type, id }`. */
export interface ResourceIdentifier {
  type: string;
  id: string;
}

/** A relationship's linkage: to-one (`null` when empty) or to-many. */
export type Linkage = ResourceIdentifier | null | ResourceIdentifier[];

/** A JSON:API relationship object. */
export interface RelationshipObject {
  data: Linkage;
}

/** A JSON:API resource object. */
export interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, RelationshipObject>;
  links?: { self: string };
}

/** Top-level links of a document; collections add paging links. */
export interface DocumentLinks {
  self?: string;
  current?: string;
  first?: string;
  last?: string;
  prev?: string;
  next?: string;
}

/** Top-level meta of a collection document. */
export interface CollectionMeta {
  /** Items on this page. */
  size: number;
  /** Items across all pages. */
  total: number;
}

/** A JSON:API document with primary data. */
export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  links?: DocumentLinks;
  meta?: CollectionMeta | Record<string, unknown>;
}

/** A JSON:API error object as Bollard returns it. */
export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  code: string;
  source?: { pointer: string } | { parameter: string };
  meta?: Record<string, unknown>;
}

/** A JSON:API error document. */
export interface ErrorDocument {
  errors: ErrorObject[];
}
