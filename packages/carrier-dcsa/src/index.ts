/**
 * `@bollard/carrier-dcsa`: Bollard over DCSA Track & Trace 2.2. {@link dcsaCarrierSource} pulls
 * carriers' `GET /events` into Bollard's refresh pipeline; {@link createDcsaApp} serves the
 * account's data as DCSA events (`GET /dcsa/v2/events`) and takes carriers' push notifications.
 * @packageDocumentation
 */
export { dcsaCarrierSource, type DcsaCarrierSourceOptions } from "./dcsa-carrier-source.js";
export { DcsaCarrierConfigSchema, DcsaApiKeyAuthSchema, DcsaOAuth2AuthSchema, type DcsaAuth, type DcsaCarrierConfig, type DcsaCarrierConfigInput } from "./carrier-config.js";
export { createDcsaClient, DcsaRequestError, type DcsaClient, type DcsaFailureKind, type EventQuery } from "./dcsa-client.js";
export { dcsaSnapshot, milestoneOf, documentReference, type SnapshotReference } from "./events-to-snapshot.js";
export { eventWording, sourceCodes, readSourceCodes, CODE_LABELS, eventCode, type DcsaSourceCodes } from "./dcsa-codes.js";
export type * from "./dcsa-types.js";
export { createDcsaApp, type DcsaAppOptions } from "./dcsa-app.js";
export { verifyNotificationSignature } from "./notification-routes.js";
export type { DcsaSubscription } from "./dcsa-subscription.js";
export { subscribeAtCarrier, type CarrierSubscription, type SubscribeOptions } from "./subscribe.js";
