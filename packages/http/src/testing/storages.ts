import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { sqliteStorage } from "@bollard/storage-sqlite";

/** The storages behaviour tests run on: memory, and SQLite on a real temporary file. */
export const STORAGES: [string, () => Storage][] = [
  ["memory", () => memoryStorage()],
  ["sqlite", () => sqliteStorage({ filename: join(mkdtempSync(join(tmpdir(), "bollard-test-")), "bollard.sqlite") })],
];
