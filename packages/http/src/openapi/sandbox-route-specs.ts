import { ACCOUNT_DATA_NOUNS } from "@bollard/core/storage";
import { z } from "zod";
import "zod-openapi";
import { CollectionLinksSchema, CollectionMetaSchema } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const ONLY = "Only on a sandbox server (bollard serve --sandbox; 404 otherwise).";
const paged = {
  "page[number]": z.string().optional().meta({ description: "Page number, from 1" }),
  "page[size]": z.string().optional().meta({ description: "Page size, default 30, capped at 100" }),
};
/** Plain keys, or the same keys in a JSON:API data.attributes. */
const plainOrAttributes = (attributes: z.ZodObject) => z.union([attributes, z.object({ data: z.object({ type: z.string().optional(), attributes }) })]);
const single = (resource: z.ZodObject) => z.object({ data: resource, links: z.object({ self: z.string() }).optional() });
const collection = (resource: z.ZodObject) => z.object({ data: z.array(resource), links: CollectionLinksSchema, meta: CollectionMetaSchema });

const ClockAttributes = z.object({
  now: z.string().meta({ description: "The sandbox's current instant" }),
  speed: z.number().meta({ description: "Sandbox seconds per real second while it runs" }),
  paused: z.boolean().meta({ description: "Whether time stands still until advanced or resumed" }),
});
const ClockResource = z.object({ id: z.literal("clock"), type: z.literal("sandbox_clock"), attributes: ClockAttributes }).meta({ id: "SandboxClock" });
const ClockUpdate = z.object({
  advance_by_seconds: z.number().optional().meta({ description: "Move forward this many seconds, running every refresh and webhook pass that falls due on the way, in time order" }),
  now: z.string().optional().meta({ description: "Move forward to this instant (never backwards), the same way" }),
  speed: z.number().optional().meta({ description: "Sandbox seconds per real second from now on" }),
  paused: z.boolean().optional().meta({ description: "Stop (true) or resume (false) the flow of time" }),
});
const AdvanceSummary = z
  .object({ from: z.string(), to: z.string(), steps: z.int(), refreshed: z.int(), delivery_attempts: z.int() })
  .nullable()
  .meta({ description: "What moving the clock ran on the way; null when the change did not move it" });

const FaultAttributes = z.object({
  target: z.enum(["carrier", "webhook"]),
  effect: z.enum(["fail", "timeout", "not_found", "status", "delay"]).meta({ description: "carrier: fail, timeout or not_found; webhook: status, timeout or delay" }),
  scac: z.string().nullable(),
  request_number: z.string().nullable(),
  url: z.string().nullable(),
  status_code: z.int().nullable(),
  delay_ms: z.int().nullable(),
  times: z.int().nullable().meta({ description: "How many times it applies; null until deleted" }),
  remaining: z.int().nullable(),
  hits: z.int(),
  created_at: z.string(),
});
const FaultResource = z.object({ id: z.string(), type: z.literal("sandbox_fault"), attributes: FaultAttributes }).meta({ id: "SandboxFault" });
const FaultCreate = z.object({
  target: z.enum(["carrier", "webhook"]),
  effect: z.enum(["fail", "timeout", "not_found", "status", "delay"]),
  scac: z.string().optional().meta({ description: "Carrier faults: only requests to this SCAC" }),
  request_number: z.string().optional().meta({ description: "Carrier faults: only requests for this number" }),
  url: z.string().optional().meta({ description: "Webhook faults: deliveries to this URL" }),
  status_code: z.int().optional().meta({ description: "Effect status: the status deliveries get" }),
  delay_ms: z.int().optional().meta({ description: "Effect delay: how long deliveries wait, at most 60000" }),
  times: z.int().optional().meta({ description: "How many times it applies (until deleted when absent)" }),
});

const ScenarioResource = z
  .object({
    id: z.string().meta({ description: "builtin:<name> for a built-in scenario, else <SCAC>:<NUMBER>" }),
    type: z.literal("sandbox_scenario"),
    attributes: z.object({
      name: z.string().nullable().meta({ description: "A built-in scenario's name; null for the account's own" }),
      builtin: z.boolean(),
      scac: z.string(),
      number: z.string(),
      summary: z.string().nullable(),
      document: z.record(z.string(), z.unknown()).nullable().meta({ description: "The scenario document (for a built-in one, a starting point to copy; null when it has none)" }),
      start: z.string().nullable().meta({ description: "When its offsets count from; null for a built-in one (each tracking request's creation)" }),
    }),
    relationships: z.object({ tracking_request: z.object({ data: z.object({ id: z.string(), type: z.literal("tracking_request") }) }) }).optional(),
  })
  .meta({ id: "SandboxScenario" });

