import fc from "fast-check";
import type { DcsaEvent } from "../dcsa-types.js";
import { dcsaSchemas } from "./dcsa-schema.js";

// fast-check arbitraries of DCSA 2.2 notifications, made from the standard's own event schemas
// (the yaml's transportEvent, equipmentEvent and shipmentEvent: allOf, $ref, required, enum,
// maxLength, formats), then mutated the ways a broken or hostile publisher would.

/** The subset of JSON Schema (OpenAPI 3.0) the yaml's event schemas use. */
interface Schema {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  maxLength?: number;
  format?: string;
}

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(dcsaSchemas()[schema.$ref.replace("#/components/schemas/", "")] as Schema) : schema);

/** One schema for an `allOf`: keywords of later parts win, properties merge by name, `required` adds up. */
function flatten(input: Schema): Schema {
  const schema = resolve(input);
  if (!schema.allOf) return schema;
  const { allOf, ...own } = schema;
  return allOf.map(flatten).reduce((a, b) => {
    const properties: Record<string, Schema> = { ...a.properties };
    for (const [name, property] of Object.entries(b.properties ?? {})) properties[name] = properties[name] ? { allOf: [properties[name]!, property] } : property;
    const required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
    return { ...a, ...b, ...(Object.keys(properties).length > 0 && { properties }), ...(required.length > 0 && { required }) };
  }, own);
}

// Realistic values where a random string would never meet another event's: a few references, so
// a run tracks, updates and adds to the same shipments, besides the random ones the schema allows.
const REFERENCES = ["TRD0001", "TRD0002", "TRD0003", "TRD0004", "ABC709951", "BKG0002"];
const HINTS: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  documentReferenceValue: fc.constantFrom(...REFERENCES),
  documentID: fc.constantFrom(...REFERENCES),
  documentReferenceType: fc.constantFrom("TRD (Transport Document)", "BKG (Booking)"),
  equipmentReference: fc.constantFrom("APZU4812090", "MSKU0000005"),
  vesselIMONumber: fc.constantFrom("9321483", "9811000"),
  UNLocationCode: fc.constantFrom("NLRTM", "USORF", "DEHAM"),
};

const OFFSETS = ["Z", "+02:00", "-04:00", "+05:30"];
const dateTime = fc.tuple(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.constantFrom(...OFFSETS), fc.boolean()).map(([ms, offset, fraction]) => {
  const minutes = offset === "Z" ? 0 : (offset.startsWith("-") ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
  const local = new Date(ms + minutes * 60_000).toISOString().slice(0, fraction ? 23 : 19);
  return `${local}${offset}`;
});

/** An arbitrary of the values a schema allows (a property's hint first, when there is one, half of the time). */
function arbitraryOf(input: Schema, name?: string): fc.Arbitrary<unknown> {
  const schema = flatten(input);
  const derived = derive(schema);
  const hint = name === undefined ? undefined : HINTS[name];
  return hint ? fc.oneof(hint, derived) : derived;
}

function derive(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.properties || schema.type === "object") {
    const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, arbitraryOf(property, name)]));
    return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
  }
  if (schema.type === "array") return fc.array(arbitraryOf(schema.items ?? {}), { maxLength: 3 });
  if (schema.type === "integer") return fc.integer();
  if (schema.type === "number") return fc.double({ noNaN: true, noDefaultInfinity: true });
  if (schema.type === "boolean") return fc.boolean();
  if (schema.format === "date-time") return dateTime;
  if (schema.format === "uuid") return fc.uuid();
  return fc.string({ maxLength: schema.maxLength ?? 40 });
}

/** Events valid against the standard's `transportEvent`, `equipmentEvent` or `shipmentEvent` schema. */
export function dcsaEventArbitrary(): fc.Arbitrary<DcsaEvent> {
  return fc.oneof(...["transportEvent", "equipmentEvent", "shipmentEvent"].map((name) => arbitraryOf({ $ref: `#/components/schemas/${name}` }))) as fc.Arbitrary<DcsaEvent>;
}

/** What a mutation does at the value it picks (by index among every value of the body). */
type Mutation = { kind: "replace"; pick: number; value: unknown } | { kind: "delete"; pick: number } | { kind: "duplicate"; pick: number };

const HUGE = "\u{1F6A2}".repeat(100_000);
/** Values a field should never hold: wrong types, nulls, huge and odd strings, nested garbage. */
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, "", " ", "null", "__proto__", "constructor", "\u0000", "\ud800", "TRD0001", HUGE, "x".repeat(300), [null], [], {}),
  fc.integer(),
  fc.double(),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(), value: garbage }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("duplicate" as const), pick: fc.nat() }) },
);

/** Every place in a value (the value itself first), as key paths. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const found = [at];
  if (typeof value === "object" && value !== null) for (const [key, child] of Object.entries(value)) found.push(...paths(child, [...at, Array.isArray(value) ? Number(key) : key]));
  return found;
}

function mutate(events: unknown[], mutations: readonly Mutation[]): unknown {
  let body: unknown = structuredClone(events);
  for (const m of mutations) {
    if (m.kind === "duplicate") {
      if (Array.isArray(body) && body.length > 0) body.push(structuredClone(body[m.pick % body.length]));
      continue;
    }
    const all = paths(body);
    const path = all[m.pick % all.length]!;
    if (path.length === 0) {
      body = m.kind === "replace" ? m.value : [];
      continue;
    }
    type Node = Record<string | number, unknown>;
    const parent = path.slice(0, -1).reduce((value, key) => value[key] as Node, body as Node);
    const key = path.at(-1)!;
    if (m.kind === "replace") parent[key] = m.value;
    else if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  }
  return body;
}

/** A notification body to sign and POST, and whether it is a list of standard-valid events (so Bollard must take it). */
export interface FuzzBody {
  /** The bytes, as sent. */
  body: string | Uint8Array;
  /** No mutation: every event is valid against the standard's schema. */
  valid: boolean;
}

/**
 * Notification bodies: lists of 0 to 6 standard-valid events (a fifth of them left so), mutated by
 * 1 to 3 of wrong types, nulls, missing fields, huge strings, unicode, nested garbage, non-lists and
 * duplicated events; and a few that are not JSON at all (cut short, invalid UTF-8, deeply nested).
 */
export function notificationBodyArbitrary(): fc.Arbitrary<FuzzBody> {
  const events = fc.array(dcsaEventArbitrary(), { maxLength: 6 });
  const valid = events.map((list): FuzzBody => ({ body: JSON.stringify(list), valid: true }));
  const mutated = fc.tuple(events, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([list, mutations]): FuzzBody => ({ body: JSON.stringify(mutate(list, mutations)) ?? "", valid: false }));
  const notJson = fc.oneof(
    events.map((list) => JSON.stringify(list).slice(0, -1)),
    fc.uint8Array({ minLength: 1, maxLength: 64 }),
    fc.constantFrom("", "[", "[[[[[[[[[[", "\uFEFF[]", `${"[".repeat(200_000)}${"]".repeat(200_000)}`, new Uint8Array([0x5b, 0xff, 0xfe, 0x5d])),
  ).map((body): FuzzBody => ({ body, valid: false }));
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 7, arbitrary: mutated }, { weight: 1, arbitrary: notJson });
}
