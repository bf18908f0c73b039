/**
 * `@bollard/core/storage`: what a storage adapter implements and uses. The contract
 * ({@link Storage} and its repositories) with its rules, paging helpers, the optional kept texts
 * capability (core's read model), and the errors the contract promises. Test an adapter with
 * `runStorageContract` from `@bollard/core/testing`.
 * @packageDocumentation
 */
export * from "../storage/index.js";
export { BollardError, isBollardError, type BollardErrorOptions, type ErrorCode, type FieldPath } from "../errors/index.js";
export { keepingTexts } from "../read-model/keeping-texts.js";
export { toTimestamp, type Timestamp } from "../domain/common-schema.js";
export { upgradeTransportEvent } from "../storage/record-upgrades.js";
export { trackerStorage } from "../tracker.js";
