/**
 * `@bollard/storage-memory`: a Bollard storage that keeps everything in memory, for tests,
 * demos, examples and local development. Nothing survives the process.
 *
 * @example
 * ```ts
 * import { memoryStorage } from "@bollard/storage-memory";
 *
 * const storage = memoryStorage();
 * await storage.open();
 * await storage.meta.set("reference_version", "1");
 * ```
 * @packageDocumentation
 */
export { memoryStorage } from "./memory-storage.js";
