import { describe, expect, it } from "vitest";
import type { Webhook, WebhookNotification } from "../domain/index.js";
import { DEFAULT_WEBHOOK_DELIVERY_POLICY as POLICY, notificationAfterAttempt, retryDelayMs, webhookAfterAttempt } from "./delivery-policy.js";

const MINUTE = 60_000;
const T0 = Date.parse("2026-03-01T00:00:00.000Z");
const notification = { attempts: 0, delivery_status: "pending", next_attempt_at: "2026-03-01T00:00:00.000Z", last_attempt_at: null, last_response_status: null, updated_at: "x" } as unknown as WebhookNotification;

describe("retryDelayMs", () => {
  it("doubles from one minute and caps at six hours, without jitter at random() = 0.5", () => {
    const delays = Array.from({ length: 12 }, (_, i) => retryDelayMs(POLICY, i + 1, () => 0.5) / MINUTE);
    expect(delays).toStrictEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360, 360]);
  });

  it("spreads each delay by ±20% jitter", () => {
    expect(retryDelayMs(POLICY, 3, () => 0)).toBe(0.8 * 4 * MINUTE);
    expect(retryDelayMs(POLICY, 3, () => 0.999999)).toBeCloseTo(1.2 * 4 * MINUTE, -2);
  });
});

describe("notificationAfterAttempt", () => {
  it.each([200, 201, 202, 204])("marks a %i as succeeded with nothing further due", (status) => {
    expect(notificationAfterAttempt(notification, { status, error: null }, T0, POLICY, () => 0.5)).toMatchObject({
      delivery_status: "succeeded", attempts: 1, next_attempt_at: null, last_response_status: status, last_attempt_at: "2026-03-01T00:00:00.000Z",
    });
  });

  it.each([[203], [301], [404], [500], [null]])("schedules a retry after %s", (status) => {
    const next = notificationAfterAttempt(notification, { status, error: "x" }, T0, POLICY, () => 0.5);
    expect(next).toMatchObject({ delivery_status: "pending", attempts: 1, next_attempt_at: new Date(T0 + MINUTE).toISOString() });
  });

  it("marks failed after the 12th retry (the 13th attempt)", () => {
    let current = notification;
    let now = T0;
    const due: string[] = [];
    for (let attempt = 1; attempt <= 13; attempt++) {
      current = notificationAfterAttempt(current, { status: 500, error: "boom" }, now, POLICY, () => 0.5);
      if (current.next_attempt_at) {
        due.push(current.next_attempt_at);
        now = Date.parse(current.next_attempt_at);
      }
    }
    expect(current).toMatchObject({ delivery_status: "failed", attempts: 13, next_attempt_at: null });
    expect(due).toHaveLength(12);
  });
});

describe("webhookAfterAttempt", () => {
  const webhook = { active: true, consecutive_failures: 0, updated_at: "before" } as Webhook;
  it("resets the failure count on success and changes nothing when it is already zero", () => {
    expect(webhookAfterAttempt(webhook, true, "now", POLICY)).toBeNull();
    expect(webhookAfterAttempt({ ...webhook, consecutive_failures: 7 }, true, "now", POLICY)).toMatchObject({ consecutive_failures: 0, active: true });
  });

  it("counts failures and deactivates the webhook at the threshold", () => {
    expect(webhookAfterAttempt({ ...webhook, consecutive_failures: 48 }, false, "now", POLICY)).toMatchObject({ consecutive_failures: 49, active: true, updated_at: "before" });
    expect(webhookAfterAttempt({ ...webhook, consecutive_failures: 49 }, false, "now", POLICY)).toMatchObject({ consecutive_failures: 50, active: false, updated_at: "now" });
  });
});
