import type { Linkage } from "./jsonapi-types.js";

/** How one relationship of a resource type is declared. */
export type RelationshipDefinition<T> =
  | {
      /** A to-one relationship: its linkage follows from the record's own fields. */
      kind: "one";
      /** The resource types the linkage can point at (more than one when polymorphic). */
      types: readonly string[];
      /** The linkage for a record, computed from its relationship id fields. */
      linkage(record: T): Linkage;
    }
  | {
      /** A to-many relationship: its linkage is loaded into a `ResourceGraph`. */
      kind: "many";
      /** The resource types the linkage can point at. */
      types: readonly string[];
    };

/**
 * How a domain record becomes a JSON:API resource object: its `type`, the attribute
 * keys it exposes (exactly the spec's), its relationships, and its resource-level self link.
 */
export interface ResourceDefinition<
  T extends {
    /** The record's id. */
    id: string;
  } = any,
> {
  /** The JSON:API type. */
  type: string;
  /** The attribute keys, in output order. */
  attributes: readonly (keyof T & string)[];
  /** The relationships, by name, in output order. */
  relationships: Record<string, RelationshipDefinition<T>>;
  /** The resource-level `links.self`, for the types where the real service has one. */
  selfLink?: (record: T) => string;
}

/** Declares a resource definition with its record type checked. */
export function defineResource<
  T extends {
    /** The record's id. */
    id: string;
  },
>(definition: ResourceDefinition<T>): ResourceDefinition<T> {
  return definition;
}

/** A to-one linkage from an optional id. */
export function toOne(type: string, id: string | null | undefined): Linkage {
  return id ? { type, id } : null;
}
