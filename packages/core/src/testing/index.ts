/**
 * `@bollard/core/testing`: the storage contract suite ({@link runStorageContract}) every storage
 * adapter runs, record fixtures and fast-check arbitraries, and the signed headers of a webhook
 * delivery as Bollard sends them (to test a receiver). It imports vitest and fast-check, so only
 * test code should import it.
 * @packageDocumentation
 */
export { runStorageContract, type StorageContractOptions } from "./storage-contract.js";
export * from "./fixtures.js";
export * from "./arbitraries.js";
export { deliveryHeaders, type DeliveryHeaderInput } from "../webhooks/webhook-signing.js";
