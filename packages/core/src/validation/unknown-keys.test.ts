import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TrackingRequestCreateSchema } from "../services/tracking-request-writes.js";
import { SandboxFaultCreateSchema } from "../sandbox/sandbox-input.js";
import { parseInput } from "./input-validation.js";
import { keysAt, suggestKey, unknownKeyDetail } from "./unknown-keys.js";

const CREATE_KEYS = Object.keys(TrackingRequestCreateSchema.shape);

describe("suggestKey", () => {
  it.each([
    ["requestNumber", "request_number"],
    ["RequestNumber", "request_number"],
    ["request-number", "request_number"],
    ["REQUEST_NUMBER", "request_number"],
    ["request_numbr", "request_number"],
    ["reqeust_number", "request_number"],
    ["shipmentTags", "shipment_tags"],
    ["scca", "scac"],
    ["autoDetectVoccScac", "auto_detect_vocc_scac"],
    ["ref_number", "ref_numbers"],
  ])("%s → %s", (key, expected) => {
    expect(suggestKey(key, CREATE_KEYS)).toBe(expected);
  });

  it.each(["carrier", "x", "", "bill_of_lading_number", "status"])("suggests nothing for %j", (key) => {
    expect(suggestKey(key, CREATE_KEYS)).toBeUndefined();
  });
});

describe("keysAt", () => {
  it("finds the object's keys through optional, nullable, default, pipe and refine wrappers, arrays and unions", () => {
    expect(keysAt(TrackingRequestCreateSchema, [])).toStrictEqual(CREATE_KEYS);
    expect(keysAt(TrackingRequestCreateSchema, ["initial_custom_fields"])).toStrictEqual(["shipment", "containers"]);
    expect(keysAt(TrackingRequestCreateSchema, ["initial_custom_fields", "containers", 0])).toEqual(expect.arrayContaining(["api_slug", "value", "number"]));
    expect(keysAt(SandboxFaultCreateSchema, [])).toEqual(expect.arrayContaining(["target", "effect", "scac", "url", "status_code"]));
    // A discriminated union answers the keys of the option the input's discriminator selects.
    expect(keysAt(SandboxFaultCreateSchema, [], { target: "webhook" })).toStrictEqual(["target", "effect", "url", "status_code", "delay_ms", "times"]);
    expect(keysAt(SandboxFaultCreateSchema, [], { target: "carrier" })).toStrictEqual(["target", "effect", "scac", "request_number", "times"]);
    const wrapped = z.strictObject({ a: z.strictObject({ b: z.string() }).nullish().default(null) }).transform((x) => x);
    expect(keysAt(wrapped, ["a"])).toStrictEqual(["b"]);
    expect(keysAt(wrapped, ["missing"])).toStrictEqual([]);
  });
});

describe("unknownKeyDetail", () => {
  it("says what was meant, or lists a few keys, or just that it is unknown", () => {
    expect(unknownKeyDetail("requestNumber", CREATE_KEYS)).toBe('Unknown attribute "requestNumber"; did you mean "request_number"?');
    expect(unknownKeyDetail("colour", ["label", "value"])).toBe('Unknown attribute "colour"; the attributes that can be set here are "label", "value"');
    expect(unknownKeyDetail("carrier", CREATE_KEYS)).toBe('Unknown attribute "carrier"; it is not one that can be set here');
    expect(unknownKeyDetail("custmer", ["customer"], "relationship")).toBe('Unknown relationship "custmer"; did you mean "customer"?');
    expect(unknownKeyDetail("owner", [], "relationship")).toBe('Unknown relationship "owner"; no relationships can be set here');
  });
});

describe("parseInput's unknown keys", () => {
  it("refuses a misspelled key with a did-you-mean on its path, instead of dropping it and reporting the blank it left", () => {
    const attempt = () => parseInput(TrackingRequestCreateSchema, { request_type: "bill_of_lading", requestNumber: "MAEU1", scac: "MAEU" });
    expect(attempt).toThrow(expect.objectContaining({ code: "unknown_attribute", status: 422, path: ["requestNumber"], detail: 'Unknown attribute "requestNumber"; did you mean "request_number"?' }));
  });

  it("refuses nested unknown keys against the nested object's keys, without a second issue for the key it stands for", () => {
    const attempt = () => parseInput(TrackingRequestCreateSchema, { request_type: "bill_of_lading", request_number: "X", scac: "MAEU", initial_custom_fields: { shipment: [{ apiSlug: "po", value: "1" }] } });
    expect(attempt).toThrow(
      expect.objectContaining({
        issues: [expect.objectContaining({ code: "unknown_attribute", path: ["initial_custom_fields", "shipment", 0, "apiSlug"], detail: 'Unknown attribute "apiSlug"; did you mean "api_slug"?' })],
      }),
    );
  });

  it("does not suggest a key of another option of a discriminated union", () => {
    const attempt = () => parseInput(SandboxFaultCreateSchema, { target: "webhook", effect: "timeout", url: "https://example.com/hook", scac: "MAEU" });
    expect(attempt).toThrow(expect.objectContaining({ path: ["scac"], detail: 'Unknown attribute "scac"; the attributes that can be set here are "target", "effect", "url", "status_code", "delay_ms", "times"' }));
  });

  it("lists unknown keys first, then the other problems", () => {
    const attempt = () => parseInput(TrackingRequestCreateSchema, { request_type: "bol", request_number: "X", scac: "MAEU", carrier: "MSC" });
    expect(attempt).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ code: "unknown_attribute", path: ["carrier"] }), expect.objectContaining({ code: "invalid", path: ["request_type"] })] }));
  });

  it("accepts every attribute of the published request body and Bollard's extensions", () => {
    const input = {
      request_type: "bill_of_lading",
      request_number: "MEDUFR030802",
      scac: "MSCU",
      auto_detect_vocc_scac: false,
      ref_numbers: ["PO12345"],
      shipment_tags: ["camembert"],
      tags: ["camembert"],
      initial_custom_fields: { shipment: [{ api_slug: "booking_reference", value: "B-1" }], containers: [{ api_slug: "po_number", value: "PO-1", number: "MSCU1234567" }, { api_slug: "seal", value: "S", number: "" }] },
      customer_name: "Acme",
      customer_id: "0190a8f0-0000-7000-8000-000000000001",
    };
    expect(() => parseInput(TrackingRequestCreateSchema, input)).not.toThrow();
  });
});