const RecordCounts = z.object(Object.fromEntries(ACCOUNT_DATA_NOUNS.map((noun) => [noun, z.int()])));
const SnapshotResource = z
  .object({ id: z.string(), type: z.literal("sandbox_snapshot"), attributes: z.object({ created_at: z.string(), record_counts: RecordCounts }) })
  .meta({ id: "SandboxSnapshot" });
const DataChange = z.object({ meta: z.object({ deleted: z.int().meta({ description: "Records of the account's data deleted" }), restored: z.int().meta({ description: "Records written back" }) }) });

/** The sandbox controls, served only by `bollard serve --sandbox`. */
export const SANDBOX_ROUTE_SPECS: RouteSpec[] = [
  { method: "get", path: "/sandbox/clock", summary: `The sandbox clock (one per server, shared by every account). ${ONLY}`, status: 200, response: single(ClockResource), errors: [404] },
  {
    method: "patch",
    path: "/sandbox/clock",
    summary: `Move the sandbox clock forward (answers when the refreshes and deliveries due on the way are done), change its speed, pause or resume it. ${ONLY}`,
    body: plainOrAttributes(ClockUpdate),
    status: 200,
    response: single(ClockResource).extend({ meta: z.object({ advance: AdvanceSummary }) }),
    errors: [400, 403, 404, 413, 415, 422],
  },
  { method: "get", path: "/sandbox/faults", summary: `The account's injected faults, oldest first. ${ONLY}`, query: z.object(paged), status: 200, response: collection(FaultResource), errors: [400, 404] },
  {
    method: "post",
    path: "/sandbox/faults",
    summary: `Make the carrier source fail, time out or answer not found for a SCAC or number, or webhook deliveries to a URL answer a status, time out or wait, N times or until deleted. ${ONLY}`,
    body: plainOrAttributes(FaultCreate),
    status: 201,
    response: single(FaultResource),
    errors: [400, 403, 404, 413, 415, 422],
  },
  { method: "get", path: "/sandbox/faults/{id}", summary: `One injected fault, with its hits. ${ONLY}`, status: 200, response: single(FaultResource), errors: [404] },
  { method: "delete", path: "/sandbox/faults/{id}", summary: `Remove an injected fault (204, no body). ${ONLY}`, status: 204, errors: [403, 404] },
  { method: "get", path: "/sandbox/scenarios", summary: `The built-in scenarios (scac TEST), then the account's own scenario documents. ${ONLY}`, query: z.object(paged), status: 200, response: collection(ScenarioResource), errors: [400, 404] },
  {
    method: "post",
    path: "/sandbox/scenarios",
    summary: `Track a scripted shipment: a scenario document (carrier, number, containers, legs with vessels and times, rollovers, holds, fees, last free days, rail, events at offsets; see docs/sandbox.md), or {"name": "<built-in>"}. Creates its tracking request and runs the refresh due now. ${ONLY}`,
    body: z.union([z.object({ name: z.string() }), z.record(z.string(), z.unknown())]),
    status: 201,
    response: z.object({ data: ScenarioResource, included: z.array(z.record(z.string(), z.unknown())) }),
    errors: [400, 403, 404, 413, 415, 422],
  },
  { method: "post", path: "/sandbox/reset", summary: `Delete the account's data; the account, its users and API keys stay. ${ONLY}`, status: 200, response: DataChange, errors: [403, 404] },
  { method: "get", path: "/sandbox/snapshots", summary: `The account's saved snapshots, oldest first. ${ONLY}`, query: z.object(paged), status: 200, response: collection(SnapshotResource), errors: [400, 404] },
  { method: "post", path: "/sandbox/snapshots", summary: `Save the account's data under a new snapshot id (kept in the server's memory). ${ONLY}`, status: 201, response: single(SnapshotResource), errors: [403, 404] },
  { method: "post", path: "/sandbox/snapshots/{id}/restore", summary: `Replace the account's data with a snapshot's. ${ONLY}`, status: 200, response: DataChange, errors: [403, 404] },
];
