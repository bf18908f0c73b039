import { describe, expect, it } from "vitest";
import { openApiDocument } from "../openapi/openapi-document.js";
import { createOpenApiValidator } from "./openapi-validator.js";

describe("the OpenAPI response validator used by the suite", () => {
  const validate = createOpenApiValidator(openApiDocument());
  const error = { errors: [{ status: "404", title: "Not Found", detail: "x", code: "not_found" }] };

  it("accepts a declared error response and rejects an undeclared status", () => {
    expect(() => validate("GET", "/v2/shipments/abc", 404, error)).not.toThrow();
    expect(() => validate("GET", "/v2/shipments/abc", 418, error)).toThrow(/not declared/);
  });

  it("rejects a body that does not match the schema", () => {
    expect(() => validate("GET", "/v2/shipments/abc", 200, { data: { id: "x", type: "container", attributes: {} } })).toThrow(/does not match/);
    expect(() => validate("GET", "/v2/shipments/abc", 404, { errors: [] })).toThrow();
  });

  it("checks attribute types and nullability", () => {
    const shipment = { data: { id: "x", type: "shipment", attributes: { bill_of_lading_number: 5 } } };
    expect(() => validate("GET", "/v2/shipments/abc", 200, shipment)).toThrow(/does not match/);
  });

  it("treats unknown paths as 404 error documents only", () => {
    expect(() => validate("GET", "/v2/nope", 404, error)).not.toThrow();
    expect(() => validate("GET", "/v2/nope", 200, {})).toThrow(/No OpenAPI path/);
  });
});
