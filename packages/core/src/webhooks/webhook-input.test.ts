import { describe, expect, it } from "vitest";
import { capitalizeHeaderName, WebhookCreateSchema, WebhookPatchSchema } from "./webhook-input.js";

describe("capitalizeHeaderName", () => {
  it.each([["x-secret-sauce", "X-Secret-Sauce"], ["X-API-KEY", "X-Api-Key"], ["authorization", "Authorization"], ["x--y", "X--Y"]])("%s → %s", (input, output) => {
    expect(capitalizeHeaderName(input)).toBe(output);
  });
});

describe("WebhookCreateSchema", () => {
  const base = { url: "https://hooks.example.com/t49", events: ["tracking_request.succeeded"] };

  it("defaults active to true and capitalizes custom header names", () => {
    expect(WebhookCreateSchema.parse({ ...base, headers: [{ name: "x-secret-sauce", value: "sriracha" }] })).toStrictEqual({
      ...base, active: true, headers: [{ name: "X-Secret-Sauce", value: "sriracha" }], free_time_ending_days: 3, demurrage_cost_threshold: null, min_eta_change_hours: 0, min_lfd_change_hours: 0,
    });
  });

  it.each([
    ["an ftp URL", { url: "ftp://hooks.example.com" }],
    ["no events", { events: [] }],
    ["an unknown event", { events: ["shipment.sunk"] }],
    ["repeated events", { events: ["container.updated", "container.updated"] }],
    ["a reserved header", { headers: [{ name: "User-Agent", value: "x" }] }],
    ["a signature header", { headers: [{ name: "webhook-signature", value: "x" }] }],
    ["a header name with a space", { headers: [{ name: "X Bad", value: "x" }] }],
    ["a header value with a newline", { headers: [{ name: "X-Ok", value: "a\r\nInjected: 1" }] }],
    // No HTTP client can send these: the notification would stay pending forever.
    ["a header value with a euro sign", { headers: [{ name: "X-Ok", value: "5€" }] }],
    ["a header value with a control character", { headers: [{ name: "X-Ok", value: "a\u0007b" }] }],
    ["a header value with DEL", { headers: [{ name: "X-Ok", value: "a\u007fb" }] }],
    ["a header value with Latin-1 obs-text", { headers: [{ name: "X-Ok", value: "caf\u00e9" }] }],
    ["duplicate header names", { headers: [{ name: "x-a", value: "1" }, { name: "X-A", value: "2" }] }],
    ["the secret", { secret: "mine" }],
  ])("rejects %s", (_label, patch) => {
    expect(WebhookCreateSchema.safeParse({ ...base, ...patch }).success).toBe(false);
  });

  it("patches any subset and clears headers with null", () => {
    expect(WebhookPatchSchema.parse({ headers: null })).toStrictEqual({ headers: null });
    expect(WebhookPatchSchema.parse({})).toStrictEqual({});
  });
});
