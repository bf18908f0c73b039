import { readFileSync } from "node:fs";
import type { DcsaV3Event, DcsaV3EventType } from "../dcsa-v3-types.js";

/** The event types, each with the kit's example push of it. */
export const KIT_TYPES = ["SHIPMENT", "TRANSPORT", "EQUIPMENT", "IOT", "REEFER"] as const satisfies readonly DcsaV3EventType[];

/** The body DCSA's conformance kit POSTs to a consumer for an event type (`reference/dcsa-conformance/tnt-300-request-<type>.json`), as its text. */
export function kitRequestText(type: DcsaV3EventType): string {
  return readFileSync(new URL(`../../reference/dcsa-conformance/tnt-300-request-${type.toLowerCase()}.json`, import.meta.url), "utf8");
}

/** The kit's push for an event type, parsed. */
export function kitRequest(type: DcsaV3EventType): { events: DcsaV3Event[] } {
  return JSON.parse(kitRequestText(type)) as { events: DcsaV3Event[] };
}

/** The headers the kit sends with every request: the major version only, JSON even on a GET. */
export const KIT_HEADERS = { "api-version": "3", "content-type": "application/json" } as const;
