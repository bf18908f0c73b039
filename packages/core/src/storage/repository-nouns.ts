import type { StorageRepositories } from "./repositories.js";

/** What each repository stores, as adapters name it in error messages ("The id is already used by another shipment"). */
export const REPOSITORY_NOUNS: Readonly<Record<keyof StorageRepositories, string>> = {
  accounts: "account",
  users: "user",
  apiKeys: "API key",
  ports: "port",
  terminals: "terminal",
  railTerminals: "rail terminal",
  metroAreas: "metro area",
  shippingLines: "shipping line",
  vessels: "vessel",
  vesselPositions: "vessel position",
  shipments: "shipment",
  containers: "container",
  changes: "change",
  transportEvents: "transport event",
  rawEvents: "raw event",
  trackingRequests: "tracking request",
  parties: "party",
  customFieldDefinitions: "custom field definition",
  customFieldOptions: "custom field option",
  customFields: "custom field",
  webhooks: "webhook",
  webhookNotifications: "webhook notification",
  domainEvents: "domain event",
  meta: "meta entry",
};
