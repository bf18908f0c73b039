// The domain model of @bollard/core: zod schemas per entity, enums and pure validators.
// Object types are declared as `interface X extends z.infer<typeof XSchema> {}` rather than type
// aliases so the API reference shows them by name (an alias of `z.infer` is inlined wherever it is
// used); their fields are documented once, on the schema's keys, and typedoc carries those comments
// to the interface. Union types (`z.enum`) stay aliases, marked `@useDeclaredType` so their values show.
export * from "./common-schema.js";
export * from "./enums.js";
export * from "./validators.js";
export * from "./account-schema.js";
export * from "./user-schema.js";
export * from "./api-key-schema.js";
export * from "./tracking-request-schema.js";
export * from "./shipment-schema.js";
export * from "./container-schema.js";
export * from "./transport-event-schema.js";
export * from "./raw-event-schema.js";
export * from "./vessel-schema.js";
export * from "./custom-field-definition-schema.js";
export * from "./custom-field-option-schema.js";
export * from "./custom-field-schema.js";
export * from "./party-schema.js";
export * from "./tariff-schema.js";
export * from "./bulk-job-schema.js";
export * from "./exception-schema.js";
export * from "./demurrage-schema.js";
export * from "./eta-schema.js";
export * from "./webhook-schema.js";
export * from "./webhook-notification-schema.js";
export * from "./webhook-replay-schema.js";
export * from "./port-schema.js";
export * from "./terminal-schema.js";
export * from "./rail-terminal-schema.js";
export * from "./metro-area-schema.js";
export * from "./shipping-line-schema.js";
export * from "./domain-event-schema.js";
export * from "./search-result-schema.js";
export * from "./change-schema.js";
