/** Any record with an id: what documents are built from. */
export interface IdentifiedRecord {
  /** The record's id. */
  id: string;
}

/** A JSON:API resource identifier: `{ type, id }`. */
export interface ResourceIdentifier {
  /** The resource's JSON:API type, e.g. `shipment`. */
  type: string;
  /** The resource's id. */
  id: string;
}

/** A relationship's linkage: to-one (`null` when empty) or to-many. */
export type Linkage = ResourceIdentifier | null | ResourceIdentifier[];

/** A JSON:API relationship object. */
export interface RelationshipObject {
  /** The relationship's linkage. */
  data: Linkage;
}

/** A JSON:API resource object. */
export interface ResourceObject {
  /** The resource's id. */
  id: string;
  /** The resource's JSON:API type. */
  type: string;
  /** The resource's attributes, in the definition's order. */
  attributes: Record<string, unknown>;
  /** The resource's relationships, by name. */
  relationships?: Record<string, RelationshipObject>;
  /** The resource's own links, for the types that have one. */
  links?: {
    /** The resource's URL. */
    self: string;
  };
  /** Facts about the resource outside its attributes (an event feed entry's cursor and when it was learned). */
  meta?: Record<string, unknown>;
}

/** Top-level links of a document; collections add paging links. */
export interface DocumentLinks {
  /** The request's URL, as sent. */
  self?: string;
  /** This page. */
  current?: string;
  /** The first page. */
  first?: string;
  /** The last page. */
  last?: string;
  /** The previous page, when there is one. */
  prev?: string;
  /** The next page, when there is one. */
  next?: string;
}

/** Top-level meta of a collection document. */
export interface CollectionMeta {
  /** Items on this page. */
  size: number;
  /** Items across all pages. */
  total: number;
  /** Page numbers and the record count, on the listings where the live service writes them (see `PAGINATION_META_TYPES`). */
  pagination?: PaginationMeta;
}

/** `meta.pagination` of a collection page, as the live service writes it on some listings. */
export interface PaginationMeta {
  /** This page's number. */
  current: number;
  /** The next page's number, when there is one. */
  next?: number;
  /** The last page's number, when there are records. */
  last?: number;
  /** Records across all pages (the same as `total`). */
  records: number;
}

/** A JSON:API document with primary data. */
export interface JsonApiDocument {
  /** The primary data: one resource, `null`, or a list. */
  data: ResourceObject | ResourceObject[] | null;
  /** Related resources reached through `include`, each once; absent when none. */
  included?: ResourceObject[];
  /** Top-level links. */
  links?: DocumentLinks;
  /** Top-level meta; collections give their page and total sizes. */
  meta?: CollectionMeta | Record<string, unknown>;
}

/** A JSON:API error object as Bollard returns it. */
export interface ErrorObject {
  /** The HTTP status, as a string. */
  status: string;
  /** The error code's fixed title. */
  title: string;
  /** What went wrong in this case. */
  detail: string;
  /** The stable error code (see `ERROR_CODES`). */
  code: string;
  /** Where in the request the problem is. */
  source?:
    | {
        /** A JSON pointer into the request body. */
        pointer: string;
      }
    | {
        /** The query or path parameter at fault. */
        parameter: string;
      };
  /** Extra machine-readable details. */
  meta?: Record<string, unknown>;
}

/** A JSON:API error document. */
export interface ErrorDocument {
  /** The errors; validation can report several at once. */
  errors: ErrorObject[];
}
