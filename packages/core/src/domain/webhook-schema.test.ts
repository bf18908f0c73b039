import { describe, expect, it } from "vitest";
import { WebhookSchema, type Webhook } from "./webhook-schema.js";

const webhook: Webhook = {
  url: "https://hooks.acme-imports.example/t49",
  active: true,
  events: ["container.transport.vessel_arrived", "tracking_request.succeeded", "container.updated"],
  secret: "whsec_4f1c0d6e2b7a49d8",
  headers: [{ name: "X-Acme-Source", value: "bollard" }],
  free_time_ending_days: 3,
  demurrage_cost_threshold: null,
  min_eta_change_hours: 0,
  min_lfd_change_hours: 0,
  created_at: "2024-01-02T03:04:05.678Z",
  updated_at: "2024-01-02T03:04:05.678Z",
  id: "0190a1b2-c3d4-7e5f-8a6b-900000000000",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  consecutive_failures: 0,
};

describe("WebhookSchema", () => {
  it("parses a full record", () => {
    expect(WebhookSchema.parse(webhook)).toEqual(webhook);
  });

  it("accepts no headers and a local http receiver", () => {
    expect(WebhookSchema.safeParse({ ...webhook, headers: null, url: "http://localhost:8080/hook" }).success).toBe(true);
  });

  it.each([
    ["no events", { events: [] }],
    ["duplicate events", { events: ["container.updated", "container.updated"] }],
    ["a raw event name", { events: ["vessel_arrived"] }],
    ["a non-http url", { url: "ftp://hooks.example/t49" }],
    ["a relative url", { url: "/t49" }],
    ["an empty secret", { secret: "" }],
    ["a header without a name", { headers: [{ name: "", value: "x" }] }],
    ["negative failures", { consecutive_failures: -1 }],
    ["a missing active flag", { active: undefined }],
  ])("rejects %s", (_label, patch) => {
    expect(WebhookSchema.safeParse({ ...webhook, ...patch }).success).toBe(false);
  });
});
