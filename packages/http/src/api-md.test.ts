import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_MD_COMMAND, API_MD_PATH, renderApiMarkdown } from "../scripts/generate-api-md.js";
import { openApiDocument } from "./openapi/openapi-document.js";
import { ROUTE_SPECS } from "./openapi/route-specs.js";
import { TERMINAL49_OPERATIONS } from "./testing/terminal49-operations.js";

describe("docs/api.md", () => {
  const expected = renderApiMarkdown(openApiDocument());

  it("is what the generator renders from the OpenAPI document", () => {
    let actual: string;
    try {
      actual = readFileSync(API_MD_PATH, "utf8");
    } catch {
      actual = "";
    }
    // No diff of a thousand lines: say what to run.
    if (actual !== expected) expect.fail(`docs/api.md is out of date with the OpenAPI document; regenerate it with \`${API_MD_COMMAND}\` from the repository root and commit the result`);
  });

  it("lists every route spec", () => {
    for (const spec of ROUTE_SPECS) expect(expected).toContain(`#### ${spec.method.toUpperCase()} /v2${spec.path}\n`);
  });

  it("groups the routes by the OpenAPI document's tags, in their order, as /docs does", () => {
    const routes = expected.split("\n## Routes\n")[1]!;
    const headings = [...routes.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
    expect(headings).toStrictEqual((openApiDocument().tags as { name: string }[]).map((tag) => tag.name));
    const shipments = routes.split("\n### Shipments\n")[1]!.split("\n### ")[0]!;
    expect(shipments).toContain("#### PATCH /v2/shipments/{id}/stop_tracking\n");
    expect(shipments).not.toContain("#### GET /v2/containers/{id}\n");
  });
});

describe("Bollard extensions", () => {
  it("marks exactly the route specs the hosted service has no operation for (x-bollard-extension), and docs/api.md lists them apart", () => {
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
    const upstream = new Set(TERMINAL49_OPERATIONS.map(([method, path]) => `${method} ${shape(path)}`));
    for (const spec of ROUTE_SPECS) expect(spec.extension === true, `${spec.method} ${spec.path}`).toBe(!upstream.has(`${spec.method} ${shape(spec.path)}`));
    const paths = openApiDocument().paths as Record<string, Record<string, Record<string, unknown>>>;
    const marked = ROUTE_SPECS.filter((spec) => paths[`/v2${spec.path}`]![spec.method]!["x-bollard-extension"] === true);
    expect(marked).toEqual(ROUTE_SPECS.filter((spec) => spec.extension));
    const section = renderApiMarkdown(openApiDocument()).split("## Bollard extensions")[1]!.split("\n## ")[0]!;
    for (const spec of marked) expect(section).toContain(`\`/v2${spec.path}\``);
  });
});
