import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>; components?: { schemas?: Record<string, unknown> } };

/**
 * Validates responses against an OpenAPI 3.1 document, the way a client generated from it would
 * see them: the path template, method and status must be declared, and the body must match.
 */
export function createOpenApiValidator(document: unknown) {
  const openapi = document as OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: "openapi.json", components: openapi.components ?? {} });
  const templates = Object.keys(openapi.paths).map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`),
  }));
  const compiled = new Map<string, ValidateFunction>();
  const errorCheck = ajv.compile({ $ref: "openapi.json#/components/schemas/ErrorDocument" });
  const validateError = (body: unknown) => {
    if (!errorCheck(body)) throw new Error(`not a JSON:API error document: ${ajv.errorsText(errorCheck.errors, { dataVar: "body" })}`);
  };

  return function validate(method: string, url: string, status: number, body: unknown): void {
    const path = new URL(url, "http://x").pathname;
    const matches = templates.filter((t) => t.regex.test(path)).map((t) => t.template);
    // Prefer the literal template (e.g. /containers over /containers/{id}) when several match.
    const template = matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
    if (!template) {
      // Unknown routes are not in the document; they must still answer a JSON:API error document.
      if (status !== 404) throw new Error(`No OpenAPI path for ${path} (status ${status})`);
      return validateError(body);
    }
    const operation = openapi.paths[template]?.[method.toLowerCase()];
    if (!operation) {
      // A method the path does not have answers 405 with an error document (404 when a word stands where an id goes).
      if (status !== 405 && status !== 404) throw new Error(`No OpenAPI operation ${method} ${template} (status ${status})`);
      return validateError(body);
    }
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`Status ${status} is not declared for ${method} ${template}`);
    const content = response.content ? Object.values(response.content)[0] : undefined;
    if (!content) return;
    const key = `${method} ${template} ${status}`;
    let check = compiled.get(key);
    if (!check) {
      const schema = JSON.parse(JSON.stringify(content.schema).replaceAll('"#/components/', '"openapi.json#/components/'));
      check = ajv.compile(schema);
      compiled.set(key, check);
    }
    if (!check(body)) throw new Error(`${key} does not match the OpenAPI document: ${ajv.errorsText(check.errors, { dataVar: "body" })}`);
  };
}
