import { describe, expect, it } from "vitest";
import { WebhookEventNameSchema } from "./index.js";
import { WEBHOOK_EVENT_CATEGORIES } from "./webhook-event-catalogue.js";

describe("WEBHOOK_EVENT_CATEGORIES", () => {
  it("lists every webhook event name exactly once, each with a description", () => {
    const names = WEBHOOK_EVENT_CATEGORIES.flatMap((category) => category.events.map((event) => event.name));
    expect([...names].sort()).toStrictEqual([...WebhookEventNameSchema.options].sort());
    expect(WEBHOOK_EVENT_CATEGORIES.flatMap((c) => c.events).every((e) => e.description.length > 10)).toBe(true);
  });

  it("has unique kebab-case category ids", () => {
    const ids = WEBHOOK_EVENT_CATEGORIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[a-z]+(-[a-z]+)*$/.test(id))).toBe(true);
  });
});
