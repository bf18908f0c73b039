import type { Relation } from "../relations/relation-definitions.js";

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
  relationships: Readonly<Record<string, Relation>>;
  /**
   * To-many relationships whose linkage every rendering of the resource carries (a shipment's
   * `containers`): reads made for a document load them even when they are not included.
   */
  linked?: readonly string[];
  /**
   * Attributes written exactly as stored: values a user chose (a custom field's `value`), where a
   * string that looks like a timestamp is data, not a time to write in whole seconds.
   */
  verbatim?: readonly (keyof T & string)[];
  /**
   * Number attributes written as decimal strings, as the live service sends them (a port's
   * `latitude` and `longitude`: `"35.10162"`); see `WireCompat` for the setting that follows the
   * published OpenAPI document instead.
   */
  decimalText?: readonly (keyof T & string)[];
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
