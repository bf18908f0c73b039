import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_MD_COMMAND, API_MD_PATH, renderApiMarkdown } from "../scripts/generate-api-md.js";
import { openApiDocument } from "./openapi/openapi-document.js";
import { ROUTE_SPECS } from "./openapi/route-specs.js";

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
    for (const spec of ROUTE_SPECS) expect(expected).toContain(`### ${spec.method.toUpperCase()} /v2${spec.path}\n`);
  });
});
