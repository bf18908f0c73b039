import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deliveryHeaders, generateWebhookSecret, standardWebhooksSecret, standardWebhooksSignature, t49Signature, verifyT49Signature } from "./webhook-signing.js";

const secret = "8f3c1b2a9d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a";
const body = '{"data":{"id":"n1","type":"webhook_notification"}}';

describe("webhook secrets", () => {
  it("are 32 random bytes as 64 hex characters", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });

  it("map to Standard Webhooks form as whsec_ + base64 of the secret's bytes", () => {
    expect(standardWebhooksSecret("ab12")).toBe("whsec_YWIxMg==");
    expect(Buffer.from(standardWebhooksSecret(secret).slice(6), "base64").toString("utf8")).toBe(secret);
  });
});

describe("X-T49-Webhook-Signature", () => {
  it("is the hex HMAC-SHA256 of the raw body keyed with the secret", () => {
    expect(t49Signature(body, secret)).toBe(createHmac("sha256", secret).update(body).digest("hex"));
  });

  it("verifies in constant time, rejecting a changed body, another secret or a malformed value", () => {
    const signature = t49Signature(body, secret);
    expect(verifyT49Signature(body, secret, signature)).toBe(true);
    expect(verifyT49Signature(body, secret, signature.toUpperCase())).toBe(true);
    expect(verifyT49Signature(`${body} `, secret, signature)).toBe(false);
    expect(verifyT49Signature(body, "other", signature)).toBe(false);
    expect(verifyT49Signature(body, secret, "abc")).toBe(false);
  });
});

describe("Standard Webhooks signature", () => {
  it("is v1, + base64 HMAC-SHA256 of id.timestamp.body keyed with the secret's bytes", () => {
    const key = Buffer.from(standardWebhooksSecret(secret).slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key).update(`msg_1.1700000000.${body}`).digest("base64");
    expect(standardWebhooksSignature("msg_1", 1_700_000_000, body, secret)).toBe(`v1,${expected}`);
  });
});

describe("deliveryHeaders", () => {
  it("sets Bollard's headers first and appends custom ones that do not collide", () => {
    const headers = deliveryHeaders({ id: "n1", body, secret, timestampSeconds: 1_700_000_000, custom: [{ name: "X-Partner", value: "p1" }, { name: "user-agent", value: "spoof" }] });
    expect(headers).toStrictEqual({
      "Content-Type": "application/json",
      "User-Agent": "Bollard Webhook Bot",
      "X-T49-Webhook-Signature": t49Signature(body, secret),
      "webhook-id": "n1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": standardWebhooksSignature("n1", 1_700_000_000, body, secret),
      "X-Partner": "p1",
    });
  });

  it("sends no signature headers without a secret", () => {
    const headers = deliveryHeaders({ id: "n1", body, secret: null, timestampSeconds: 1 });
    expect(Object.keys(headers)).toStrictEqual(["Content-Type", "User-Agent", "webhook-id", "webhook-timestamp"]);
  });
});
