/** One tag of the served OpenAPI document: a group of operations on `/docs`. */
export interface OperationTag {
  /** The tag's name; the hosted service's published document's name where it has one. */
  name: string;
  /** What the group holds. */
  description: string;
  /** True for groups of Bollard's own operations only (the hosted service has no such group). */
  "x-bollard-extension"?: true;
}

/**
 * Every tag of the served document, in the order `/docs` shows them: the hosted service's groups
 * first, under its names (`Shipments`, `Tracking Requests`, …), then Bollard's own.
 */
export const OPERATION_TAGS = [
  { name: "Shipments", description: "Shipments found by tracking requests: read, edit reference numbers and tags, stop and resume tracking, their custom fields and change history." },
  { name: "Containers", description: "Containers of tracked shipments: read, edit reference numbers, transport and raw events, the GeoJSON map, refresh, their custom fields and change history." },
  { name: "Tracking Requests", description: "Register a bill of lading, booking or container number to track, and follow the request until it finds a shipment (or fails)." },
  { name: "Webhooks", description: "Subscriptions to the events of tracked shipments and containers, with signed deliveries." },
  { name: "Webhook Notifications", description: "The notifications sent to webhooks, their delivery attempts, and example payloads." },
  { name: "Custom Field Definitions", description: "The custom fields an account defines for shipments and containers." },
  { name: "Custom Field Options", description: "The allowed values of enum custom field definitions." },
  { name: "Custom Fields", description: "Custom field values set on shipments, containers and tracking requests." },
  { name: "Parties", description: "The customers (parties) tracking requests and shipments are for." },
  { name: "Shipping Lines", description: "The shipping lines (carriers) and their SCACs." },
  { name: "Ports", description: "Ports, by id or UN/LOCODE." },
  { name: "Terminals", description: "Terminals at ports." },
  { name: "Metro Areas", description: "Metro areas, by id or UN/LOCODE." },
  { name: "Vessels", description: "Vessels by IMO or id, their positions, and forecast positions to a port." },
  { name: "Search", description: "Search shipments and containers by number or reference." },
  { name: "Demurrage and Detention", description: "Bollard extension: tariff rules, a container's demurrage and detention, and the account's money at risk.", "x-bollard-extension": true },
  { name: "ETA", description: "Bollard extension: how accurate each source of estimated arrival times has been.", "x-bollard-extension": true },
  { name: "Exceptions", description: "Bollard extension: rules that flag shipments needing attention, and the exceptions they raised.", "x-bollard-extension": true },
  { name: "Bulk", description: "Bollard extension: import tracking requests and update shipments and containers from a CSV, XLSX or JSON file, and follow the job row by row; export any list as CSV, XLSX or NDJSON.", "x-bollard-extension": true },
  { name: "Event Feed", description: "Bollard extension: every transport and raw event in the order Bollard learned it, cursor-paged, for pull clients and replays.", "x-bollard-extension": true },
  { name: "Sandbox", description: "Bollard extension, on a sandbox server only: the controllable clock, injected faults, scenarios, reset and snapshots.", "x-bollard-extension": true },
  { name: "API Document", description: "Bollard extension: this OpenAPI document.", "x-bollard-extension": true },
] as const satisfies readonly OperationTag[];

/** The name of one of {@link OPERATION_TAGS}. */
export type OperationTagName = (typeof OPERATION_TAGS)[number]["name"];

/** Paths whose group is not their first segment's, first match wins. */
const TAG_BY_PATH: readonly (readonly [pattern: RegExp, tag: OperationTagName])[] = [
  [/^\/custom_field_definitions\/\{[^}]+\}\/options(\/|$)/, "Custom Field Options"],
  [/^\/containers\/\{[^}]+\}\/demurrage$/, "Demurrage and Detention"],
  [/^\/tracking_requests\/bulk$/, "Bulk"],
  [/^\/(shipments|containers)\/bulk_update$/, "Bulk"],
  [/^\/(shipments|containers|tracking_requests|transport_events)\/export$/, "Bulk"],
];

/** The group of each path's first segment (`/shipments/{id}/custom_fields` is a shipment's, as upstream groups it). */
const TAG_BY_SEGMENT: Readonly<Record<string, OperationTagName>> = {
  shipments: "Shipments",
  containers: "Containers",
  tracking_requests: "Tracking Requests",
  webhooks: "Webhooks",
  webhook_notifications: "Webhook Notifications",
  custom_field_definitions: "Custom Field Definitions",
  custom_fields: "Custom Fields",
  parties: "Parties",
  shipping_lines: "Shipping Lines",
  ports: "Ports",
  terminals: "Terminals",
  metro_areas: "Metro Areas",
  vessels: "Vessels",
  search: "Search",
  tariffs: "Demurrage and Detention",
  demurrage_exposure: "Demurrage and Detention",
  eta_accuracy: "ETA",
  exception_rules: "Exceptions",
  exceptions: "Exceptions",
  events: "Event Feed",
  bulk_jobs: "Bulk",
  sandbox: "Sandbox",
  "openapi.json": "API Document",
};

/**
 * The tag of an operation on `path` (a route spec's path under `/v2`); throws for a path no rule
 * covers, so a new route cannot land in an untagged `default` group.
 */
export function operationTag(path: string): OperationTagName {
  const special = TAG_BY_PATH.find(([pattern]) => pattern.test(path));
  if (special) return special[1];
  const tag = TAG_BY_SEGMENT[path.split("/")[1] ?? ""];
  if (!tag) throw new Error(`No OpenAPI tag for ${path}: add its first segment to TAG_BY_SEGMENT in operation-tags.ts`);
  return tag;
}
