import { describe, expect, it } from "vitest";
import {
  ContainerStatusSchema,
  EquipmentLengthSchema,
  EquipmentTypeSchema,
  FailedReasonSchema,
  HoldNameSchema,
  LineTrackingStoppedReasonSchema,
  RawEventNameSchema,
  TransportEventNameSchema,
  WebhookEventNameSchema,
} from "./enums.js";

describe("enums", () => {
  it("have the reference's value counts", () => {
    expect(ContainerStatusSchema.options).toHaveLength(13);
    expect(FailedReasonSchema.options).toHaveLength(11);
    expect(LineTrackingStoppedReasonSchema.options).toHaveLength(6);
    expect(TransportEventNameSchema.options).toHaveLength(35);
    expect(RawEventNameSchema.options).toHaveLength(28);
    // The reference's 43, then Bollard's three demurrage and detention alerts and two exception events.
    expect(WebhookEventNameSchema.options).toHaveLength(35 + 8 + 3 + 2);
  });

  it("keep the reference's order", () => {
    expect(TransportEventNameSchema.options[0]).toBe("container.transport.vessel_arrived");
    expect(TransportEventNameSchema.options.at(-1)).toBe("document.extraction_failed");
    expect(WebhookEventNameSchema.options.slice(0, 35)).toEqual(TransportEventNameSchema.options);
  });

  it("have no duplicates", () => {
    for (const schema of [ContainerStatusSchema, RawEventNameSchema, WebhookEventNameSchema]) {
      expect(new Set(schema.options).size).toBe(schema.options.length);
    }
  });

  it("are case- and spelling-exact", () => {
    expect(HoldNameSchema.safeParse("USDA").success).toBe(true);
    expect(HoldNameSchema.safeParse("usda").success).toBe(false);
    expect(EquipmentTypeSchema.safeParse("open top").success).toBe(true);
    expect(EquipmentTypeSchema.safeParse("open_top").success).toBe(false);
  });

  it("keep equipment lengths numeric", () => {
    expect(EquipmentLengthSchema.safeParse(45).success).toBe(true);
    expect(EquipmentLengthSchema.safeParse("45").success).toBe(false);
    expect(EquipmentLengthSchema.safeParse(30).success).toBe(false);
  });

  it("accept every transport event name as a webhook event", () => {
    for (const name of TransportEventNameSchema.options) expect(WebhookEventNameSchema.safeParse(name).success).toBe(true);
    expect(WebhookEventNameSchema.safeParse("container.pod_terminal_changed").success).toBe(true);
  });
});
