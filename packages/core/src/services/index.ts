export * from "./api-keys.js";
export * from "./account-service.js";
export * from "./session.js";
export * from "./shipment-service.js";
export * from "./container-service.js";
export * from "./read-results.js";
export * from "./pagination-defaults.js";
export { loadIncludes } from "./include-loader.js";
