// `@bollard/core/testing`: the storage contract suite, fixtures and fast-check arbitraries.
// It imports vitest and fast-check, so only test code should import it.
export { runStorageContract, type StorageContractOptions } from "./storage-contract.js";
export * from "./fixtures.js";
export * from "./arbitraries.js";
