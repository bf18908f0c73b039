import { describe, expect, it } from "vitest";
import * as domain from "./index.js";

describe("domain index", () => {
  it("re-exports every entity schema and the validators", () => {
    const names = [
      "ShipmentSchema", "ContainerSchema", "TransportEventSchema", "RawEventSchema", "VesselSchema",
      "VesselPositionSchema", "VesselPositionRecordSchema", "AccountSchema", "UserSchema", "ApiKeySchema",
      "TrackingRequestSchema", "CustomFieldDefinitionSchema", "CustomFieldOptionSchema", "CustomFieldSchema",
      "WebhookSchema", "WebhookNotificationSchema", "WebhookNotificationAttemptSchema", "ContainerStatusSchema",
      "isContainerNumber", "isIanaTimeZone", "UuidSchema", "toTimestamp",
    ];
    for (const name of names) expect(domain, name).toHaveProperty(name);
  });
});
