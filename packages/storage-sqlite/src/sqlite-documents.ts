import { type RenderedType, storedRendering } from "@bollard/core/storage";
import type { DocumentCodec } from "@bollard/storage-sql";

/*
 * Shipments and containers keep their JSON:API rendering beside the record (the hot read splices
 * it), and that rendering's attributes are most of the record. So `doc` keeps only the rest: the
 * fields the attributes do not hold, or hold otherwise (a timestamp renders in whole seconds while the
 * record keeps milliseconds), plus the attribute keys the record lacks (rendered as null). A record is its parsed attributes with the rest laid over them: about 40%
 * fewer bytes per row than the whole record beside its rendering, and no slower to read (one
 * parse of the attributes and one of a short rest, instead of one of the whole record).
 * A `doc` that is a JSON object is a whole record (rows written before this format).
 */

/** The format version leading a rest `doc`. */
const REST_V1 = 1;
/** Names the way shipments and containers are kept, in the renderings' fingerprint: a change rewrites every row on open. */
export const DOCUMENT_FORMAT = "rest2";

/** The attribute keys of each type's rendering, read from the first one rendered (the resource definition's, in order). */
const attributeKeys = new Map<RenderedType, { list: string[]; set: Set<string> }>();

/**
 * The document columns of a record: its rendering, and `doc` as the rest of it. The rest is the
 * fields that are not attributes, the attributes whose rendered value is not the record's (whole-second
 * timestamps), and the attribute keys the record lacks. (The contract's round trips catch a value lost.)
 */
function encode(type: RenderedType, record: Record<string, unknown> & { id: string }) {
  const rendering = storedRendering(type, record);
  const rendered = JSON.parse(rendering.attributes) as Record<string, unknown>;
  let keys = attributeKeys.get(type);
  if (!keys) {
    const list = Object.keys(rendered);
    attributeKeys.set(type, (keys = { list, set: new Set(list) }));
  }
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (!keys.set.has(key) || !sameJson(rendered[key], record[key])) rest[key] = record[key];
  }
  const absent = keys.list.filter((key) => record[key] === undefined);
  return { doc: JSON.stringify(absent.length > 0 ? [REST_V1, rest, absent] : [REST_V1, rest]), attributes_json: rendering.attributes, relationships_json: rendering.relationships };
}

/** Whether a rendered value is the record's value as JSON keeps it (primitives compared at once). */
function sameJson(rendered: unknown, value: unknown): boolean {
  if (rendered === value) return true;
  if (typeof value !== "object" || value === null || typeof rendered !== "object" || rendered === null) return false;
  return JSON.stringify(rendered) === JSON.stringify(value);
}

/** The record a row holds: its attributes with the rest laid over them (or a whole-record `doc`). */
function decode(row: Record<string, unknown>): unknown {
  const parsed: unknown = JSON.parse(row.doc as string);
  if (!Array.isArray(parsed)) return parsed;
  if (parsed[0] !== REST_V1 || typeof row.attributes_json !== "string") throw new Error(`Cannot decode a stored document of format ${String(parsed[0])}`);
  const record = JSON.parse(row.attributes_json) as Record<string, unknown>;
  for (const key of (parsed[2] as string[] | undefined) ?? []) delete record[key];
  return Object.assign(record, parsed[1]);
}

const codec = (type: RenderedType): DocumentCodec => ({
  selected: ["doc", "attributes_json"],
  encode: (record: Record<string, unknown> & { id: string }) => encode(type, record),
  decode,
});

/** How SQLite keeps shipments and containers: the rendering, and the rest of the record. */
export const sqliteDocuments = { shipments: codec("shipment"), containers: codec("container") };
