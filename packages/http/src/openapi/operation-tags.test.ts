import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi-document.js";
import { OPERATION_TAGS, operationTag } from "./operation-tags.js";

type Operation = { tags?: string[]; "x-bollard-extension"?: boolean };
const METHODS = ["get", "post", "patch", "put", "delete"] as const;

function operations(document: Record<string, unknown>) {
  const paths = document.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  return Object.entries(paths).flatMap(([path, item]) => METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })));
}

const published = JSON.parse(readFileSync(new URL("../testing/terminal49-openapi.json", import.meta.url), "utf8")) as Record<string, unknown>;
const shape = (path: string) => path.replace(/^\/v2/, "").replace(/\{[^}]+\}/g, "{}");

describe("the served document's tags (the groups of /docs)", () => {
  const document = openApiDocument();
  const declared = (document.tags as { name: string; description: string }[]).map((tag) => tag.name);

  it("declares each tag once, with a description, and uses every one", () => {
    expect(new Set(declared).size).toBe(declared.length);
    for (const tag of document.tags as { description: string }[]) expect(tag.description).not.toBe("");
    const used = new Set(operations(document).flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].sort()).toStrictEqual([...declared].sort());
  });

  it("gives every operation exactly one declared tag: none lands in a default group", () => {
    for (const { method, path, operation } of operations(document)) {
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(declared, `${method} ${path}`).toContain(operation.tags![0]);
    }
  });

  it("names the hosted service's groups as its published document does, and keeps Bollard's own groups for extensions", () => {
    const upstream = new Map(operations(published).map(({ method, path, operation }) => [`${method} ${shape(path)}`, operation.tags ?? []]));
    const extensionTags = new Set<string>(OPERATION_TAGS.filter((tag) => "x-bollard-extension" in tag).map((tag) => tag.name));
    for (const { method, path, operation } of operations(document)) {
      const tag = operation.tags![0]!;
      const theirs = upstream.get(`${method} ${shape(path)}`);
      if (theirs) expect(theirs, `${method} ${path}`).toContain(tag);
      if (extensionTags.has(tag)) expect(operation["x-bollard-extension"], `${method} ${path} is in ${tag}`).toBe(true);
    }
    // The published document uses some tags it does not declare (Parties, Shipping Lines).
    const publishedNames = new Set([...(published.tags as { name: string }[]).map((tag) => tag.name), ...[...upstream.values()].flat()]);
    for (const tag of OPERATION_TAGS) if (!("x-bollard-extension" in tag)) expect(publishedNames, tag.name).toContain(tag.name);
  });

  it("has no tag for a path no rule covers, rather than a silent default", () => {
    expect(operationTag("/shipments/{shipment_id}/custom_fields/{api_slug}")).toBe("Shipments");
    expect(operationTag("/custom_field_definitions/{definition_id}/options/{option_id}")).toBe("Custom Field Options");
    expect(() => operationTag("/cargo_manifests")).toThrow(/No OpenAPI tag for \/cargo_manifests/);
  });
});
