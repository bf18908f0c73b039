// Webhooks: the event catalogue, signing, URL safety, payloads, the outbox and the delivery worker.
export * from "../domain/webhook-event-catalogue.js";
export * from "./webhook-signing.js";
export * from "./url-safety.js";
export * from "./delivery-policy.js";
export * from "../domain/webhook-event-objects.js";
export * from "../jsonapi/webhook-resources.js";
export * from "./webhook-input.js";
export * from "./payload-records.js";
export * from "./notification-payload.js";
export * from "./outbox.js";
export * from "./http-transport.js";
export * from "./webhook-dispatcher.js";
export * from "./attempt-recorder.js";
export * from "./outbox-retention.js";
export * from "./webhook-replays.js";
export * from "./replay-pass.js";
