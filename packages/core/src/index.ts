/**
 * `@bollard/core`: the domain model, the storage contract, services and JSON:API assembly of
 * Bollard. Start at {@link createTracker}. Storage adapters (`@bollard/storage-memory`,
 * `@bollard/storage-sqlite`, `@bollard/storage-postgres`) implement {@link Storage};
 * `@bollard/http` serves a tracker over HTTP.
 * @packageDocumentation
 */
export * from "./domain/index.js";
export * from "./errors/index.js";
export * from "./clock/index.js";
export * from "./ids/index.js";
export * from "./storage/index.js";
export * from "./jsonapi/index.js";
export * from "./reference/index.js";
export * from "./services/index.js";
export * from "./custom-fields/index.js";
export * from "./tracker.js";
export * from "./demo/index.js";
export * from "./tracking/index.js";
export * from "./webhooks/index.js";
export * from "./routing/index.js";
export * from "./map/index.js";
export * from "./vessels/index.js";
