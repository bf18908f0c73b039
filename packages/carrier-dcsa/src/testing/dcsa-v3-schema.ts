import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** The standard's 3.0 OpenAPI document (Apache 2.0, DCSA; the one DCSA's conformance kit checks against), kept in this package for the tests. */
export const DCSA_V3_YAML = new URL("../../reference/dcsa-tnt-v3.0.0.yaml", import.meta.url);

/** Validators of the 3.0 bodies, each from the yaml's own schema of that name. */
export interface DcsaV3Validators {
  /** `GetEventsResponse`: a GET's 200. */
  getResponse: ValidateFunction;
  /** `GetEventsError`: a GET's error. */
  getError: ValidateFunction;
  /** `PostEventsRequest`: a push. */
  postRequest: ValidateFunction;
  /** `PostEventsResponse`: a push's 200. */
  postResponse: ValidateFunction;
  /** `PostEventsError`: a push's error. */
  postError: ValidateFunction;
}

let compiled: DcsaV3Validators | undefined;

/** The 3.0 validators, compiled once (formats asserted, as the kit's validator does). */
export function dcsaV3Validators(): DcsaV3Validators {
  if (compiled) return compiled;
  const document = parse(readFileSync(DCSA_V3_YAML, "utf8")) as { components: { schemas: Record<string, unknown> } };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "dcsa-v3", components: document.components });
  const schema = (name: string) => ajv.compile({ $ref: `dcsa-v3#/components/schemas/${name}` });
  compiled = { getResponse: schema("GetEventsResponse"), getError: schema("GetEventsError"), postRequest: schema("PostEventsRequest"), postResponse: schema("PostEventsResponse"), postError: schema("PostEventsError") };
  return compiled;
}
