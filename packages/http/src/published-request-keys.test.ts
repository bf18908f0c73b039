import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { addOptions, createDefinition } from "./testing/custom-field-fixtures.js";

/*
 * Unknown keys in request bodies are refused (422 `unknown_attribute` with a did-you-mean), so every
 * key a published request body may carry must be known: a client written for the hosted service
 * keeps working. Each published operation with a body is sent every attribute and relationship its
 * published schema lists, plus one made-up attribute: the made-up one must be the only unknown key,
 * which also shows the check ran on that route.
 */

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; items?: Schema; oneOf?: Schema[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };

const published = JSON.parse(readFileSync(new URL("./testing/terminal49-openapi.json", import.meta.url), "utf8")) as { paths: Record<string, Record<string, Operation>> };

function resolve(schema: Schema | undefined): Schema | undefined {
  let node = schema;
  while (node?.$ref) node = node.$ref.split("/").slice(1).reduce((parent: any, part) => parent?.[part], published) as Schema | undefined;
  return node;
}

/** A placeholder of the schema's type: a value of the right shape, not necessarily a valid one. */
function placeholder(schema: Schema | undefined): unknown {
  const node = resolve(schema);
  if (!node) return null;
  if (node.oneOf) return placeholder(node.oneOf[0]);
  if (node.type === "array") return [];
  if (node.type === "boolean") return false;
  if (node.type === "integer" || node.type === "number") return 1;
  if (node.type === "object") return Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, value]) => [key, placeholder(value)]));
  return "x";
}

/** Operations Bollard does not serve, or whose body it reads no strict input from (with the reason). */
const SKIPPED: Record<string, string> = {
  "post /documents": "documents are not served",
  "patch /documents/{id}": "documents are not served",
  "post /documents/{id}/rotate": "documents are not served",
  "post /tracking_requests/infer_number": "the SDK's inferNumber takes the number alone: the body's other keys are not read",
};

let h: Harness;
const ids: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  const shipment = h.data.acme.shipments[0]!;
  const container = h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
  const trackingRequest = h.data.acme.trackingRequests[0]!;
  const webhook = await h.request("POST", "/v2/webhooks", { body: { data: { type: "webhook", attributes: { url: "https://example.com/hook", events: ["container.updated"], active: true } } } });
  const party = await h.request("POST", "/v2/parties", { body: { data: { type: "party", attributes: { company_name: "Published Keys Ltd" } } } });
  const shipmentField = await createDefinition(h, { api_slug: "shipment_note" });
  await createDefinition(h, { api_slug: "container_note", entity_type: "Container" });
  const enumField = await createDefinition(h, { api_slug: "colour", data_type: "enum" });
  const [option] = await addOptions(h, enumField.id, [["red", "Red"]]);
  for (const [collection, id, slug] of [["shipments", shipment.id, "shipment_note"], ["containers", container.id, "container_note"], ["tracking_requests", trackingRequest.id, "shipment_note"]] as const) {
    const res = await h.request("POST", `/v2/${collection}/${id}/custom_fields`, { body: { data: { type: "custom_field", attributes: { api_slug: slug, value: "note" } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[`${collection}_field`] = res.body.data.id;
  }
  Object.assign(ids, {
    shipment: shipment.id,
    container: container.id,
    tracking_request: trackingRequest.id,
    webhook: webhook.body.data.id,
    party: party.body.data.id,
    definition: shipmentField.id,
    enum_definition: enumField.id,
    option: option.id,
  });
});

/** The path with its parameters filled in with records the published keys can be sent to. */
function fill(path: string): string {
  const values: Record<string, string> = {
    "/shipments/{id}": ids.shipment!,
    "/tracking_requests/{id}": ids.tracking_request!,
    "/webhooks/{id}": ids.webhook!,
    "/parties/{id}": ids.party!,
    "/custom_field_definitions/{id}": ids.definition!,
    "/custom_fields/{id}": ids.shipments_field!,
  };
  const exact = Object.entries(values).find(([template]) => template === path);
  if (exact) return path.replace("{id}", exact[1]);
  return path
    .replace("{tracking_request_id}", ids.tracking_request!)
    .replace("{shipment_id}", ids.shipment!)
    .replace("{container_id}", ids.container!)
    .replace("{definition_id}", ids.enum_definition!)
    .replace("{option_id}", ids.option!)
    .replace("{api_slug}", path.startsWith("/containers") ? "container_note" : "shipment_note");
}

const withBodies = Object.entries(published.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, operation]) => typeof operation === "object" && operation?.requestBody)
    .map(([method, operation]) => ({ method, path, operation })),
);

describe("every key of the hosted service's published request bodies is known", () => {
  it.each(withBodies.filter(({ method, path }) => !SKIPPED[`${method} ${path}`]).map(({ method, path, operation }) => [`${method.toUpperCase()} ${path}`, method, path, operation] as const))(
    "%s",
    async (_name, method, path, operation) => {
      const schema = resolve(Object.values(operation.requestBody?.content ?? {})[0]?.schema);
      const data = resolve(schema?.properties?.data);
      let body: unknown;
      let bogusPointer: string;
      if (data) {
        const attributes = { ...(placeholder(data.properties?.attributes) as Record<string, unknown>), zzz_bogus: 1 };
        const relationships = data.properties?.relationships ? (placeholder(data.properties.relationships) as Record<string, unknown>) : undefined;
        // Linkage that names real records, so the route reaches the attributes.
        if (relationships?.customer) relationships.customer = { data: { type: "party", id: ids.party } };
        if (relationships?.entity) relationships.entity = { data: { type: "shipment", id: ids.shipment } };
        const id = path === "/containers" ? { id: ids.container } : {};
        body = { data: { type: "x", ...id, ...(relationships !== undefined && { relationships }), attributes } };
        bogusPointer = "/data/attributes/zzz_bogus";
      } else {
        // A plain body (`POST /webhooks/trigger`): its keys at the top level.
        body = { ...(placeholder(schema) as Record<string, unknown>), zzz_bogus: 1 };
        bogusPointer = "/zzz_bogus";
      }
      const res = await h.request(method.toUpperCase(), `/v2${fill(path)}`, { body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const unknown = (res.body.errors as { code: string; source?: { pointer?: string } }[]).filter((error) => error.code === "unknown_attribute");
      expect(unknown.map((error) => error.source?.pointer), JSON.stringify(res.body)).toStrictEqual([bogusPointer]);
    },
  );
});
