import { describe, expect, it } from "vitest";
import {
  WebhookNotificationAttemptSchema,
  WebhookNotificationSchema,
  type WebhookNotification,
} from "./webhook-notification-schema.js";

const notification: WebhookNotification = {
  event: "container.transport.vessel_arrived",
  delivery_status: "pending",
  created_at: "2024-07-28T11:20:15.000Z",
  updated_at: "2024-07-28T11:20:16.000Z",
  id: "0190a1b2-c3d4-7e5f-8a6b-a00000000000",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  webhook_id: "0190a1b2-c3d4-7e5f-8a6b-900000000000",
  reference_object_type: "transport_event",
  reference_object_id: "0190a1b2-c3d4-7e5f-8a6b-200000000000",
  payload: '{"data":{"type":"webhook_notification"}}',
  attempts: 1,
  next_attempt_at: "2024-07-28T11:21:16.000Z",
  last_attempt_at: "2024-07-28T11:20:16.000Z",
  last_response_status: 503,
};

describe("WebhookNotificationSchema", () => {
  it("parses a full record", () => {
    expect(WebhookNotificationSchema.parse(notification)).toEqual(notification);
  });

  it("parses a tracking request notification not yet attempted", () => {
    const fresh = {
      ...notification,
      event: "tracking_request.succeeded",
      reference_object_type: "tracking_request",
      attempts: 0,
      last_attempt_at: null,
      last_response_status: null,
    };
    expect(WebhookNotificationSchema.safeParse(fresh).success).toBe(true);
  });

  it.each([
    ["an unknown delivery status", { delivery_status: "delivered" }],
    ["an unknown event", { event: "shipment.updated" }],
    ["a non-HTTP status", { last_response_status: 42 }],
    ["fractional attempts", { attempts: 0.5 }],
    ["a non-canonical next attempt", { next_attempt_at: "2024-07-28T11:21:16Z" }],
    ["a missing payload", { payload: undefined }],
  ])("rejects %s", (_label, patch) => {
    expect(WebhookNotificationSchema.safeParse({ ...notification, ...patch }).success).toBe(false);
  });
});

describe("WebhookNotificationAttemptSchema", () => {
  const attempt = {
    id: "0190a1b2-c3d4-7e5f-8a6b-b00000000000",
    notification_id: notification.id,
    attempted_at: "2024-07-28T11:20:16.000Z",
    duration_ms: 10000,
    status_code: null,
    error: "timeout after 10000 ms",
    response_excerpt: null,
  };

  it("parses a timed-out attempt and a refused one", () => {
    expect(WebhookNotificationAttemptSchema.parse(attempt)).toEqual(attempt);
    const refused = { ...attempt, status_code: 410, error: null, response_excerpt: "Gone" };
    expect(WebhookNotificationAttemptSchema.safeParse(refused).success).toBe(true);
  });

  it("rejects a negative duration and a missing notification", () => {
    expect(WebhookNotificationAttemptSchema.safeParse({ ...attempt, duration_ms: -1 }).success).toBe(false);
    expect(WebhookNotificationAttemptSchema.safeParse({ ...attempt, notification_id: undefined }).success).toBe(false);
  });
});
