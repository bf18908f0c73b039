import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** The standard's OpenAPI document (Apache 2.0, DCSA), kept in this package for the tests. */
export const DCSA_YAML = new URL("../../reference/dcsa-tnt-v2.2.0.yaml", import.meta.url);

let compiled: { list: ValidateFunction; single: ValidateFunction; error: ValidateFunction } | undefined;
let schemas: Readonly<Record<string, unknown>> | undefined;

/**
 * The yaml's `components.schemas` by name (`transportEvent`, `equipmentEvent`, `shipmentEvent`, …),
 * read once. The published yaml glues each document reference type's description onto its value
 * ("BKG (Booking)"); DCSA's conformance kit validates against a corrected copy, BKG and TRD, which
 * carriers send: both are allowed here.
 */
export function dcsaSchemas(): Readonly<Record<string, unknown>> {
  if (schemas) return schemas;
  const read = (parse(readFileSync(DCSA_YAML, "utf8")) as { components: { schemas: Record<string, any> } }).components.schemas;
  read.documentReferences_inner.properties.documentReferenceType.enum = ["BKG", "TRD", "BKG (Booking)", "TRD (Transport Document)"];
  return (schemas = read);
}

/**
 * Validators for the standard's `GET /v2/events` answer (a list), `GET /v2/events/{eventID}`
 * answer (one event) and error body, from the yaml's own schemas.
 */
export function dcsaValidators(): { list: ValidateFunction; single: ValidateFunction; error: ValidateFunction } {
  if (compiled) return compiled;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // The error schema's `errorDateTime` says `format: $date-time`, a typo of date-time.
  ajv.addFormat("$date-time", true);
  ajv.addSchema({ $id: "dcsa", components: { schemas: dcsaSchemas() } });
  const ref = (name: string) => ({ $ref: `dcsa#/components/schemas/${name}` });
  const anyEvent = { anyOf: [ref("transportEvent"), ref("shipmentEvent"), ref("equipmentEvent")] };
  compiled = {
    list: ajv.compile({ type: "array", items: anyEvent }),
    single: ajv.compile(anyEvent),
    error: ajv.compile(ref("error")),
  };
  return compiled;
}
